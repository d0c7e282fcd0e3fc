import Dispatch
import Foundation
import Testing
@testable import UnderstudyPostgres
import UnderstudyTestSupport

extension PostgresTests {
    /// The write-behind's queue: an instance serving faster than the database writes queued one
    /// flush per request behind the flush under way, and the queue grew without bound (found by
    /// `Benchmarks/shared-store-soak.sh`: 1.4 MiB/s at 9 800 requests/s).
    @Suite struct WriteBehindQueueTests {
        @Test(.timeLimit(.minutes(1)))
        func atMostOneFlushWaitsWhateverIsAppendedOrAsked() async throws {
            try await PostgresCluster.with { cluster in
                let location = try PostgresStoreLocation(url: try await cluster.makeDatabase())
                let pool = PostgresConnectionPool(location: location, timeout: .seconds(5), size: 1)
                defer { pool.close() }
                try PostgresSchema.migrate(pool)
                let queue = DispatchQueue(label: "a write-behind's queue, held")
                let writeBehind = try PostgresWriteBehind(pool: pool, instanceID: "held", journalCapacity: 100_000, queue: queue) { _ in }
                // As if a flush were under way: nothing queued can begin.
                queue.suspend()
                let count = PostgresWriteBehind.batchSize * 4
                for _ in 0..<count {
                    try writeBehind.append(PostgresWriteBehind.Entry(id: UUID(), namespace: "", text: "{}"), in: "")
                }
                for request in 1...20 { writeBehind.requested(Int64(request)) }
                #expect(writeBehind.queuedFlushes == 1)
                #expect(writeBehind.heldCount == count)
                queue.resume()
                try writeBehind.flushNow()
                #expect(writeBehind.heldCount == 0)
                #expect(writeBehind.queuedFlushes == 0)
                writeBehind.stop()
            }
        }
    }
}
