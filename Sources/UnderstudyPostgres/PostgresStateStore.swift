package import Foundation
public import Understudy
import NIOPosix
import PostgresNIO
import UnderstudySupport

/// A state store several Understudy instances share through PostgreSQL: stubs, scenario
/// states, call counts and the request journal live in the database, so instances behind one
/// load balancer answer the same stubs, move the same scenarios and verify every instance's
/// requests.
///
/// ```swift
/// let store = try PostgresStateStore(url: "postgres://understudy@db:5432/mocks")
/// let server = MockServer(mock: HTTPMock(sharing: store))
/// try await server.start()
/// ```
/// See <doc:SharingStateThroughPostgreSQL> for what is shared and what happens when the
/// database fails.
///
/// - Each instance matches on a local copy of the stubs and scenario states, so matching makes
///   no round trip; another instance's change reaches it by `LISTEN`/`NOTIFY`.
/// - A request whose match no scenario state can change makes no round trip: its call and
///   journal entry are written behind, in batches (one transaction per 512 entries or 10 ms).
/// - A scenario's request is one round trip: a database function checks that the versions of
///   the stubs and states the match was made on still hold, moves the scenario, counts the call
///   and journals the request in one transaction. When they do not hold, the instance reloads
///   and matches again, so no two requests act on one scenario state, whatever the instance.
/// - The journal is shared and capped (`journalCapacity`, the oldest go first); reading it
///   waits until every live instance has written what it holds.
/// - What fails (the database down, restarting, or slower than `timeout`) is an error the
///   caller sees: a scenario's request gets a 503 that says so, an admin call an error, while
///   the stubs no state can change are served from memory and their journal held until the
///   database is back. Once it is, the store reconnects by itself.
/// - WebSocket message stubs and the admin API's settings (global delays, network profile) are
///   shared too. Stubs whose answer is a Swift closure cannot be shared and are refused; open
///   sockets and the message journal stay with their instance.
public final class PostgresStateStore: MockStateStore {
    /// The database.
    public let location: PostgresStoreLocation
    let pool: PostgresConnectionPool
    /// How many journal entries the shared journal keeps (0 keeps none).
    let journalCapacity: Int
    /// What the stored stubs' JSON may use beyond WireMock's format: the extensions of every
    /// instance that shares the database (an instance adds a stub with an `llm` answer, the
    /// others read it back).
    let mappingExtensions: MappingExtensions
    /// Tells this instance's notifications and journal rows from others' (`host/pid/id`, so
    /// that an error about a lagging instance says which machine and process it is).
    package let instanceID: String
    /// This instance's journal entries and call counts on their way to the database.
    let writeBehind: PostgresWriteBehind

    /// What this instance holds of the database's state.
    struct Cache {
        var registry = StubRegistry()
        var stubsVersion: Int64 = 0
        var usesScenarios = false
        /// The stubs committed without a round trip (``StubRegistry/scenarioFreeStubs``).
        var scenarioFree: Set<UUID> = []
    }

    let cache = Locked(Cache())
    private let listener = Locked<PostgresChangeListener?>(nil)
    let waiters = PostgresJournalWaiters()
    /// The threads the blocking round trips of serving run on: as many as the connections, so
    /// that a call waiting on the database (a scenario's row lock, a commit's disk flush) holds
    /// up no other, as NIO's shared pool (one thread per core) would.
    private let threads: NIOThreadPool
    /// Each namespace's scenario states ('' for requests naming none) as this instance matches
    /// on them, and their batched commits.
    let scenarioCommits: PostgresScenarioCommits
    /// Who applies settings other instances share.
    let settingsObservers = Locked<[@Sendable (JSONObject) -> Void]>([])
    /// Who reloads message stubs other instances change.
    let messageStubObservers = Locked<[@Sendable () -> Void]>([])

