public import Understudy

/// An endpoint a program adds to the admin API under `/__admin`, next to WireMock's, for what
/// the core server does not know about (`understudy serve --openapi` adds
/// `GET /__admin/openapi/violations` and `GET /__admin/openapi/coverage`). The admin token, when
/// set, guards it as it guards the rest of the admin API.
public struct AdminExtension: Sendable {
    /// The method it answers.
    public let method: HTTPMethod
    /// The path under `/__admin`, such as `/openapi/violations`; use paths WireMock's admin API
    /// does not, since an extension is tried first.
    public let path: String
    /// Computes the answer. It runs in a task of its own, off the connection's event loop, so
    /// it may take its time (read files, walk the journal) without stalling other connections.
    public let handler: @Sendable (RecordedRequest) async -> ResponseDefinition

    /// Creates an endpoint.
    public init(_ method: HTTPMethod, _ path: String, handler: @escaping @Sendable (RecordedRequest) async -> ResponseDefinition) {
        self.method = method
        self.path = path.hasPrefix("/") ? path : "/" + path
        self.handler = handler
    }
}
