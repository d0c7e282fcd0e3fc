public import Foundation

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
