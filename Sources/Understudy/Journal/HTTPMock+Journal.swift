public import Foundation
import UnderstudySupport

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
    /// A namespaced handle (``namespaced(_:)``) sees its namespace's requests only.
    public var serveEvents: [ServeEvent] {
        let events = store.events
        return namespace == nil ? events : events.filter(sees)
    }

    /// The journal entry of the request with the id.
    public func serveEvent(id: UUID) -> ServeEvent? { store.event(id: id).flatMap { sees($0) ? $0 : nil } }

    /// The journaled requests the pattern matches, oldest first; every journaled request when
    /// no pattern is given.
    public func requests(matching pattern: RequestPattern = .anyRequest) -> [RecordedRequest] {
        serveEvents.map(\.request).filter(pattern.matches)
    }

    /// How many journaled requests the pattern matches (what ``verify(_:_:)`` counts).
    public func count(matching pattern: RequestPattern) -> Int { requests(matching: pattern).count }

    /// Waits until the journal holds at least `count` requests the pattern matches, and
    /// returns them (oldest first): for code that sends in the background (analytics, retries,
    /// webhooks), where checking right away would race the request.
    ///
    /// Requests already journaled count. The wait ends the moment the last one is journaled,
    /// not on a polling interval; after `timeout` it throws the ``VerificationError`` that
    /// ``verify(_:_:)`` would (what arrived, the nearest requests), and a cancelled task
    /// throws `CancellationError`.
    ///
    /// ```swift
    /// let mock = HTTPMock()
    /// mock.stub(.post(urlPath: "/events"), .created)
    /// Task { _ = mock.serve(RecordedRequest(method: .post, url: "/events")) }
    /// let events = try await mock.waitForRequests(matching: .post(urlPath: "/events"))
    /// ```
    @discardableResult
    public func waitForRequests(matching pattern: RequestPattern = .anyRequest, count: Int = 1,
                                timeout: Duration = .seconds(10)) async throws -> [RecordedRequest] {
        if let disabled = verificationFailure(.atLeast(count), pattern), disabled.journalDisabled { throw disabled }
        let store = self.store
        let namespace = self.namespace
        let waiter = Locked<UInt64?>(nil)
        let arrivedInTime = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        guard let id = store.wait(for: pattern, namespace: namespace, count: count, continuation: continuation) else { return }
                        waiter.withLock { $0 = id }
                        // Cancelled before the waiter existed: the handler found nothing to end.
                        if Task.isCancelled { store.endWaiting(id, throwing: CancellationError()) }
                    }
                    return true
                } onCancel: {
                    if let id = waiter.withLock({ $0 }) { store.endWaiting(id, throwing: CancellationError()) }
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return false
            }
            defer { group.cancelAll() }
            return try await group.next() ?? false
        }
        if !arrivedInTime, let failure = verificationFailure(.atLeast(count), pattern) {
            throw failure.waited(timeout)
        }
        return requests(matching: pattern)
    }

    /// Removes the journaled requests matching the pattern; returns how many were removed.
    @discardableResult
    public func removeRequests(matching pattern: RequestPattern) -> Int {
        store.removeEvents { sees($0) && pattern.matches($0.request) }.count
    }

    /// Removes the journal entries with the given request ids; returns the removed entries.
    @discardableResult
    public func removeServeEvents(ids: Set<UUID>) -> [ServeEvent] {
        store.removeEvents { ids.contains($0.id) && sees($0) }
    }

    /// Requests no stub matched, oldest first (each got the near-miss 404, or the `onUnmatched`
    /// answer).
    public var unmatchedRequests: [RecordedRequest] { serveEvents.filter { !$0.wasMatched }.map(\.request) }

    /// Empties the journal (stubs and scenarios stay); a namespaced handle empties its
    /// namespace's part.
    public func resetRequests() {
        store.removeEvents(where: sees)
    }
}
