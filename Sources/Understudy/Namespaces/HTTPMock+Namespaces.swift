import Foundation

extension HTTPMock {
    /// A handle on this mock that works in one namespace (see ``Namespace``): for many tests
    /// sharing one mock, usually one loopback server.
    ///
    /// The handle shares the mock's stubs, journal and settings, but everything it does stays
    /// in its namespace: stubs it adds carry the namespace; requests it serves (directly or
    /// through its `urlSession()`) name it; its journal, verification, near misses, call counts
    /// and scenario states are its namespace's; ``reset()`` drops the namespace's stubs,
    /// journal entries and scenario states and nothing else. Its requests see the global stubs
    /// too (those added through the mock itself, with no namespace).
    ///
    /// ```swift
    /// let shared = HTTPMock()
    /// shared.stub(.get(urlPath: "/health"), .ok)                // global: every test sees it
    /// let test = try shared.namespaced("checkout-test")
    /// test.stub(.get(urlPath: "/cart"), .ok.json(["items": []]))  // only this namespace sees it
    /// ```
    /// - Throws: ``NamespaceError`` when `name` is not 1 to 128 letters, digits, `-`, `_`, `.` or `:`.
    public func namespaced(_ name: String) throws(NamespaceError) -> HTTPMock {
        guard Namespace.isValid(name) else { throw NamespaceError(name: name) }
        return HTTPMock(scoping: self, to: name)
    }

    /// A handle in a new namespace of its own (a random name), as a test scope on a shared
    /// server gets one.
    public func namespaced() -> HTTPMock {
        HTTPMock(scoping: self, to: "ns-" + UUID.random().uuidString.lowercased())
    }

    /// The namespaces that hold stubs, sorted.
    public var namespaces: [String] { store.registry.namespaces }

    /// Drops everything of one namespace: its stubs, its journal entries, its scenario states
    /// and call counts. Global stubs, other namespaces and the settings stay.
    public func reset(namespace: String) { store.reset(namespace: namespace) }

    /// The stub as this handle adds it: in its namespace unless the stub names one.
    package func inScope(_ mapping: StubMapping) -> StubMapping {
        guard let namespace, mapping.namespace == nil else { return mapping }
        var scoped = mapping
        scoped.namespace = namespace
        return scoped
    }

    /// Whether this handle must name its namespace in the request before serving it (the
    /// whole mock serves requests as they come, without copying them).
    func needsScoping(_ request: RecordedRequest) -> Bool {
        guard let namespace else { return false }
        return request.namespace != namespace
    }

    /// The request as this handle serves it: naming its namespace.
    func inScope(_ request: RecordedRequest) -> RecordedRequest {
        guard let namespace, request.namespace != namespace else { return request }
        var scoped = request
        scoped.headers.replaceOrAdd(name: Namespace.headerName, value: namespace)
        scoped.headers.remove(Namespace.mockServerHeaderName)
        return scoped
    }

    /// Whether this handle lists, edits and removes the stub: the whole mock every stub, a
    /// namespaced handle its namespace's.
    func sees(_ mapping: StubMapping) -> Bool { namespace == nil || mapping.namespace == namespace }

    /// Whether this handle's journal holds the entry: the whole mock every entry, a namespaced
    /// handle its namespace's requests.
    func sees(_ event: ServeEvent) -> Bool { namespace == nil || event.request.namespace == namespace }
}

/// A namespace name that cannot travel in a header.
public struct NamespaceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name that was refused.
    public let name: String

    public var description: String {
        "\"\(name)\" is not a namespace: use 1 to 128 letters, digits, '-', '_', '.' or ':'"
    }
}
