import Foundation
import Testing
import Understudy
import UnderstudyJSON
import UnderstudyPostgres
import UnderstudyServer
import UnderstudySupport
import UnderstudyTestSupport

extension PostgresTests {
    /// What the shared store does when PostgreSQL restarts, stops, is slow, or an instance dies
    /// or lags: nothing acknowledged is lost; a static stub is served from memory while its
    /// journal is held; what needs the database (a scenario, an admin call, verification) is
    /// an error that says why.
    @Suite struct SharedStateFailureTests {
        @Test(.timeLimit(.minutes(2)))
        func aCrashRestartOfPostgresLosesNothing() async throws {
            try await PostgresCluster.with { cluster in
                try await SharedInstances.with(2, on: cluster) { shared in
                    shared[0].mock.stub(.get(urlPath: "/kept"), .ok.body("kept"))
                    shared[0].mock.stub(.post(urlPath: "/move"), .ok, scenario: "flow", willSetState: "moved")
                    #expect(try await send(shared[1].baseURL, "/move", method: "POST").status == 200)
                    #expect(try await send(shared[0].baseURL, "/kept").body == "kept")

                    // Killed without a checkpoint, as in a crash: what was committed comes back from the log.
                    try await cluster.restart(immediate: true)

                    for instance in shared.instances {
                        #expect(try await send(instance.baseURL, "/kept").body == "kept")
                        #expect(instance.mock.scenarios.first { $0.name == "flow" }?.state == "moved")
                    }
                    try shared[1].mock.verify(.exactly(1), .post(urlPath: "/move"))
                    try shared[0].mock.verify(.exactly(3), .get(urlPath: "/kept"))
                    // The listener reconnected too: a change made through one reaches the other.
                    shared[1].mock.stub(.get(urlPath: "/after"), .ok)
                    try await waitUntil("the first instance hears of the new stub") {
                        shared[0].store.localStubs.mappings.contains { $0.request.url == .urlPath("/after") }
                    }
                }
            }
        }

