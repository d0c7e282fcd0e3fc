import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of one streaming data task: resumes the caller with the response head, then
/// yields each chunk of the body to a stream and finishes it with the task's outcome.
///
/// `@unchecked Sendable` is safe: `chunks` is a `Sendable` continuation, and the only mutable
/// state, `waitingHead` and `cancelled`, is read and written only while `lock` is held.
final class StreamingDataDelegate: NSObject, URLSessionDataDelegate, PartByPartReceiver, @unchecked Sendable {
    private let chunks: AsyncThrowingStream<Data, any Error>.Continuation
    private let lock = NSLock()
    /// The caller waiting for the head; `nil` once resumed.
    private var waitingHead: CheckedContinuation<URLResponse, any Error>?
    /// Set once the caller went away: a head it has not got yet never comes.
    private var cancelled = false

    init(chunks: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.chunks = chunks
    }

    /// Called before the task starts, so the head cannot arrive first. A caller that went
    /// away already is resumed at once with `URLError(.cancelled)`.
    func awaitHead(_ continuation: CheckedContinuation<URLResponse, any Error>) {
        let alreadyCancelled = lock.withLock {
            if !cancelled { waitingHead = continuation }
            return cancelled
        }
        if alreadyCancelled { continuation.resume(throwing: URLError(.cancelled)) }
    }

    /// The caller went away: its wait for the head ends now with `URLError(.cancelled)`,
    /// whether or not the task reports anything (swift-corelibs-foundation reports nothing for
    /// a task cancelled before it was resumed).
    func cancel() {
        let waiting = lock.withLock {
            cancelled = true
            defer { waitingHead = nil }
            return waitingHead
        }
        waiting?.resume(throwing: URLError(.cancelled))
    }

    private func resumeHead(_ result: Result<URLResponse, any Error>) {
        let waiting = lock.withLock {
            defer { waitingHead = nil }
            return waitingHead
        }
        waiting?.resume(with: result)
    }

    #if canImport(FoundationNetworking)
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        resumeHead(.success(response))
        completionHandler(.allow)
    }
    #else
    // The async form, whose signature does not depend on the SDK's `@Sendable` annotations.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse) async -> URLSession.ResponseDisposition {
        resumeHead(.success(response))
        return .allow
    }
    #endif

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // A protocol that never reported a head still has one by its first chunk.
        if let response = dataTask.response { resumeHead(.success(response)) }
        chunks.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            resumeHead(.failure(error))
            chunks.finish(throwing: error)
        } else {
            resumeHead(task.response.map(Result.success) ?? .failure(URLError(.badServerResponse)))
            chunks.finish()
        }
    }
}
