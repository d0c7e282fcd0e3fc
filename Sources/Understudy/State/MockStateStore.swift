package import Foundation

/// Where a mock keeps what serving changes: its stubs, the scenario states and call counts of
/// each namespace, and the request journal (with the tasks waiting on it). ``HTTPMock`` goes
/// through this seam for all of them; its settings (delays, network profile) stay its own.
///
/// ``InMemoryStateStore`` is the default and the fast path. A store shared by several
/// processes (PostgreSQL) implements the same operations; the rules every store keeps are
/// checked by `MockStateStoreConformance` in the test support, which any store's tests can run:
/// - ``snapshot(for:)`` gives stubs and scenario states as of one moment: a request is matched
///   against them outside any lock, and never sees half of a transition.
/// - ``commit(_:namespace:journaling:)`` is the one atomic step of serving: it moves the
///   stub's scenario on only if it is still in the state the stub needs ("snapshot, match,
///   commit if still true, else match again", wiremock/wiremock#3506), counts the call and
///   journals the answer, all or nothing.
/// - Namespaces partition scenario states, call counts and the journal (see ``Namespace``).
///
/// Every method may be called from any thread. A store whose state lives elsewhere makes its
/// round trips inside these calls; the in-memory store only takes its lock.
package protocol MockStateStore: AnyObject, Sendable {
    // MARK: Stubs

    /// The stubs, in matching order, as one immutable snapshot.
    var registry: StubRegistry { get }

    /// Adds stubs at once (a concurrent request sees all or none), each replacing the stub
    /// with its id, which keeps its place among stubs of equal priority.
    func add(_ stubs: [StubRegistry.PreparedStub])

    /// Replaces the stored stub with `stub`'s id when `isEditable` accepts it.
    /// - Throws: ``StubNotFoundError`` when there is no such stub, or `isEditable` refuses it.
    func replace(_ stub: StubMapping, ifEditable isEditable: (StubMapping) -> Bool) throws(StubNotFoundError)

    /// Removes the stubs `shouldRemove` selects, with their call counts and the states of the
    /// scenarios no remaining stub mentions; returns the removed stubs.
    @discardableResult
    func removeStubs(where shouldRemove: (StubMapping) -> Bool) -> [StubMapping]

    // MARK: Serving

    /// The stubs and the scenario states of `namespace` (`nil`: of requests naming none),
    /// taken together.
    func snapshot(for namespace: String?) -> (registry: StubRegistry, scenarios: ScenarioStates)

    /// Commits a match of `entry` for a request naming `namespace`: when the stub's scenario
    /// is still in the state it needs there, moves it on, counts the call (in every namespace
    /// and in `namespace`) and journals `answer` if given, in one step. Returns the call's
    /// number (in `namespace` when it has one) and the journal's entry, or `nil`, changing
    /// nothing, when the scenario has moved since the snapshot.
    func commit(_ entry: StubRegistry.Entry, namespace: String?, journaling answer: JournalAnswer?) -> StoreCommit?

    /// Journals a served request and wakes the waiters it completes; returns the entry as
    /// journaled.
    @discardableResult
    func journal(_ answer: JournalAnswer) -> ServeEvent

    /// Replaces the journal's entry for `event`'s request, if the journal still holds it.
    func replace(_ event: ServeEvent)

    // MARK: Journal

    /// Every journal entry, oldest first.
    var events: [ServeEvent] { get }

    /// The journal entry of the request with the id.
    func event(id: UUID) -> ServeEvent?

    /// Removes the journal entries `shouldRemove` selects; returns them.
    @discardableResult
    func removeEvents(where shouldRemove: (ServeEvent) -> Bool) -> [ServeEvent]

    /// Waits for `count` journal entries matching `pattern` (naming `namespace`, when given):
    /// those journaled already count, in the same step as the waiter is registered, so none is
    /// missed. Resumes `continuation` at once and returns `nil` when enough are there;
    /// otherwise returns the waiter's id for ``endWaiting(_:throwing:)``.
    func wait(for pattern: RequestPattern, namespace: String?, count: Int,
              continuation: CheckedContinuation<Void, any Error>) -> UInt64?

    /// Ends a wait early with `error`, if it has not ended yet.
    func endWaiting(_ id: UInt64, throwing error: any Error)

    // MARK: Scenarios and call counts

    /// The scenario states of `namespace` (`nil`: of requests naming none).
    func scenarioStates(in namespace: String?) -> ScenarioStates

    /// Changes the scenario states of `namespace` (`nil`: of requests naming none).
    func changeScenarios(in namespace: String?, _ change: (inout ScenarioStates) -> Void)

    /// How many requests the stub answered in `namespace`, or in all of them for `nil`.
    func callCount(of id: UUID, in namespace: String?) -> Int

    // MARK: Reset

    /// Drops one namespace: its stubs, journal entries, scenario states and call counts.
    func reset(namespace: String)

    /// Drops every stub, journal entry, scenario state and call count; waiting tasks keep waiting.
    func resetAll()
}

/// A served request to journal, and how it was answered.
package enum JournalAnswer: Sendable {
    /// Answered by `entry`'s static response (`response` `nil`), or by `response`: a rendered
    /// template, a dynamic stub's answer, the near-miss 404 (`entry` `nil`).
    case response(RecordedRequest, entry: StubRegistry.Entry?, response: ResponseDefinition?)
    /// Answered by a dynamic stub's prepared response.
    case prepared(RecordedRequest, entry: StubRegistry.Entry, prepared: PreparedResponse)
}

/// What ``MockStateStore/commit(_:namespace:journaling:)`` did.
package struct StoreCommit: Sendable {
    /// The call's number: the stub's calls in the request's namespace (or in all, for none).
    package var callCount: Int
    /// The journal's entry, when the commit journaled an answer.
    package var event: ServeEvent?
}
