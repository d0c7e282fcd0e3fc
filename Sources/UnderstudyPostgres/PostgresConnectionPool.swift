import Dispatch
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import UnderstudySupport

/// A few connections to one database, used by blocking calls (the state store's operations
/// are synchronous). The connections run on an event loop of their own, so a caller that
/// blocks (even on another event loop) never holds up the replies it waits for.
///
/// Every call is bounded by the store's timeout: the server cancels a statement that runs
/// longer (`statement_timeout`, `lock_timeout`), and the caller stops waiting shortly after.
/// A connection that failed or timed out is closed and replaced on next use, which is how the
/// store reconnects after the database restarts.
final class PostgresConnectionPool: Sendable {
    let location: PostgresStoreLocation
    let timeout: Duration
    private let group: MultiThreadedEventLoopGroup
    private let idle = Locked<[PostgresConnection]>([])
    private let slots: DispatchSemaphore
    private let size: Int
    private let nextID = Locked<Int>(0)
    private let isClosed = Locked<Bool>(false)
    static let logger = Logger(label: "understudy.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    init(location: PostgresStoreLocation, timeout: Duration, size: Int) {
        self.location = location
        self.timeout = timeout
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.size = size
        slots = DispatchSemaphore(value: size)
    }

    /// Runs `body` with a connection of its own (waiting for one when all are busy).
    @discardableResult
    func withConnection<T>(_ body: (Connection) throws -> T) throws(PostgresStoreError) -> T {
        guard !isClosed.withLock({ $0 }) else { throw PostgresStoreError("the PostgreSQL store at \(location) is closed") }
        guard slots.wait(timeout: .now() + timeout.timeInterval) == .success else { throw .timedOut(location, after: timeout) }
        defer { slots.signal() }
        let connection = try take()
        do {
            let result = try body(Connection(connection: connection, pool: self))
            idle.withLock { $0.append(connection) }
            return result
        } catch {
            // A statement error leaves the connection usable (after a rollback, which the
            // transaction did); anything else, or not knowing, replaces it.
            if let psql = error as? PSQLError, psql.code == .server, !connection.isClosed {
                idle.withLock { $0.append(connection) }
            } else {
                Self.close(connection)
            }
            throw .failed(location, error, timeout: timeout)
        }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    @discardableResult
    func transaction<T>(_ body: (Connection) throws -> T) throws(PostgresStoreError) -> T {
        try withConnection { connection in
            try connection.run("BEGIN")
            do {
                let result = try body(connection)
                try connection.run("COMMIT")
                return result
            } catch {
                _ = try? connection.run("ROLLBACK")
                throw error
            }
        }
    }

    /// A connection on its own (the notification listener's), set up as the pool's are.
    func connect() throws(PostgresStoreError) -> PostgresConnection {
        let id = nextID.withLock { id in
            id += 1
            return id
        }
        do {
            let connecting = PostgresConnection.connect(on: group.next(), configuration: location.connectionConfiguration, id: id, logger: Self.logger)
            let connection: PostgresConnection
            do {
                connection = try Self.wait(for: connecting, timeout: timeout)
            } catch {
                // One that connects after the wait gave up is closed, not dropped.
                connecting.whenSuccess { Self.close($0) }
                throw error
            }
            let milliseconds = "\(Int(timeout.timeInterval * 1000))"
            do {
                _ = try Self.wait(for: connection.query("SELECT set_config('statement_timeout', \(milliseconds), false), set_config('lock_timeout', \(milliseconds), false)",
                                                        logger: Self.logger), timeout: timeout)
            } catch {
                // PostgresNIO traps when a connection is released unclosed (here, the database
                // went away between the connection and its set-up).
                Self.close(connection)
                throw error
            }
            return connection
        } catch {
            throw .failed(location, error, timeout: timeout)
        }
    }

    private func take() throws(PostgresStoreError) -> PostgresConnection {
        while let connection = idle.withLock({ $0.popLast() }) {
            if !connection.isClosed { return connection }
        }
        return try connect()
    }

    /// Closes every connection and stops the event loop; calls made afterwards fail.
    func close() {
        guard !isClosed.withLock({ closed in
            defer { closed = true }
            return closed
        }) else { return }
        // Calls under way finish first (each within the timeout): a connection's pending reply
        // must not outlive its event loop.
        let taken = (0..<size).count { _ in slots.wait(timeout: .now() + timeout.timeInterval + 1) == .success }
        // Dispatch traps on a semaphore released below its starting value.
        defer { for _ in 0..<taken { slots.signal() } }
        for connection in idle.withLock({ connections in
            defer { connections = [] }
            return connections
        }) {
            _ = try? Self.wait(for: connection.close(), timeout: .seconds(2))
        }
        group.shutdownGracefully { _ in }
    }

    /// Closes `connection` without waiting, keeping it until it is closed: PostgresNIO traps
    /// when a connection whose channel is still open is released.
    static func close(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// Blocks until `future` completes, at most `timeout` (plus a second, so that the
    /// server's own cancellation, with its clearer message, comes first).
    static func wait<T: Sendable>(for future: EventLoopFuture<T>, timeout: Duration) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<Result<T, any Error>?>(nil)
        future.whenComplete { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout.timeInterval + 1) == .success,
              let result = outcome.withLock({ $0 }) else {
            throw PoolTimeout()
        }
        return try result.get()
    }

    /// A call the database did not answer in time.
    struct PoolTimeout: Error {}

    /// A connection lent out by the pool.
    struct Connection {
        let connection: PostgresConnection
        let pool: PostgresConnectionPool

        /// Runs a statement and returns its rows.
        @discardableResult
        func run(_ query: PostgresQuery) throws -> [PostgresRow] {
            try PostgresConnectionPool.wait(for: connection.query(query, logger: PostgresConnectionPool.logger), timeout: pool.timeout).rows
        }
    }
}
