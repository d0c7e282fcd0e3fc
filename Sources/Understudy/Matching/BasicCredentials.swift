import UnderstudyHTTPParsing
/// Credentials a request must carry in a `Basic` `Authorization` header
/// (WireMock's `basicAuthCredentials`).
public struct BasicCredentials: Sendable, Hashable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// The `Authorization` header value these credentials produce.
    public var headerValue: String { BasicAuthorization.headerValue(username: username, password: password) }
}