    /// Connects to the database at `url`, creates or migrates its tables, and loads the stubs.
    /// - Parameters:
    ///   - url: The database, as `postgres://user:password@host:5432/database` (see ``PostgresStoreLocation``).
    ///   - timeout: How long any call may take before it fails (the database cancels it too).
    ///   - journalCapacity: How many requests the shared journal keeps.
    ///   - connections: How many calls this instance makes at once.
    ///   - mappingExtensions: What the stored stubs may use beyond WireMock's format; give every
    ///     extension the sharing instances' stubs use (`.understudy`, from `UnderstudyServer`, for
    ///     all of Understudy's, as `understudy serve --store` does). A stored stub that needs one
    ///     not given fails to load, and the error says which.
    /// - Throws: ``PostgresStoreError`` when the URL is wrong or the database cannot be reached.
    public convenience init(url: String, timeout: Duration = .seconds(5), journalCapacity: Int = 10_000,
                            connections: Int = 8, mappingExtensions: MappingExtensions = MappingExtensions()) throws(PostgresStoreError) {
        try self.init(location: PostgresStoreLocation(url: url), timeout: timeout, journalCapacity: journalCapacity, connections: connections,
                      mappingExtensions: mappingExtensions)
    }

    /// Connects to the database at `location`; see ``init(url:timeout:journalCapacity:connections:mappingExtensions:)``.
    public init(location: PostgresStoreLocation, timeout: Duration = .seconds(5), journalCapacity: Int = 10_000,
                connections: Int = 8, mappingExtensions: MappingExtensions = MappingExtensions()) throws(PostgresStoreError) {
        self.location = location
        self.journalCapacity = max(0, journalCapacity)
        self.mappingExtensions = mappingExtensions
        pool = PostgresConnectionPool(location: location, timeout: timeout, size: max(1, connections))
        threads = NIOThreadPool(numberOfThreads: max(1, connections))
        threads.start()
        scenarioCommits = PostgresScenarioCommits(write: { [pool] batch in try Self.write(batch, to: pool) },
                                                  schedule: { [threads] flush in threads.submit { _ in flush() } })
        let instanceID = "\(ProcessInfo.processInfo.hostName)/\(ProcessInfo.processInfo.processIdentifier)/\(UUID().uuidString.prefix(8))"
        self.instanceID = instanceID
        do {
            try PostgresSchema.migrate(pool)
            writeBehind = try PostgresWriteBehind(pool: pool, instanceID: instanceID, journalCapacity: max(0, journalCapacity)) { error in
                FileHandle.standardError.write(Data("understudy: \(error)\n".utf8))
            }
        } catch {
            threads.shutdownGracefully { _ in }
            pool.close()
            throw error
        }
        do {
            try reloadStubs()
            let listener = try PostgresChangeListener(pool: pool) { [weak self] payload in self?.changed(payload) }
            self.listener.withLock { $0 = listener }
        } catch {
            writeBehind.stop()
            threads.shutdownGracefully { _ in }
            pool.close()
            throw error
        }
    }

    /// Stops as a killed process would, for a test that plays a crash: the journal entries and
    /// calls not yet written are dropped (returns how many entries), the connections close, and
    /// this instance's row stays until others find it silent. Serving after it fails.
    package func crash() -> Int {
        let lost = writeBehind.abandon()
        close()
        return lost
    }

    /// Closes the connections; calls made afterwards fail.
    public func close() {
        listener.withLock { listener in
            defer { listener = nil }
            return listener
        }?.stop()
        waiters.stop()
        writeBehind.stop()
        threads.shutdownGracefully { _ in }
        pool.close()
    }

    deinit { close() }

    // MARK: Failures

    /// Hands a failure to whoever collects them, else writes it to standard error.
    func fail(_ error: PostgresStoreError) {
        if !StoreFailures.report(error) {
            FileHandle.standardError.write(Data("understudy: \(error)\n".utf8))
        }
    }

