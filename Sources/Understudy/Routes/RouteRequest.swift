public import Foundation

/// The request a route handler sees: the recorded request plus helpers, and the values of
/// the route's path parameters.
public struct RouteRequest: Sendable {
    /// The request as received.
    public let recorded: RecordedRequest
    /// Path parameters of the route (`/users/{id}` or `/users/:id`), percent-decoded.
    public let pathParameters: [String: String]

    /// Wraps a recorded request with the route's path parameters.
    public init(recorded: RecordedRequest, pathParameters: [String: String] = [:]) {
        self.recorded = recorded
        self.pathParameters = pathParameters
    }

    /// The first value of a query parameter.
    public func queryParameter(_ name: String) -> String? { recorded.queryValues(name).first }

    /// The first value of a header (names compare case-insensitively).
    public func header(_ name: String) -> String? { recorded.headers[name] }

    /// A path parameter of the route.
    public func pathParameter(_ name: String) -> String? { pathParameters[name] }

    /// The body decoded from JSON.
    public func bodyJSON<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: recorded.body)
    }
}
