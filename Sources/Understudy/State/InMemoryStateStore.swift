package import Foundation
import UnderstudySupport

/// The default ``MockStateStore``: everything in this process, behind one lock that is held
/// only to read a snapshot or to commit, never while a pattern is matched.
package final class InMemoryStateStore: MockStateStore {
    private struct Contents: Sendable {
        var registry = StubRegistry()
        /// The scenario states of requests that name no namespace.
        var scenarios = ScenarioStates()
        /// Each namespace's own scenario states (its requests move global stubs' scenarios
        /// too, in its own copy).
        var namespaceScenarios: [String: ScenarioStates] = [:]
        var journal: RequestJournal
        var journalWaiters = JournalWaiters()
        /// Calls per stub, over every namespace.
        var callCounts: [UUIDKey: Int] = [:]
        /// Calls per stub made by each namespace's requests.
        var namespaceCallCounts: [String: [UUIDKey: Int]] = [:]

        func scenarios(in namespace: String?) -> ScenarioStates {
            guard let namespace else { return scenarios }
            return namespaceScenarios[namespace] ?? ScenarioStates()
        }

        mutating func changeScenarios(in namespace: String?, _ change: (inout ScenarioStates) -> Void) {
            guard let namespace else { return change(&scenarios) }
            change(&namespaceScenarios[namespace, default: ScenarioStates()])
        }

        /// Journals an answer, building the event as a constant so that it is copied once
        /// (into the journal), and wakes the waiters it completes. The entry the journal drops
        /// goes to `dropped`, to be freed once the lock is released.
        mutating func journal(_ answer: JournalAnswer, dropped: inout ServeEvent?) -> ServeEvent {
            let event = answer.event(journalSequence: journal.nextSequence)
            dropped = journal.append(event)
            if !journalWaiters.isEmpty { journalWaiters.arrived(event.request) }
            return event
        }

        /// Forgets the call counts of removed stubs, and scenarios no remaining stub mentions.
        mutating func forget(stubs ids: [UUID]) {
            guard !ids.isEmpty else { return }
            for id in ids.map(UUIDKey.init) {
                callCounts[id] = nil
                for namespace in namespaceCallCounts.keys { namespaceCallCounts[namespace]?[id] = nil }
            }
            let names = Set(registry.mappings.compactMap(\.scenarioName))
            scenarios.keep(only: names)
            for namespace in namespaceScenarios.keys { namespaceScenarios[namespace]?.keep(only: names) }
        }
    }

    private let contents: Locked<Contents>

    /// An empty store whose journal keeps at most `journalCapacity` entries (0 keeps none).
    package init(journalCapacity: Int) {
        contents = Locked(Contents(journal: RequestJournal(capacity: journalCapacity)))
    }

    package var registry: StubRegistry { contents.withLock { $0.registry } }

    package func add(_ stubs: [StubRegistry.PreparedStub]) {
        contents.withLock { contents in
            for stub in stubs { contents.registry.add(stub) }
        }
    }

    package func replace(_ stub: StubMapping, ifEditable isEditable: (StubMapping) -> Bool) throws(StubNotFoundError) {
        try contents.withLock { (contents: inout Contents) throws(StubNotFoundError) in
            guard let existing = contents.registry.mapping(id: stub.id), isEditable(existing) else { throw StubNotFoundError(id: stub.id) }
            contents.registry.add(stub)
        }
    }

    @discardableResult
    package func removeStubs(where shouldRemove: (StubMapping) -> Bool) -> [StubMapping] {
        contents.withLock { contents in
            let removed = contents.registry.mappings.filter(shouldRemove)
            guard !removed.isEmpty else { return [] }
            if removed.count == contents.registry.count {
                contents.registry.removeAll()
            } else {
                for stub in removed { contents.registry.remove(id: stub.id) }
            }
            contents.forget(stubs: removed.map(\.id))
            return removed
        }
    }

    package func snapshot(for namespace: String?) -> StoreSnapshot {
        contents.withLock { StoreSnapshot(registry: $0.registry, scenarios: $0.scenarios(in: namespace)) }
    }

    /// A snapshot taken under the lock is the state of that moment, so a miss in it is a miss.
    package func confirmMiss(namespace: String?, generation: StoreGeneration) -> Bool { true }

    package func commit(_ entry: StubRegistry.Entry, namespace: String?, generation: StoreGeneration,
                        journaling answer: JournalAnswer?) -> StoreCommit? {
        var dropped: ServeEvent?
        defer { withExtendedLifetime(dropped) {} }
        return contents.withLock { contents in
            guard contents.scenarios(in: namespace).admits(entry) else { return nil }
            if entry.mapping.newScenarioState != nil { contents.changeScenarios(in: namespace) { $0.apply(entry.mapping) } }
            let id = UUIDKey(entry.mapping.id)
            // Counted in place: one lookup (one hash of the id) per count.
            var count = Self.increment(&contents.callCounts[id, default: 0])
            if let namespace {
                count = Self.increment(&contents.namespaceCallCounts[namespace, default: [:]][id, default: 0])
            }
            return StoreCommit(callCount: count, event: answer.map { contents.journal($0, dropped: &dropped) })
        }
    }

    /// Adds one to a count and returns it.
    private static func increment(_ count: inout Int) -> Int {
        count += 1
        return count
    }

    @discardableResult
    package func journal(_ answer: JournalAnswer) -> ServeEvent {
        var dropped: ServeEvent?
        defer { withExtendedLifetime(dropped) {} }
        return contents.withLock { $0.journal(answer, dropped: &dropped) }
    }

    package func replace(_ event: ServeEvent) {
        contents.withLock { $0.journal.replace(event) }
    }

    package var events: [ServeEvent] { contents.withLock { $0.journal.events } }

    package func event(id: UUID) -> ServeEvent? { contents.withLock { $0.journal.event(id: id) } }

    @discardableResult
    package func removeEvents(where shouldRemove: (ServeEvent) -> Bool) -> [ServeEvent] {
        contents.withLock { contents in
            let removed = contents.journal.events.filter(shouldRemove)
            guard !removed.isEmpty else { return [] }
            let ids = Set(removed.map(\.id))
            contents.journal.removeAll { ids.contains($0.id) }
            return removed
        }
    }

    package func wait(for pattern: RequestPattern, namespace: String?, count: Int,
                      continuation: CheckedContinuation<Void, any Error>) -> UInt64? {
        contents.withLock { contents in
            let already = contents.journal.events.lazy.filter {
                (namespace == nil || $0.request.namespace == namespace) && pattern.matches($0.request)
            }.count
            guard already < count else {
                continuation.resume()
                return nil
            }
            return contents.journalWaiters.add(pattern, namespace: namespace, remaining: count - already, continuation: continuation)
        }
    }

    /// Whether a task waits for journal entries.
    var isWaitedOn: Bool { contents.withLock { !$0.journalWaiters.isEmpty } }

    package func endWaiting(_ id: UInt64, throwing error: any Error) {
        contents.withLock { $0.journalWaiters.end(id, throwing: error) }
    }

    package func scenarioStates(in namespace: String?) -> ScenarioStates {
        contents.withLock { $0.scenarios(in: namespace) }
    }

    package func changeScenarios(in namespace: String?, _ change: (inout ScenarioStates) -> Void) {
        contents.withLock { $0.changeScenarios(in: namespace, change) }
    }

    package func callCount(of id: UUID, in namespace: String?) -> Int {
        contents.withLock { contents in
            guard let namespace else { return contents.callCounts[UUIDKey(id), default: 0] }
            return contents.namespaceCallCounts[namespace]?[UUIDKey(id)] ?? 0
        }
    }

    package func reset(namespace: String) {
        contents.withLock { contents in
            let ids = contents.registry.mappings.filter { $0.namespace == namespace }.map(\.id)
            for id in ids { contents.registry.remove(id: id) }
            contents.forget(stubs: ids)
            contents.namespaceScenarios[namespace] = nil
            contents.namespaceCallCounts[namespace] = nil
            contents.journal.removeAll { $0.request.namespace == namespace }
        }
    }

    package func resetAll() {
        contents.withLock { contents in
            contents = Contents(journal: RequestJournal(capacity: contents.journal.capacity), journalWaiters: contents.journalWaiters)
        }
    }
}
