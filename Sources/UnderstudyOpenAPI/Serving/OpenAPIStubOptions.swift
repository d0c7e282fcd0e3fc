/// How `HTTPMock.stub(openAPI:options:)` turns a document into stubs.
public struct OpenAPIStubOptions: Sendable, Hashable {
    /// The seed of generated bodies: the same seed gives the same bodies.
    public var seed: UInt64
    /// The priority of the generated stubs. Hand-written stubs (default priority 5) win over
    /// them; an operation with a concrete path gets this priority and a templated one the
    /// next, so `/pets/mine` wins over `/pets/{petId}`.
    public var priority: Int
    /// Whether requests are checked against the document: a request that violates it gets a
    /// 400 listing every violation, a path the document does not have a 404, and a documented
    /// path asked with another method a 405 with `Allow` (Prism's statuses).
    public var validatesRequests: Bool

    /// Creates options.
    public init(seed: UInt64 = 0, priority: Int = 10, validatesRequests: Bool = false) {
        self.seed = seed
        self.priority = priority
        self.validatesRequests = validatesRequests
    }
}
