import Foundation
import Testing
import Understudy
import UnderstudyPostgres
import UnderstudyStoreConformance
import UnderstudySupport
import UnderstudyTestSupport

extension PostgresTests {
    /// The PostgreSQL store keeps every rule the in-memory one keeps (the shared conformance
    /// checks), against a real PostgreSQL that the test starts.
    @Suite struct PostgresStateStoreTests {
        @Test(.timeLimit(.minutes(2)), arguments: MockStateStoreConformance.checks)
        func conforms(_ check: MockStateStoreConformance.Check) async throws {
            try await PostgresCluster.with { cluster in
                let stores = Locked<[PostgresStateStore]>([])
                defer { for store in stores.withLock({ $0 }) { store.close() } }
                // A check makes at most two stores, each on an empty database of its own.
                let databases = Locked([try await cluster.makeDatabase(), try await cluster.makeDatabase()])
                try await check.run { capacity in
                    do {
                        let url = try databases.withLock { databases in
                            guard !databases.isEmpty else { throw PostgresCluster.ClusterError("a check made more than two stores") }
                            return databases.removeFirst()
                        }
                        let store = try PostgresStateStore(url: url, journalCapacity: capacity)
                        stores.withLock { $0.append(store) }
                        return store
                    } catch {
                        Issue.record("no store: \(error)")
                        return InMemoryStateStore(journalCapacity: capacity)
                    }
                }
            }
        }

        @Test func aBadURLNamesTheProblemAndTheForm() {
            #expect(throws: PostgresStoreError.self) { try PostgresStoreLocation(url: "mysql://db/x") }
            do {
                _ = try PostgresStoreLocation(url: "http://db/x")
                Issue.record("an http URL was taken for a PostgreSQL store")
            } catch {
                #expect(error.description.contains("its scheme is 'http', not postgres"))
                #expect(error.description.contains("postgres://user:password@host:5432/database"))
            }
            let location = try? PostgresStoreLocation(url: "postgres://ada:s%40cret@db.local:6543/mocks")
            #expect(location?.password == "s@cret")
            #expect(location?.description == "db.local:6543/mocks", "the password never shows")
        }

        @Test(.timeLimit(.minutes(1)))
        func anUnreachableDatabaseIsAClearError() throws {
            // Nothing listens on port 1.
            do {
                _ = try PostgresStateStore(url: "postgres://postgres@127.0.0.1:1/none", timeout: .seconds(2))
                Issue.record("connected to nothing")
            } catch {
                #expect(error.description.contains("PostgreSQL at 127.0.0.1:1/none failed"), "\(error)")
                #expect(error.description.contains("Check that the database is up"), "\(error)")
            }
        }

        @Test(.timeLimit(.minutes(1)))
        func aClosureStubIsRefusedWithTheReason() async throws {
            try await PostgresCluster.with { cluster in
                let store = try PostgresStateStore(url: try await cluster.makeDatabase())
                defer { store.close() }
                let mock = HTTPMock(sharing: store)
                let (_, failure) = StoreFailures.collecting {
                    mock.stub(.get(urlPath: "/dynamic")) { _, _ in .ok }
                }
                #expect(failure.map { "\($0)".contains("cannot share with other instances") } == true, "\(String(describing: failure))")
                #expect(mock.stubMappings.isEmpty)
            }
        }
    }
}
