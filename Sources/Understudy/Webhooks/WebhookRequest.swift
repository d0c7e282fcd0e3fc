public import Foundation
public import UnderstudyClient

/// A webhook ready to send: its templates rendered against the request that fired it.
public struct WebhookRequest: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL.
    public var url: String
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body; empty for methods other than `POST`, `PUT` and `PATCH`.
    public var body: Data

    /// Creates a request.
    public init(method: HTTPMethod, url: String, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// What a webhook's target answered.
public struct WebhookResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }
}
