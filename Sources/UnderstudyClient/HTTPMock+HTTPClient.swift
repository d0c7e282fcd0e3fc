public import Foundation
public import Understudy
import UnderstudyInProcess
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension HTTPMock: HTTPClient {
    /// Answers from the stubs with no I/O: delays and dribbled bodies are waited on the
    /// task's clock (and end early with `CancellationError` when the task is cancelled),
    /// faults throw the `URLError` a real session would (see ``Understudy/Fault/urlErrorCode``),
    /// and an unmatched request throws ``UnmatchedRequestError`` carrying the near-miss report
    /// (unless `onUnmatched` answers it).
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let answer = try await answer(RecordedRequest(request, id: makeRequestID()), url: request.url)
        return (try await answer.collect(), answer.response)
    }
}
