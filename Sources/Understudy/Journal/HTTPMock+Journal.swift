public import Foundation

extension HTTPMock {
    /// Every journal entry, oldest first.
    public var serveEvents: [ServeEvent] { state.withLock { $0.journal.events } }

    /// The journal entry of the request with the id.
    public func serveEvent(id: UUID) -> ServeEvent? { serveEvents.first { $0.id == id } }

    /// The journaled requests matching the pattern, oldest first.
    public func requests(matching pattern: RequestPattern = .anyRequest) -> [RecordedRequest] {
        serveEvents.map(\.request).filter(pattern.matches)
    }

    /// How many journaled requests match the pattern.
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

    /// Requests no stub matched, oldest first.
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