    /// `body`, whose round trips block, run on the store's own threads for blocking work: never
    /// on an event loop, nor on a thread of Swift's cooperative pool, which awaits it.
    func offThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await threads.runIfActive { try body() }
    }

    /// `body`'s result, or `fallback` after reporting its failure.
    func attempt<T>(_ fallback: @autoclosure () -> T, _ body: () throws(PostgresStoreError) -> T) -> T {
        do {
            return try body()
        } catch {
            fail(error)
            return fallback()
        }
    }

    // MARK: Stubs

    /// The stubs as the database holds them now (one round trip to compare versions; the copy
    /// is reloaded when it is behind). Matching does not use this: it uses ``localStubs``
    /// and lets the commit check the version.
    package var registry: StubRegistry {
        attempt(localStubs) { () throws(PostgresStoreError) in
            let version = try pool.withConnection { connection in
                try connection.run("SELECT stubs_version FROM understudy_meta WHERE id = 1").first?.decode(Int64.self)
            }
            if version != cache.withLock({ $0.stubsVersion }) { try reloadStubs() }
            return localStubs
        }
    }

    /// This instance's copy of the stubs, which matching uses.
    package var localStubs: StubRegistry { cache.withLock { $0.registry } }

    /// Reads every stub and the stubs' version in one statement, and keeps them if newer.
    func reloadStubs() throws(PostgresStoreError) {
        let rows = try pool.withConnection { connection in
            try connection.run("""
                SELECT m.stubs_version, s.mapping FROM understudy_meta m LEFT JOIN understudy_stubs s ON true ORDER BY s.position
                """)
        }
        var version: Int64 = 0
        var mappings: [StubMapping] = []
        for row in rows {
            do {
                let (rowVersion, text) = try row.decode((Int64, String?).self)
                version = rowVersion
                if let text { mappings.append(try self.mapping(text)) }
            } catch {
                throw .unreadable("stub", error)
            }
        }
        let registry = StubRegistry(mappings)
        cache.withLock { cache in
            guard version >= cache.stubsVersion else { return }
            cache.registry = registry
            cache.stubsVersion = version
            cache.usesScenarios = registry.usesScenarios
            cache.scenarioFree = registry.scenarioFreeStubs
        }
    }

    /// A stored stub (its WireMock JSON).
    private func mapping(_ text: String) throws(MappingDecodingError) -> StubMapping {
        try WireMockMappings.decodeMapping(Data(text.utf8), extensions: mappingExtensions)
    }

    /// Forgets the scenario states held for `namespace` (all, for `nil`).
    func forgetScenarios(_ key: String?) {
        scenarioCommits.forget(key)
    }

    /// Tells the other instances what changed (sent when the transaction commits).
    func announce(_ change: String, on connection: PostgresConnectionPool.Connection) throws {
        try connection.run("SELECT pg_notify('understudy_changes', \(change + ":" + instanceID))")
    }

    package func add(_ stubs: [StubRegistry.PreparedStub]) {
        guard !stubs.isEmpty else { return }
        attempt(()) { () throws(PostgresStoreError) in
            var rows: [(id: UUID, namespace: String, scenario: String, json: String)] = []
            var seen: [UUID: Int] = [:]
            for stub in stubs {
                let mapping = stub.mapping
                guard let json = try? mapping.wireMockJSON() else { throw .unshareable(mapping.id) }
                let row = (mapping.id, mapping.namespace ?? "", mapping.scenarioName ?? "", json.jsonText())
                if let index = seen[mapping.id] { rows[index] = row } else {
                    seen[mapping.id] = rows.count
                    rows.append(row)
                }
            }
            try pool.transaction { connection in
                let positions = try connection.run("SELECT nextval('understudy_stub_order') FROM generate_series(1, \(rows.count))")
                    .map { try $0.decode(Int64.self) }.sorted()
                try connection.run("""
                    INSERT INTO understudy_stubs (id, position, namespace, scenario, mapping)
                    SELECT id, position, nullif(namespace, ''), nullif(scenario, ''), mapping
                    FROM unnest(\(rows.map(\.id)), \(positions), \(rows.map(\.namespace)), \(rows.map(\.scenario)), \(rows.map(\.json)))
                        AS t(id, position, namespace, scenario, mapping)
                    ON CONFLICT (id) DO UPDATE SET namespace = excluded.namespace, scenario = excluded.scenario, mapping = excluded.mapping
                    """)
                try connection.run("UPDATE understudy_meta SET stubs_version = stubs_version + 1")
                try announce("stubs", on: connection)
            }
            try reloadStubs()
        }
    }

    package func replace(_ stub: StubMapping, ifEditable isEditable: (StubMapping) -> Bool) throws(StubNotFoundError) {
        guard let json = try? stub.wireMockJSON() else { return fail(.unshareable(stub.id)) }
        let text = json.jsonText()
        let found: Bool = attempt(true) { () throws(PostgresStoreError) in
            let found = try pool.transaction { connection -> Bool in
                guard let row = try connection.run("SELECT mapping FROM understudy_stubs WHERE id = \(stub.id) FOR UPDATE").first else {
                    return false
                }
                let existing = try self.mapping(row.decode(String.self))
                guard isEditable(existing) else { return false }
                try connection.run("""
                    UPDATE understudy_stubs SET namespace = \(stub.namespace), scenario = \(stub.scenarioName), mapping = \(text)
                    WHERE id = \(stub.id)
                    """)
                try connection.run("UPDATE understudy_meta SET stubs_version = stubs_version + 1")
                try announce("stubs", on: connection)
                return true
            }
            if found { try reloadStubs() }
            return found
        }
        if !found { throw StubNotFoundError(id: stub.id) }
    }

    @discardableResult
    package func removeStubs(where shouldRemove: (StubMapping) -> Bool) -> [StubMapping] {
        attempt([]) { () throws(PostgresStoreError) in
            let removed = try pool.transaction { connection -> [StubMapping] in
                let stored = try connection.run("SELECT mapping FROM understudy_stubs ORDER BY position FOR UPDATE")
                    .map { try self.mapping($0.decode(String.self)) }
                let removed = StubRegistry(stored).mappings.filter(shouldRemove)
                guard !removed.isEmpty else { return [] }
                try forget(stubs: removed.map(\.id), on: connection)
                try announce("all", on: connection)
                return removed
            }
            if !removed.isEmpty {
                try forgetHeldCalls(of: removed.map(\.id))
                try reloadStubs()
                forgetScenarios(nil)
            }
            return removed
        }
    }

    /// Forgets the calls of removed stubs still held to be written behind, and any a flush
    /// wrote while they were being removed.
    private func forgetHeldCalls(of ids: [UUID]) throws(PostgresStoreError) {
        writeBehind.forget(stubs: Set(ids))
        try pool.withConnection { connection in
            try connection.run("DELETE FROM understudy_call_counts WHERE stub_id = ANY(\(ids))")
        }
    }

    /// Deletes stubs with their call counts and the scenario states no remaining stub
    /// mentions; moves the stubs' and every namespace's scenario version on.
    private func forget(stubs ids: [UUID], on connection: PostgresConnectionPool.Connection) throws {
        try connection.run("DELETE FROM understudy_stubs WHERE id = ANY(\(ids))")
        try connection.run("DELETE FROM understudy_call_counts WHERE stub_id = ANY(\(ids))")
        try connection.run("""
            DELETE FROM understudy_scenarios WHERE name NOT IN (SELECT scenario FROM understudy_stubs WHERE scenario IS NOT NULL)
            """)
        try connection.run("UPDATE understudy_meta SET stubs_version = stubs_version + 1")
        try connection.run("UPDATE understudy_scenario_versions SET version = version + 1")
    }

    // MARK: Serving

    package func snapshot(for namespace: String?) async throws -> StoreSnapshot {
        let key = namespace ?? ""
        let (registry, stubsVersion, usesScenarios, hasScenarioFree) = cache.withLock { cache in
            (cache.registry, cache.stubsVersion, cache.usesScenarios, !cache.scenarioFree.isEmpty)
        }
        guard usesScenarios else {
            return StoreSnapshot(registry: registry, scenarios: ScenarioStates(), generation: StoreGeneration(stubs: stubsVersion, scenarios: Self.scenariosUnused))
        }
        let scenarios: PostgresScenarioCommits.Tip
        if let held = scenarioCommits.tip(of: key) {
            scenarios = held
        } else {
            do {
                scenarios = try await offThread { try self.loadScenarios(key) }
            } catch {
                // The database cannot say the states: a stub no state can change is still
                // served; any other match reads them again as it commits (and fails as this did).
                guard hasScenarioFree else { throw error }
                return StoreSnapshot(registry: registry, scenarios: ScenarioStates(),
                                     generation: StoreGeneration(stubs: stubsVersion, scenarios: Self.scenariosUnknown))
            }
        }
        return StoreSnapshot(registry: registry, scenarios: scenarios.states, generation: StoreGeneration(stubs: stubsVersion, scenarios: scenarios.token))
    }

    /// The scenario version of a snapshot when no stub uses scenarios (the commit checks none).
    static let scenariosUnused: Int64 = -1
    /// The scenario version of a snapshot made without the states (the database did not answer).
    static let scenariosUnknown: Int64 = -2

    package func commit(_ entry: StubRegistry.Entry, namespace: String?, generation: StoreGeneration,
                        journaling answer: JournalAnswer?) async throws -> StoreCommit? {
        // No scenario to move or check: the stubs' version is checked against this instance's
        // copy (kept current by notifications), and the call and its entry are written behind.
        let (stubsVersion, isScenarioFree) = cache.withLock { ($0.stubsVersion, $0.scenarioFree.contains(entry.mapping.id)) }
        if generation.scenarios == Self.scenariosUnused || isScenarioFree {
            guard stubsVersion == generation.stubs else { return nil }
            let event = answer.map { $0.event(journalSequence: nil) }
            let held = event.flatMap(heldEntry)
            let calls = try writeBehind.append(held, countingCallOf: entry.mapping.id, in: namespace ?? "")
            return StoreCommit(callCount: calls, event: event)
        }
        if generation.scenarios == Self.scenariosUnknown {
            // Matched without the states: read them now, and match again on them.
            _ = try await offThread { try self.loadScenarios(namespace ?? "") }
            return nil
        }
        // Moves or checks the scenario states in the namespace's next batch; answers once durable.
        guard stubsVersion == generation.stubs else { return nil }
        let mapping = entry.mapping
        let move = mapping.scenarioName.flatMap { name in mapping.newScenarioState.map { (scenario: name, newState: $0) } }
        guard try await settled(scenarioCommits.commit(in: namespace ?? "", token: generation.scenarios, stubsVersion: generation.stubs, moving: move)) else {
            return nil
        }
        let event = answer.map { $0.event(journalSequence: nil) }
        let held = event.flatMap(heldEntry)
        let calls = try writeBehind.append(held, countingCallOf: mapping.id, in: namespace ?? "")
        return StoreCommit(callCount: calls, event: event)
    }

    package func confirmMiss(namespace: String?, generation: StoreGeneration) async throws -> Bool {
        let key = namespace ?? ""
        if generation.scenarios == Self.scenariosUnknown {
            _ = try await offThread { try self.loadScenarios(key) }
            return false
        }
        if generation.scenarios != Self.scenariosUnused {
            // The states the miss was found on are durable and current: a check in the next batch.
            return try await settled(scenarioCommits.commit(in: key, token: generation.scenarios, stubsVersion: generation.stubs, moving: nil))
        }
        return try await offThread { () throws(PostgresStoreError) -> Bool in
            let stubs = try self.pool.withConnection { connection in
                try connection.run("SELECT stubs_version FROM understudy_meta WHERE id = 1").first?.decode(Int64.self)
            }
            guard let stubs, stubs != generation.stubs else { return true }
            try self.reloadStubs()
            return false
        }
    }

    @discardableResult
    package func journal(_ answer: JournalAnswer) async throws -> ServeEvent {
        let event = answer.event(journalSequence: nil)
        if let held = heldEntry(event) { try writeBehind.append(held, in: held.namespace) }
        return event
    }

    /// `event` as the write-behind holds it; `nil` when the journal keeps nothing.
    private func heldEntry(_ event: ServeEvent) -> PostgresWriteBehind.Entry? {
        guard journalCapacity > 0 else { return nil }
        return PostgresWriteBehind.Entry(id: event.id, namespace: event.request.namespace ?? "", text: StoredServeEvent(event).jsonText)
    }

    /// How many of this instance's journal entries are held, not yet written (never more than
    /// the journal's capacity and one batch: older ones would be trimmed once written).
    package var heldJournalEntries: Int { writeBehind.heldCount }

    /// Pauses or resumes writing this instance's journal, for a test that plays an instance
    /// that lags behind (it is still alive to the others until 3 s after its last write).
    package func pauseJournalWrites(_ paused: Bool) {
        writeBehind.pause(paused)
    }

    /// Waits until every live instance has written its journal and call counts up to now: asks
    /// them all (a notification), writes this instance's own, then reads the instances' rows
    /// until none that was heard from in the last 3 s lags. Bounded by the store's timeout; the
    /// error names the instance that lags.
    func catchUp() throws(PostgresStoreError) {
        let request = try pool.withConnection { connection in
            try connection.run("SELECT understudy_request_flush(\(instanceID))").first?.decode(Int64.self)
        } ?? 0
        try writeBehind.flushNow(request: request)
        let deadline = ContinuousClock.now + pool.timeout
        while true {
            let lagging = try pool.withConnection { connection in
                try connection.run("""
                    SELECT id FROM understudy_instances
                    WHERE id <> \(instanceID) AND flushed_request < \(request) AND seen > now() - interval '3 seconds'
                    """).map { try $0.decode(String.self) }
            }
            guard let first = lagging.first else { return }
            guard ContinuousClock.now < deadline else {
                throw PostgresStoreError("the instance \(first) has not written its journal within \(pool.timeout) of being asked, so "
                    + "the requests it served cannot all be seen yet; it is alive (heard from in the last 3 s) but overloaded or "
                    + "stalled. Ask again, or give the store a longer timeout")
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    package func replace(_ event: ServeEvent) {
        attempt(()) { () throws(PostgresStoreError) in
            if let held = heldEntry(event), writeBehind.replace(held) { return }
            let text = StoredServeEvent(event).jsonText
            try pool.withConnection { connection in
                try connection.run("UPDATE understudy_journal SET event = \(text) WHERE id = \(event.id)")
            }
        }
    }

    // MARK: Journal

    /// Journal entries after `position`, oldest first, with their positions.
    func events(after position: Int64) throws(PostgresStoreError) -> [(position: Int64, event: ServeEvent)] {
        let rows = try pool.withConnection { connection in
            try connection.run("SELECT position, event FROM understudy_journal WHERE position > \(position) ORDER BY position")
        }
        let registry = localStubs
        return try rows.map { row throws(PostgresStoreError) in try journalEntry(row, registry: registry) }
    }

    /// A journal row (position, stored entry), with the stub `registry` holds under its id.
    private func journalEntry(_ row: PostgresRow, registry: StubRegistry) throws(PostgresStoreError) -> (position: Int64, event: ServeEvent) {
        do {
            let (position, text) = try row.decode((Int64, String).self)
            let stored = try JSONDecoder().decode(StoredServeEvent.self, from: Data(text.utf8))
            return (position, try stored.event(in: registry, journalSequence: Int(position), extensions: mappingExtensions))
        } catch {
            throw .unreadable("journal entry", error)
        }
    }

    package var events: [ServeEvent] {
        attempt([]) { () throws(PostgresStoreError) in
            try catchUp()
            return try events(after: 0).map(\.event)
        }
    }

    package func event(id: UUID) -> ServeEvent? {
        attempt(nil) { () throws(PostgresStoreError) -> ServeEvent? in
            try catchUp()
            let row = try pool.withConnection { connection in
                try connection.run("SELECT position, event FROM understudy_journal WHERE id = \(id) ORDER BY position DESC LIMIT 1").first
            }
            return try row.map { row throws(PostgresStoreError) in try journalEntry(row, registry: localStubs).event }
        }
    }

    @discardableResult
    package func removeEvents(where shouldRemove: (ServeEvent) -> Bool) -> [ServeEvent] {
        attempt([]) { () throws(PostgresStoreError) in
            try catchUp()
            let removed = try events(after: 0).map(\.event).filter(shouldRemove)
            guard !removed.isEmpty else { return [] }
            try pool.withConnection { connection in
                try connection.run("DELETE FROM understudy_journal WHERE id = ANY(\(removed.map(\.id)))")
            }
            return removed
        }
    }

    package func wait(for pattern: RequestPattern, namespace: String?, count: Int,
                      continuation: CheckedContinuation<Void, any Error>) -> UInt64? {
        waiters.wait(for: pattern, namespace: namespace, count: count, continuation: continuation, in: self)
    }

    package func endWaiting(_ id: UInt64, throwing error: any Error) {
        waiters.end(id, throwing: error)
    }

    // MARK: Call counts

    package func callCount(of id: UUID, in namespace: String?) -> Int {
        attempt(0) { () throws(PostgresStoreError) in
            try catchUp()
            let row = try pool.withConnection { connection in
                try connection.run("SELECT sum(calls)::bigint FROM understudy_call_counts WHERE stub_id = \(id) AND scope = \(namespace ?? "")")
                    .first?.decode(Int64?.self) ?? nil
            }
            return Int(row ?? 0)
        }
    }

    // MARK: Reset

    package func reset(namespace: String) {
        writeBehind.forget(namespace: namespace)
        attempt(()) { () throws(PostgresStoreError) in
            let ids = try pool.transaction { connection -> [UUID] in
                let ids = try connection.run("SELECT id FROM understudy_stubs WHERE namespace = \(namespace) FOR UPDATE")
                    .map { try $0.decode(UUID.self) }
                try forget(stubs: ids, on: connection)
                try connection.run("DELETE FROM understudy_scenarios WHERE namespace = \(namespace)")
                try connection.run("DELETE FROM understudy_call_counts WHERE scope = \(namespace)")
                try connection.run("DELETE FROM understudy_journal WHERE namespace = \(namespace)")
                try announce("all", on: connection)
                return ids
            }
            try forgetHeldCalls(of: ids)
            try reloadStubs()
            forgetScenarios(nil)
        }
    }

    package func resetAll() {
        writeBehind.forget(namespace: nil)
        attempt(()) { () throws(PostgresStoreError) in
            try pool.transaction { connection in
                try connection.run("DELETE FROM understudy_stubs")
                try connection.run("DELETE FROM understudy_call_counts")
                try connection.run("DELETE FROM understudy_scenarios")
                try connection.run("DELETE FROM understudy_journal")
                try connection.run("UPDATE understudy_meta SET stubs_version = stubs_version + 1")
                try connection.run("UPDATE understudy_scenario_versions SET version = version + 1")
                try announce("all", on: connection)
            }
            try reloadStubs()
            forgetScenarios(nil)
        }
    }

    // MARK: Other instances' changes

    /// Acts on a notification: `stubs`, `scenarios:<namespace>`, `settings`, `messages` or
    /// `all`, then `:<instance>`.
    /// `nil` means the listener reconnected and may have missed some: everything is reloaded.
    func changed(_ payload: String?) {
        guard let payload else {
            try? reloadStubs()
            forgetScenarios(nil)
            settingsChanged()
            for reload in messageStubObservers.withLock({ $0 }) { reload() }
            return
        }
        guard let separator = payload.lastIndex(of: ":"), payload[payload.index(after: separator)...] != instanceID else { return }
        let change = payload[..<separator]
        if change.hasPrefix("flush "), let request = Int64(change.dropFirst("flush ".count)) {
            writeBehind.requested(request)
        } else if change == "stubs" {
            attempt(()) { () throws(PostgresStoreError) in try reloadStubs() }
        } else if change == "settings" {
            settingsChanged()
        } else if change == "messages" {
            for reload in messageStubObservers.withLock({ $0 }) { reload() }
        } else if change.hasPrefix("scenarios:") {
            forgetScenarios(String(change.dropFirst("scenarios:".count)))
        } else {
            attempt(()) { () throws(PostgresStoreError) in try reloadStubs() }
            forgetScenarios(nil)
        }
    }
}
