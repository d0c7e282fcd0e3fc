import Dispatch
import PostgresNIO
import UnderstudySupport

/// Hears other instances' changes (`LISTEN understudy_changes`) on a connection of its own,
/// and connects again when the connection drops (the database restarted): then it reports
/// `nil`, since notifications sent meanwhile are lost, and the store reloads everything.
///
/// Payloads are handled on a queue of their own: the store reloads with blocking calls, which
/// must not run on the connections' event loop.
final class PostgresChangeListener: Sendable {
    private let pool: PostgresConnectionPool
    private let onChange: @Sendable (String?) -> Void
    private let queue = DispatchQueue(label: "understudy.postgres.changes")
    /// Marks ``queue``, so that ``stop()`` called on it (the store's last reference dropped while
    /// a change is handled) does not wait for itself.
    private let onQueue = DispatchSpecificKey<Bool>()
    private let connection = Locked<PostgresConnection?>(nil)
    private let isStopped = Locked<Bool>(false)

    init(pool: PostgresConnectionPool, onChange: @escaping @Sendable (String?) -> Void) throws(PostgresStoreError) {
        self.pool = pool
        self.onChange = onChange
        queue.setSpecific(key: onQueue, value: true)
        try listen()
    }

    private func listen() throws(PostgresStoreError) {
        let connection = try pool.connect()
        do {
            // PostgresNIO traps when a listener is dropped unused, which happens when the
            // connection closed before the listener reached it (seen while the database
            // restarts): the listener is added on the connection's event loop, and only while
            // the connection is open, so that it always reaches the connection's handler.
            _ = try PostgresConnectionPool.wait(for: connection.eventLoop.submit { [queue, onChange] in
                guard !connection.isClosed else { throw ChannelError.ioOnClosedChannel }
                connection.addListener(channel: "understudy_changes") { _, notification in
                    let payload = notification.payload
                    queue.async { onChange(payload) }
                }
            }, timeout: pool.timeout)
            _ = try PostgresConnectionPool.wait(for: connection.query("LISTEN understudy_changes", logger: PostgresConnectionPool.logger),
                                                timeout: pool.timeout)
        } catch {
            PostgresConnectionPool.close(connection)
            throw .failed(pool.location, error, timeout: pool.timeout)
        }
        let stopped = isStopped.withLock { stopped in
            if !stopped { self.connection.withLock { $0 = connection } }
            return stopped
        }
        if stopped {
            _ = try? PostgresConnectionPool.wait(for: connection.close(), timeout: .seconds(2))
            return
        }
        connection.closeFuture.whenComplete { [weak self] _ in self?.reconnect(after: .milliseconds(100)) }
    }

    /// Tries again, waiting longer each time (up to 2 s), until the database answers.
    private func reconnect(after delay: DispatchTimeInterval) {
        guard !isStopped.withLock({ $0 }) else { return }
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, !self.isStopped.withLock({ $0 }) else { return }
            do {
                try self.listen()
                self.onChange(nil)
            } catch {
                let next: DispatchTimeInterval = switch delay {
                case .milliseconds(let milliseconds): .milliseconds(min(2_000, milliseconds * 2))
                default: .seconds(2)
                }
                self.reconnect(after: next)
            }
        }
    }

    /// Closes the connection and waits for it (the pool's event loop stops next). A reconnection
    /// under way on the queue is waited for first: it sees the stop and closes what it opened,
    /// while the event loop still runs (a connection closed on a stopped loop traps).
    func stop() {
        isStopped.withLock { $0 = true }
        if DispatchQueue.getSpecific(key: onQueue) != true { queue.sync {} }
        if let connection = connection.withLock({ connection in
            defer { connection = nil }
            return connection
        }) {
            _ = try? PostgresConnectionPool.wait(for: connection.close(), timeout: .seconds(2))
        }
    }
}
