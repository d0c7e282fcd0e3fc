// URLSession and URLRequest live in FoundationNetworking on Linux and in Foundation on Apple
// platforms; the module that declares them is imported publicly on each.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

extension URLSession {
    /// Sends `request` on a data task whose delegate hands each received chunk to the body as
    /// it arrives; returns once the response head has arrived.
    ///
    /// The task runs in a session of its own made from this session's configuration (so a
    /// mock's session, with its `URLProtocol`, still answers; this session's own delegate is
    /// not called), because swift-corelibs-foundation has no `bytes(for:)` and Apple's
    /// `bytes(for:)` hands out single bytes, losing the chunks' boundaries. Cancelling the
    /// calling task, or ending the body's iteration, cancels the data task. Measured on Linux:
    /// chunks from the loopback server, and each part of a mock session's timed body, arrive
    /// one by one at their times.
    public func stream(for request: URLRequest) async throws -> (StreamedBody, URLResponse) {
        let (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let receiver = StreamingDataDelegate(chunks: continuation)
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        let task = session.dataTask(with: request)
        #if canImport(FoundationNetworking)
        // Tells the mock's URLProtocol that this task takes the body part by part.
        task.delegate = receiver
        #endif
        continuation.onTermination = { _ in task.cancel() }
        session.finishTasksAndInvalidate()
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { head in
                receiver.awaitHead(head)
                task.resume()
            }
        } onCancel: {
            task.cancel()
            receiver.cancel()
        }
        return (StreamedBody(chunks), response)
    }
}
