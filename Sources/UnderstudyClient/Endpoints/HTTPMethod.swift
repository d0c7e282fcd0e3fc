/// An HTTP request method. `ANY` is WireMock's wildcard and only makes sense in patterns.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token as sent on the wire, for example `GET`.
    public let rawValue: String

    /// Creates a method from its token. Methods are case-sensitive, as in HTTP.
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let get: HTTPMethod = "GET"
    public static let head: HTTPMethod = "HEAD"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let patch: HTTPMethod = "PATCH"
    public static let delete: HTTPMethod = "DELETE"
    public static let options: HTTPMethod = "OPTIONS"
    public static let trace: HTTPMethod = "TRACE"
    public static let connect: HTTPMethod = "CONNECT"
    /// Matches every method (WireMock's `ANY`).
    public static let any: HTTPMethod = "ANY"

    public var description: String { rawValue }
}
