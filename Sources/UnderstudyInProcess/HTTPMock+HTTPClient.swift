public import Foundation
public import Understudy
public import UnderstudyClient
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension HTTPMock: HTTPClient {
    /// Answers from the stubs with no I/O: delays and dribbled bodies are waited on the
    /// task's clock (and end early with `CancellationError` when the task is cancelled),
    /// faults throw the `URLError` a real session would (see ``Understudy/Fault/urlErrorCode``),
    /// and an unmatched request throws ``UnmatchedRequestError`` carrying the near-miss report
    /// (unless `onUnmatched` answers it). A stream cut by a fault throws the fault's `URLError`
    /// after its parts; a response held open returns once its cap has passed.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let answer = try await answer(RecordedRequest(request, id: makeRequestID()), url: request.url)
        return (try await answer.collect(), answer.response)
    }

    /// Answers from the stubs as ``data(for:)`` does, but returns once the head is ready
    /// (after the stub's delay) and hands out each part of a timed body (a stream, a
    /// dribbled body) at its time. A stream cut by a fault throws the fault's `URLError` from
    /// the body after its parts; a response held open ends when its cap passes or when the
    /// iteration stops (leaving the loop or cancelling the task).
    /// ```swift
    /// let mock = HTTPMock()
    /// mock.stub(.get(urlPath: "/feed"), .ok.body("one\ntwo\n").dribbled(chunks: 2, over: .milliseconds(100)))
    /// let (body, _) = try await mock.stream(for: URLRequest(url: URL(string: "https://api.example.com/feed")!))
    /// for try await line in body.lines { print(line) } // "one", then "two" 50 ms later
    /// ```
    public func stream(for request: URLRequest) async throws -> (StreamedBody, URLResponse) {
        let answer = try await answer(RecordedRequest(request, id: makeRequestID()), url: request.url)
        return (StreamedBody(answer), answer.response)
    }
}

extension StreamedBody {
    /// The parts of an in-process answer, each at its time, delivered by a task that stops
    /// when the iteration does.
    package init(_ answer: InProcessAnswer) {
        let (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let producer = Task {
            do {
                try await answer.deliver { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in producer.cancel() }
        self.init(chunks)
    }
}
