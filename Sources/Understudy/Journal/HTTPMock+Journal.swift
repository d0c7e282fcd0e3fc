public import Foundation

/// The request journal: every request a mock served, matched or not, oldest first, up to
/// ``HTTPMock/Configuration/journalCapacity`` entries (the oldest are dropped beyond it; a
/// capacity of 0 journals nothing).
///
/// - ``HTTPMock/serveEvents``: each request with the stub that answered it and the response.
/// - ``HTTPMock/requests(matching:)``: the requests a ``RequestPattern`` matches.
/// - ``HTTPMock/count(matching:)``: how many requests a pattern matches.
/// - ``HTTPMock/unmatchedRequests``: the requests no stub matched.
///
/// ```swift
/// let mock = HTTPMock()
/// mock.stub(.post(urlPath: "/events"), .created)
/// _ = mock.serve(RecordedRequest(method: .post, url: "/events"))
/// _ = mock.serve(RecordedRequest(method: .get, url: "/missing"))
/// mock.count(matching: .post(urlPath: "/events"))   // 1
/// mock.unmatchedRequests.map(\.url)                  // ["/missing"]
/// ```
extension HTTPMock {
    /// Every journal entry, oldest first: the request, whether and by which stub it was
    /// matched, and the response it got.
    public var serveEvents: [ServeEvent] { state.withLock { $0.journal.events } }

    /// The journal entry of the request with the id.
    public func serveEvent(id: UUID) -> ServeEvent? { serveEvents.first { $0.id == id } }

    /// The journaled requests the pattern matches, oldest first; every journaled request when
    /// no pattern is given.
    public func requests(matching pattern: RequestPattern = .anyRequest) -> [RecordedRequest] {
        serveEvents.map(\.request).filter(pattern.matches)
    }

    /// How many journaled requests the pattern matches (what ``verify(_:_:)`` counts).
    public func count(matching pattern: RequestPattern) -> Int { requests(matching: pattern).count }

    /// Removes the journaled requests matching the pattern; returns how many were removed.
    @discardableResult
    public func removeRequests(matching pattern: RequestPattern) -> Int {
        state.withLock { $0.journal.removeAll { pattern.matches($0.request) } }
    }

    /// Removes the journal entries with the given request ids; returns the removed entries.
    @discardableResult
    public func removeServeEvents(ids: Set<UUID>) -> [ServeEvent] {
        state.withLock { state in
            let removed = state.journal.events.filter { ids.contains($0.id) }
            state.journal.removeAll { ids.contains($0.id) }
            return removed
        }
    }

    /// Requests no stub matched, oldest first (each got the near-miss 404, or the `onUnmatched`
    /// answer).
    public var unmatchedRequests: [RecordedRequest] { serveEvents.filter { !$0.wasMatched }.map(\.request) }

    /// Empties the journal (stubs and scenarios stay).
    public func resetRequests() {
        state.withLock { _ = $0.journal.removeAll { _ in true } }
    }

    /// Records in the journal what upstream answered to a proxied request, so that the journal,
    /// near misses and recordings see the real response rather than the proxy stub.
    package func recordProxiedResponse(_ upstream: ResponseDefinition, for event: ServeEvent) {
        let proxied = event.proxied(upstream)
        state.withLock { $0.journal.replace(proxied) }
    }
}
