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
/// - ``commit(_:namespace:generation:journaling:)`` is the one atomic step of serving: it
///   moves the stub's scenario on only if what the snapshot saw still holds ("snapshot, match,
///   commit if still true, else match again", wiremock/wiremock#3506), counts the call and
///   journals the answer, all or nothing. ``confirmMiss(namespace:generation:)`` is the same
///   check for a request nothing matched.
/// - Namespaces partition scenario states, call counts and the journal (see ``Namespace``).
///
/// Every method may be called from any thread. A store whose state lives elsewhere makes its
/// round trips inside these calls (so a server calls them off its event loops, see
/// ``isRemote``) and reports what failed through ``StoreFailures``; the in-memory store only
/// takes its lock.
package protocol MockStateStore: AnyObject, Sendable {
    /// Whether calls make round trips to another process: a server then serves off its event
    /// loops, and serving watches for ``StoreFailures``.
    var isRemote: Bool { get }

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
    func snapshot(for namespace: String?) -> StoreSnapshot

    /// Commits a match of `entry`, made on the snapshot of `generation`, for a request naming
    /// `namespace`: when the stub's scenario is still in the state it needs there (and, for a
    /// store that matches on a cached snapshot, nothing the match read has changed), moves it
    /// on, counts the call (in every namespace and in `namespace`) and journals `answer` if
    /// given, in one step. Returns the call's number (in `namespace` when it has one) and the
    /// journal's entry, or `nil`, changing nothing, when the request must be matched again.
    func commit(_ entry: StubRegistry.Entry, namespace: String?, generation: StoreGeneration,
                journaling answer: JournalAnswer?) -> StoreCommit?

    /// Whether a request naming `namespace` that matched nothing in the snapshot of
    /// `generation` is a miss still: `false` when the stubs or scenario states it was matched
    /// against have changed since, and it must be matched again.
    func confirmMiss(namespace: String?, generation: StoreGeneration) -> Bool

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

    // MARK: Settings

    /// The admin API's settings document (`/__admin/settings`) as the store shares it with
    /// other instances, or `nil` when it shares none (each server then keeps its own).
    var sharedSettings: JSONObject? { get }

    /// Shares new settings with every instance.
    func shareSettings(_ settings: JSONObject)

    /// Has `apply` called with the settings each time another instance shares new ones.
    func observeSettings(_ apply: @escaping @Sendable (JSONObject) -> Void)
}

/// A served request to journal, and how it was answered: its journal entry, built before the
/// store's critical section (which only numbers and keeps it).
package struct JournalAnswer: Sendable {
    /// The entry, not numbered yet.
    let unjournaled: ServeEvent

    /// Answered by `entry`'s static response (`response` `nil`), or by `response`: a rendered
    /// template, a dynamic stub's answer, the near-miss 404 (`entry` `nil`).
    package static func response(_ request: RecordedRequest, entry: StubRegistry.Entry?, response: ResponseDefinition?) -> JournalAnswer {
        JournalAnswer(unjournaled: ServeEvent(request: request, entry: entry, response: response))
    }

    /// Answered by a dynamic stub's prepared response.
    package static func prepared(_ request: RecordedRequest, entry: StubRegistry.Entry, prepared: PreparedResponse) -> JournalAnswer {
        JournalAnswer(unjournaled: ServeEvent(request: request, entry: entry, prepared: prepared, journalSequence: nil))
    }

    /// The journal entry for this answer, at `journalSequence` in the journal.
    package func event(journalSequence: Int?) -> ServeEvent {
        unjournaled.journaled(at: journalSequence)
    }
}

/// The stubs and scenario states a request is matched against, as of one moment.
package struct StoreSnapshot: Sendable {
    package var registry: StubRegistry
    package var scenarios: ScenarioStates
    /// Which versions of the stubs and states these are, for the commit's check.
    package var generation: StoreGeneration

    package init(registry: StubRegistry, scenarios: ScenarioStates, generation: StoreGeneration = StoreGeneration()) {
        self.registry = registry
        self.scenarios = scenarios
        self.generation = generation
    }
}

/// The versions of a store's stubs and of one namespace's scenario states that a snapshot
/// holds. A store that is always current (the in-memory one) leaves both 0.
package struct StoreGeneration: Sendable, Hashable {
    package var stubs: Int64
    package var scenarios: Int64

    package init(stubs: Int64 = 0, scenarios: Int64 = 0) {
        self.stubs = stubs
        self.scenarios = scenarios
    }
}

/// What ``MockStateStore/commit(_:namespace:generation:journaling:)`` did.
package struct StoreCommit: Sendable {
    /// The call's number: the stub's calls in the request's namespace (or in all, for none).
    package var callCount: Int
    /// The journal's entry, when the commit journaled an answer.
    package var event: ServeEvent?

    package init(callCount: Int, event: ServeEvent?) {
        self.callCount = callCount
        self.event = event
    }
}

extension MockStateStore {
    package var isRemote: Bool { false }

    /// A store in this process shares no settings: its one server keeps them.
    package var sharedSettings: JSONObject? { nil }
    package func shareSettings(_ settings: JSONObject) {}
    package func observeSettings(_ apply: @escaping @Sendable (JSONObject) -> Void) {}
}
