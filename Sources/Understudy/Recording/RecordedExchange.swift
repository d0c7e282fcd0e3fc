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

/// A backend's answer as it came over the wire.
public struct RecordedResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The headers, in order.
    public var headers: HTTPHeaders
    /// The body bytes, still encoded as `Content-Encoding` says.
    public var body: Data

    /// Creates an answer.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
