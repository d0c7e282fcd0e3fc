public import Understudy
import Foundation

/// One request and the answer a real backend gave it: what recording and HAR import turn
/// into a stub.
public struct RecordedExchange: Sendable {
    /// The request as the client sent it.
    public var request: RecordedRequest
    /// The backend's answer.
    public var response: RecordedResponse

    /// Pairs a request with its answer.
    public init(request: RecordedRequest, response: RecordedResponse) {
        self.request = request
        self.response = response
    }
}
