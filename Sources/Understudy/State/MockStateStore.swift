import Foundation

/// Where a mock keeps what serving changes: its stubs, the scenario states and call counts of
/// each namespace, and the request journal (with the tasks waiting on it). ``HTTPMock`` goes
/// through this seam for all of them; its settings (delays, network profile) stay its own.
///
/// The store comes in parts by concern, as WireMock's `Stores` does: ``StubStore``,
/// ``ServingStore`` (the atomic step of serving), ``JournalStore``, ``ScenarioStore`` (scenario
/// states and call counts) and ``SettingsStore``; a feature asks the store for a part of its own
/// by protocol (a store that shares WebSocket message stubs conforms to `UnderstudyMessaging`'s
/// `MessageStubSharing`).
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
/// round trips inside these calls: the serving part's asynchronously, throwing what fails (the
/// request is answered 503, saying so); the other parts' blocking (a server calls them off its
/// event loops), reporting what fails through `StoreFailures`. The in-memory store only
/// takes its lock, and ``HTTPMock`` serves on it synchronously: any other store is remote.
package protocol MockStateStore: StubStore, ServingStore, JournalStore, ScenarioStore, SettingsStore {
    // MARK: Reset

    /// Drops one namespace: its stubs, journal entries, scenario states and call counts.
    func reset(namespace: String)

    /// Drops every stub, journal entry, scenario state and call count; waiting tasks keep waiting.
    func resetAll()
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
