import Foundation
package import Understudy
import Testing
import UnderstudySupport

/// The rules every ``Understudy/MockStateStore`` keeps, as checks any store's tests run: the
/// in-memory store's here, a PostgreSQL store's against a real database. Each check makes
/// fresh stores with `make` (given the journal's capacity) and records issues at the caller.
///
/// ```swift
/// @Test(arguments: MockStateStoreConformance.checks)
/// func inMemoryStoreConforms(_ check: MockStateStoreConformance.Check) async throws {
///     try await check.run { InMemoryStateStore(journalCapacity: $0) }
/// }
/// ```
package enum MockStateStoreConformance {
    /// One named rule.
    package struct Check: Sendable, CustomStringConvertible {
        package let description: String
        let body: @Sendable (_ make: @Sendable (Int) -> any MockStateStore) async throws -> Void

        /// Checks the rule on stores made by `make`.
        package func run(_ make: @escaping @Sendable (Int) -> any MockStateStore) async throws { try await body(make) }
    }

    /// Every rule.
    package static let checks: [Check] = [
        Check(description: "stubs are added at once, newest first among equals, and an edit keeps its place", body: addingAndEditing),
        Check(description: "a commit moves a scenario only from the state it needs, else changes nothing", body: conditionalCommit),
        Check(description: "concurrent commits serve each state of a scenario exactly once", body: concurrentCommits),
        Check(description: "namespaces partition scenario states, call counts and the journal", body: namespaces),
        Check(description: "the journal keeps its newest entries, replaces and removes them", body: journal),
        Check(description: "waiters count what is journaled already and wake on arrival", body: waiters),
        Check(description: "removing stubs forgets their counts and unmentioned scenarios; resets drop what they name", body: removalAndReset),
    ]

    // MARK: Helpers

    private static func stub(_ path: String, priority: Int? = nil, scenario: String? = nil, from: String? = nil, to: String? = nil,
                             namespace: String? = nil) -> StubMapping {
        var mapping = StubMapping(priority: priority, .get(urlPath: path), .ok)
        mapping.scenarioName = scenario
        mapping.requiredScenarioState = from
        mapping.newScenarioState = to
        mapping.namespace = namespace
        return mapping
    }

    private static func request(_ path: String, namespace: String? = nil) -> RecordedRequest {
        RecordedRequest(method: .get, url: path, headers: namespace.map { [Namespace.headerName: $0] } ?? [:])
    }

    /// Commits on a fresh snapshot, as a request matched just now would.
    @discardableResult
    private static func commit(_ store: any MockStateStore, _ entry: StubRegistry.Entry, namespace: String? = nil,
                               journaling answer: JournalAnswer?) async throws -> StoreCommit? {
        try await store.commit(entry, namespace: namespace, generation: store.snapshot(for: namespace).generation, journaling: answer)
    }

    private static func entry(_ store: any MockStateStore, _ mapping: StubMapping) throws -> StubRegistry.Entry {
        try #require(store.registry.entry(id: mapping.id), "the store lost stub \(mapping.id)")
    }

    // MARK: Rules

    private static func addingAndEditing(_ make: @Sendable (Int) -> any MockStateStore) async throws {
        let store = make(100)
        let older = stub("/older")
        let newer = stub("/newer")
        let first = stub("/first", priority: 1)
        store.add([StubRegistry.PreparedStub(older), StubRegistry.PreparedStub(newer), StubRegistry.PreparedStub(first)])
        #expect(store.registry.mappings.map(\.id) == [first.id, newer.id, older.id])
        var edited = older
        edited.name = "edited"
        try store.replace(edited) { _ in true }
        #expect(store.registry.mappings.map(\.id) == [first.id, newer.id, older.id])
        #expect(store.registry.mapping(id: older.id)?.name == "edited")
        #expect(throws: StubNotFoundError.self) { try store.replace(stub("/unknown")) { _ in true } }
        #expect(throws: StubNotFoundError.self) { try store.replace(edited) { _ in false } }
    }

    private static func conditionalCommit(_ make: @Sendable (Int) -> any MockStateStore) async throws {
        let store = make(100)
        let move = stub("/move", scenario: "s", from: Scenario.started, to: "moved")
        store.add([StubRegistry.PreparedStub(move)])
        let entry = try entry(store, move)
        let generation = try await store.snapshot(for: nil).generation
        let committed = try #require(try await store.commit(entry, namespace: nil, generation: generation,
                                                  journaling: .response(request("/move"), entry: entry, response: nil)))
        #expect(committed.callCount == 1)
        #expect(committed.event?.request.url == "/move")
        #expect(store.scenarioStates(in: nil).state(of: "s") == "moved")
        // The snapshot a second request matched against is stale now: nothing changes.
        #expect(try await store.commit(entry, namespace: nil, generation: generation,
                                       journaling: .response(request("/move"), entry: entry, response: nil)) == nil)
        #expect(store.callCount(of: move.id, in: nil) == 1)
        #expect(store.events.count == 1)
    }

    private static func concurrentCommits(_ make: @Sendable (Int) -> any MockStateStore) async throws {
        let store = make(1_000)
        let states = 50
        let stubs = (0..<states).map { index in
            stub("/step", scenario: "chain", from: index == 0 ? Scenario.started : "s\(index)", to: "s\(index + 1)")
        }
        store.add(stubs.map(StubRegistry.PreparedStub.init))
        // Snapshot, match, commit if still true, else match again (as HTTPMock does), from many
        // tasks at once: the serving part is asynchronous (a remote store awaits its round trips).
        let serve: @Sendable () async throws -> Int? = {
            while true {
                let snapshot = try await store.snapshot(for: nil)
                guard let index = stubs.firstIndex(where: { snapshot.scenarios.state(of: "chain") == $0.requiredScenarioState }),
                      let entry = snapshot.registry.entry(id: stubs[index].id) else {
                    // The last state: a miss, unless the snapshot was stale.
                    if try await store.confirmMiss(namespace: nil, generation: snapshot.generation) { return nil }
                    continue
                }
                if try await store.commit(entry, namespace: nil, generation: snapshot.generation, journaling: nil) != nil { return index }
            }
        }
        let served = try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<(states * 2) { group.addTask { try await serve() } }
            var served: [Int] = []
            for try await index in group { if let index { served.append(index) } }
            return served
        }
        #expect(served.sorted() == Array(0..<states))
        #expect(store.scenarioStates(in: nil).state(of: "chain") == "s\(states)")
    }

    private static func namespaces(_ make: @Sendable (Int) -> any MockStateStore) async throws {
        let store = make(100)
        let move = stub("/move", scenario: "s", to: "moved")
        store.add([StubRegistry.PreparedStub(move)])
        let entry = try entry(store, move)
        try await commit(store, entry, namespace: "a", journaling: .response(request("/move", namespace: "a"), entry: entry, response: nil))
        try await commit(store, entry, namespace: "a", journaling: .response(request("/move", namespace: "a"), entry: entry, response: nil))
        try await commit(store, entry, namespace: "b", journaling: .response(request("/move", namespace: "b"), entry: entry, response: nil))
        #expect(store.scenarioStates(in: "a").state(of: "s") == "moved")
        #expect(store.scenarioStates(in: nil).state(of: "s") == Scenario.started)
        #expect(store.callCount(of: move.id, in: "a") == 2)
        #expect(store.callCount(of: move.id, in: "b") == 1)
        #expect(store.callCount(of: move.id, in: nil) == 3)
        store.reset(namespace: "a")
        #expect(store.callCount(of: move.id, in: "a") == 0)
        #expect(store.scenarioStates(in: "a").state(of: "s") == Scenario.started)
        #expect(store.events.map(\.request.namespace) == ["b"])
        #expect(store.registry.count == 1)
    }

    private static func journal(_ make: @Sendable (Int) -> any MockStateStore) async throws {
        let store = make(3)
        for index in 0..<5 { try await store.journal(.response(request("/\(index)"), entry: nil, response: .notFound)) }
        #expect(store.events.map(\.request.url) == ["/2", "/3", "/4"])
        let last = try #require(store.events.last)
        store.replace(ServeEvent(request: last.request, stub: nil, response: .ok))
        #expect(store.event(id: last.id)?.response.status == 200)
        #expect(store.removeEvents { $0.request.url == "/3" }.map(\.request.url) == ["/3"])
        #expect(store.events.map(\.request.url) == ["/2", "/4"])
        let disabled = make(0)
        try await disabled.journal(.response(request("/x"), entry: nil, response: .notFound))
        #expect(disabled.events.isEmpty)
    }

    private static func waiters(_ make: @Sendable (Int) -> any MockStateStore) async throws {
        let store = make(100)
        try await store.journal(.response(request("/e"), entry: nil, response: .ok))
        // One is there already; the second arrives while the task waits.
        let pattern = RequestPattern.get(urlPath: "/e")
        let registered = Locked<Bool>(false)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await withCheckedThrowingContinuation { continuation in
                    let id = store.wait(for: pattern, namespace: nil, count: 2, continuation: continuation)
                    #expect(id != nil, "one of two is not enough")
                    registered.withLock { $0 = true }
                }
            }
            while !registered.withLock({ $0 }) { await Task.yield() }
            try await store.journal(.response(request("/other"), entry: nil, response: .ok))
            try await store.journal(.response(request("/e"), entry: nil, response: .ok))
            try await group.waitForAll()
        }
        // Enough there already: resumed at once, and no waiter kept.
        let immediate = Locked<UInt64?>(0)
        try await withCheckedThrowingContinuation { continuation in
            immediate.withLock { $0 = store.wait(for: pattern, namespace: nil, count: 2, continuation: continuation) }
        }
        #expect(immediate.withLock { $0 } == nil)
        // A wait ended early throws its error.
        await #expect(throws: CancellationError.self) {
            try await withCheckedThrowingContinuation { continuation in
                if let id = store.wait(for: pattern, namespace: nil, count: 10, continuation: continuation) {
                    store.endWaiting(id, throwing: CancellationError())
                }
            }
        }
    }

    private static func removalAndReset(_ make: @Sendable (Int) -> any MockStateStore) async throws {
        let store = make(100)
        let move = stub("/move", scenario: "s", to: "moved")
        let keep = stub("/keep")
        store.add([StubRegistry.PreparedStub(move), StubRegistry.PreparedStub(keep)])
        let entry = try entry(store, move)
        try await commit(store, entry, journaling: .response(request("/move"), entry: entry, response: nil))
        #expect(store.removeStubs { $0.id == move.id }.map(\.id) == [move.id])
        #expect(store.callCount(of: move.id, in: nil) == 0)
        #expect(store.scenarioStates(in: nil).state(of: "s") == Scenario.started)
        #expect(store.events.count == 1)
        store.resetAll()
        #expect(store.registry.count == 0)
        #expect(store.events.isEmpty)
    }
}
