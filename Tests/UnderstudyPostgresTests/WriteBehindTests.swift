import Foundation
import Testing
import Understudy
import UnderstudyJSON
import UnderstudyPostgres
import UnderstudyServer
import UnderstudyTestSupport

extension PostgresTests {
    /// Journal entries and call counts of requests that move no scenario are written behind,
    /// in batches: verification through any instance still sees every instance's requests,
    /// waiting for each live one to have written past the moment it asked.
    @Suite struct WriteBehindTests {
        @Test(.timeLimit(.minutes(2)))
        func aCleanStopWritesEverythingHeld() async throws {
            try await PostgresCluster.with { cluster in
                let url = try await cluster.makeDatabase()
                let first = try await SharedInstances.start(1, url: url)
                first[0].mock.stub(.get(urlPath: "/static"), .ok)
                for _ in 0..<300 { #expect(try await send(first[0].baseURL, "/static").status == 200) }
                await first.stop()

                let later = try await SharedInstances.start(1, url: url)
                try later[0].mock.verify(.exactly(300), .get(urlPath: "/static"))
                #expect(later[0].mock.callCount(ofStub: try #require(later[0].mock.stubMappings.first).id) == 300)
                await later.stop()
            }
        }

        /// An instance that serves faster than the database writes holds no more than the journal
        /// keeps (and one batch): the older entries would be trimmed once written. Call counts
        /// are kept whole. (The soak in `Benchmarks/shared-store-soak.sh` found memory growing
        /// without this bound.)
        @Test(.timeLimit(.minutes(2)))
        func entriesHeldPastTheJournalsCapacityAreDroppedAndCallsStillCounted() async throws {
            try await PostgresCluster.with { cluster in
                let url = try await cluster.makeDatabase()
                let store = try PostgresStateStore(url: url, journalCapacity: 5)
                let server = MockServer(mock: HTTPMock(sharing: store))
                try await server.start()
                let base = try server.baseURL
                server.mock.stub(.request(.get, .urlPathPattern("/static/.*")), .ok)
                store.pauseJournalWrites(true)
                let total = 5 + 600
                for index in 0..<total { #expect(try await send(base, "/static/\(index)").status == 200) }
                #expect(store.heldJournalEntries < 5 + 512)
                store.pauseJournalWrites(false)
                let paths = server.mock.serveEvents.map(\.request.path)
                #expect(paths == (total - 5..<total).map { "/static/\($0)" })
                #expect(server.mock.callCount(ofStub: try #require(server.mock.stubMappings.first).id) == total)
                try? await server.shutdown()
                store.close()
            }
        }

        /// Each flush trims the positions its own batch pushes out of the capacity: with two
        /// instances' batches interleaved the journal still keeps exactly the newest, and an
        /// instance that keeps fewer than an earlier one trims the rest when it starts.
        @Test(.timeLimit(.minutes(2)))
        func theJournalKeepsTheNewestEntriesAcrossInstancesAndALoweredCapacity() async throws {
            try await PostgresCluster.with { cluster in
                let url = try await cluster.makeDatabase()
                var servers: [MockServer] = []
                var stores: [PostgresStateStore] = []
                for _ in 0..<2 {
                    let store = try PostgresStateStore(url: url, journalCapacity: 5)
                    let server = MockServer(mock: HTTPMock(sharing: store))
                    try await server.start()
                    (servers, stores) = (servers + [server], stores + [store])
                }
                servers[0].mock.stub(.request(.get, .urlPathPattern("/static/.*")), .ok)
                var sent: [String] = []
                for (round, server) in [0, 1, 0, 1].map({ servers[$0] }).enumerated() {
                    for index in 0..<3 {
                        let path = "/static/\(round)-\(index)"
                        #expect(try await send(try server.baseURL, path).status == 200)
                        sent.append(path)
                    }
                    // Every instance writes what it holds: the next round's batch comes after.
                    _ = servers[1 - round % 2].mock.serveEvents
                }
                #expect(servers[1].mock.serveEvents.map(\.request.path) == Array(sent.suffix(5)))
                for server in servers { try? await server.shutdown() }
                for store in stores { store.close() }

                let smaller = try PostgresStateStore(url: url, journalCapacity: 2)
                #expect(HTTPMock(sharing: smaller).serveEvents.map(\.request.path) == Array(sent.suffix(2)))
                smaller.close()
            }
        }

        @Test(.timeLimit(.minutes(2)))
        func verificationWaitsForALaggingInstanceAndNamesItWhenItIsTooLate() async throws {
            try await PostgresCluster.with { cluster in
                try await SharedInstances.with(2, on: cluster, timeout: .seconds(1)) { shared in
                    shared[0].mock.stub(.get(urlPath: "/static"), .ok)
                    shared[1].store.pauseJournalWrites(true)
                    #expect(try await send(shared[1].baseURL, "/static").status == 200)

                    // The lagging instance is alive (heard from in the last 3 s): the wait ends at
                    // the store's timeout, and the error says which instance lags.
                    let asked = try await send(shared[0].baseURL, "/__admin/requests")
                    #expect(asked.status == 503)
                    #expect(asked.body.contains("the instance \(shared[1].store.instanceID) has not written its journal"), "\(asked.body)")

                    shared[1].store.pauseJournalWrites(false)
                    try shared[0].mock.verify(.exactly(1), .get(urlPath: "/static"))
                }
            }
        }

        @Test(.timeLimit(.minutes(2)))
        func aDeadInstanceIsDroppedFromTheWait() async throws {
            try await PostgresCluster.with { cluster in
                let url = try await cluster.makeDatabase()
                let database = try #require(url.split(separator: "/").last.map(String.init))
                let shared = try await SharedInstances.start(2, url: url, timeout: .seconds(1))
                defer { Task { await shared.stop() } }
                shared[0].mock.stub(.get(urlPath: "/static"), .ok)
                #expect(try await send(shared[0].baseURL, "/static").status == 200)
                // The second instance stops writing and is last heard from a minute ago, as a
                // process that died without a clean stop would be.
                shared[1].store.pauseJournalWrites(true)
                _ = try await cluster.psql("""
                    UPDATE understudy_instances SET seen = now() - interval '1 minute' WHERE id = '\(shared[1].store.instanceID)'
                    """, database: database)
                try shared[0].mock.verify(.exactly(1), .get(urlPath: "/static"))
                let asked = try await send(shared[0].baseURL, "/__admin/requests")
                #expect(asked.status == 200, "\(asked.body)")
                shared[1].store.pauseJournalWrites(false)
                await shared.stop()
            }
        }
    }
}