        @Test(.timeLimit(.minutes(2)))
        func whileThePostgresIsDownStaticStubsAreServedFromMemoryAndWhatNeedsItFailsClearly() async throws {
            try await PostgresCluster.with { cluster in
                try await SharedInstances.with(2, on: cluster, timeout: .seconds(2)) { shared in
                    shared[0].mock.stub(.get(urlPath: "/kept"), .ok.body("kept"))
                    shared[0].mock.stub(.post(urlPath: "/move"), .ok, scenario: "flow", willSetState: "moved")
                    try await cluster.stopServer()

                    // A static stub from memory; its journal entry is held until the database is back.
                    #expect(try await send(shared[0].baseURL, "/kept").body == "kept")
                    // A scenario cannot move atomically without the database.
                    let moved = try await send(shared[0].baseURL, "/move", method: "POST")
                    #expect(moved.status == 503)
                    #expect(moved.body.contains("its state store failed"), "\(moved.body)")
                    #expect(moved.body.contains("PostgreSQL at 127.0.0.1:\(cluster.port)"), "\(moved.body)")
                    let listed = try await send(shared[1].baseURL, "/__admin/mappings")
                    #expect(listed.status == 503)
                    #expect(try JSONValue(parsing: listed.body)["errors"]?.arrayValue?.first?["title"]?.stringValue == "The state store failed")
                    let added = try await send(shared[1].baseURL, "/__admin/mappings", method: "POST",
                                               body: #"{"request": {"url": "/lost"}, "response": {"status": 200}}"#)
                    #expect(added.status == 503, "an admin call the store could not keep is not acknowledged")

                    try await cluster.startServer()
                    #expect(try await send(shared[1].baseURL, "/kept").body == "kept")
                    // The request served during the outage was written once the database was back;
                    // the refused ones were never journaled.
                    try shared[1].mock.verify(.exactly(2), .get(urlPath: "/kept"))
                    try shared[1].mock.verify(.exactly(0), .post(urlPath: "/move"))
                    #expect(shared[1].mock.scenarios.first { $0.name == "flow" }?.state == "Started")
                    #expect(!shared[0].mock.stubMappings.contains { $0.request.url == .url("/lost") })
                }
            }
        }

        @Test(.timeLimit(.minutes(2)))
        func aSlowDatabaseTimesOutWithAClearError() async throws {
            try await PostgresCluster.with { cluster in
                let url = try await cluster.makeDatabase()
                let database = try #require(url.split(separator: "/").last.map(String.init))
                let shared = try await SharedInstances.start(1, url: url, timeout: .seconds(1))
                defer { Task { await shared.stop() } }
                shared[0].mock.stub(.get(urlPath: "/slow"), .ok, scenario: "slow", willSetState: "served")
                shared[0].mock.stub(.get(urlPath: "/static"), .ok)
                // Another session holds the table every scenario's commit reads, for longer than the timeout.
                let holder = cluster.psqlInBackground(
                    "BEGIN; LOCK TABLE understudy_meta IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(4); COMMIT;", database: database)
                try await waitForLock(on: "understudy_meta", cluster: cluster, database: database)

                let served = try await send(shared[0].baseURL, "/slow")
                #expect(served.status == 503)
                #expect(served.body.contains("did not answer within 1.0 seconds"), "\(served.body)")
                #expect(served.body.contains("--store-timeout"), "\(served.body)")
                #expect(try await send(shared[0].baseURL, "/static").status == 200, "a static stub's commit waits on nothing")

                _ = try await holder.value
                #expect(try await send(shared[0].baseURL, "/slow").status == 200)
                try shared[0].mock.verify(.exactly(1), .get(urlPath: "/slow"))
                try shared[0].mock.verify(.exactly(1), .get(urlPath: "/static"))
                await shared.stop()
            }
        }

        @Test(.timeLimit(.minutes(2)))
        func whatAnInstanceCommittedOutlivesIt() async throws {
            try await PostgresCluster.with { cluster in
                let url = try await cluster.makeDatabase()
                let survivor = try await SharedInstances.start(1, url: url)
                let dying = try await SharedInstances.start(1, url: url)
                defer { Task { await survivor.stop() } }
                survivor[0].mock.stub(.post(urlPath: "/pay"), ResponseDefinition.ok.delayed(by: .seconds(20)), scenario: "payment",
                                      willSetState: "paid")
                // The request is committed (journaled, scenario moved) before its delay; the instance
                // serving it dies before answering.
                let inFlight = Task { try? await send(dying[0].baseURL, "/pay", method: "POST") }
                try await survivor[0].mock.waitForRequests(matching: .post(urlPath: "/pay"), timeout: .seconds(30))
                await dying.stop()
                #expect(await inFlight.value?.status != 200)

                #expect(survivor[0].mock.scenarios.first { $0.name == "payment" }?.state == "paid")
                try survivor[0].mock.verify(.exactly(1), .post(urlPath: "/pay"))
                #expect(survivor[0].mock.callCount(ofStub: try #require(survivor[0].mock.stubMappings.first).id) == 1)
                await survivor.stop()
            }
        }

        /// PostgreSQL killed and restarted while two instances serve a static stub under load:
        /// every request is answered (from memory while the database is away), and every one
        /// answered is in the journal once it is back.
        @Test(.timeLimit(.minutes(2)))
        func aCrashRestartOfPostgresMidLoadLosesNoAnsweredRequest() async throws {
            try await PostgresCluster.with { cluster in
                try await SharedInstances.with(2, on: cluster) { shared in
                    shared[0].mock.stub(.get(urlPath: "/static"), .ok)
                    let load = Load()
                    let workers = (0..<4).map { worker in
                        Task {
                            while !load.isStopping {
                                load.record(try await send(shared[worker % 2].baseURL, "/static").status)
                            }
                        }
                    }
                    try await waitUntil("requests are served before the restart") { load.answered >= 200 }
                    try await cluster.restart(immediate: true)
                    let afterRestart = load.answered
                    try await waitUntil("requests are served after the restart") { load.answered >= afterRestart + 200 }
                    load.stop()
                    for worker in workers { try await worker.value }

                    #expect(load.refused == [:], "a static stub is served from memory while the database is away")
                    let answered = load.answered
                    try shared[1].mock.verify(.exactly(answered), .get(urlPath: "/static"))
                    #expect(shared[0].mock.callCount(ofStub: try #require(shared[0].mock.stubMappings.first).id) == answered)
                }
            }
        }

        /// An instance that dies with requests answered and not yet written loses exactly those
        /// (the window the DocC article bounds); what it wrote before survives, and the others'
        /// verification drops it from the wait once it has been silent for 3 s.
        @Test(.timeLimit(.minutes(2)))
        func anInstanceThatCrashesWithItsWindowUnflushedLosesThatWindowOnly() async throws {
            try await PostgresCluster.with { cluster in
                try await SharedInstances.with(2, on: cluster) { shared in
                    shared[0].mock.stub(.get(urlPath: "/static"), .ok)
                    for _ in 0..<4 { #expect(try await send(shared[1].baseURL, "/static").status == 200) }
                    try shared[0].mock.verify(.exactly(4), .get(urlPath: "/static"))

                    shared[1].store.pauseJournalWrites(true)
                    for _ in 0..<3 { #expect(try await send(shared[1].baseURL, "/static").status == 200) }
                    #expect(shared[1].store.crash() == 3)

                    try shared[0].mock.verify(.exactly(4), .get(urlPath: "/static"))
                    #expect(shared[0].mock.callCount(ofStub: try #require(shared[0].mock.stubMappings.first).id) == 4)
                    #expect(try await send(shared[0].baseURL, "/__admin/requests").status == 200)
                }
            }
        }

        /// What the load of ``aCrashRestartOfPostgresMidLoadLosesNoAnsweredRequest()`` got back.
        private final class Load: Sendable {
            private struct Counts {
                var answered = 0
                /// Answers other than 200, by status.
                var refused: [Int: Int] = [:]
                var isStopping = false
            }

            private let counts = Locked(Counts())
            var answered: Int { counts.withLock { $0.answered } }
            var refused: [Int: Int] { counts.withLock { $0.refused } }
            var isStopping: Bool { counts.withLock { $0.isStopping } }

            func record(_ status: Int) {
                counts.withLock { counts in
                    if status == 200 { counts.answered += 1 } else { counts.refused[status, default: 0] += 1 }
                }
            }

            func stop() { counts.withLock { $0.isStopping = true } }
        }

        /// Waits until some session holds an exclusive lock on `table`.
        private func waitForLock(on table: String, cluster: PostgresCluster, database: String) async throws {
            let query = """
                SELECT count(*) FROM pg_locks l JOIN pg_class c ON l.relation = c.oid
                WHERE c.relname = '\(table)' AND l.mode = 'AccessExclusiveLock' AND l.granted
                """
            for _ in 0..<3_000 {
                if try await cluster.psql(query, database: database).trimmingCharacters(in: .whitespacesAndNewlines) == "1" { return }
                try await Task.sleep(for: .milliseconds(10))
            }
            Issue.record("the lock was never taken")
        }
    }
}
