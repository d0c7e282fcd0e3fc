import Dispatch
import Foundation
import PostgresNIO
import UnderstudySupport

/// An instance's journal entries and call counts, written to the database behind the requests
/// that made them: in batches (group commit), one transaction per ``batchSize`` entries or per
/// ``interval``, whichever comes first, so that a request that moves no scenario makes no
/// round trip.
///
/// - A clean stop (``stop()``) writes what is held. A crash loses at most what was held: the
///   last `interval`'s entries, or more while the database is down.
/// - While the database cannot be reached, entries are held (up to ``capacity``) and written
///   once it is back; past that, ``append(stub:namespace:entry:)`` throws, and the request
///   gets a `503` rather than an answer nobody could verify.
/// - Every flush runs on one serial queue, so batches reach the database in order. At most
///   one flush waits on it besides the timer's: a flush writes everything held when it runs,
///   so another one queued behind it would find nothing (one queued per request once the
///   database fell behind grew the queue without bound, 145 bytes a request).
/// - Verification waits for every live instance to have written past the moment it asked
///   (``PostgresStateStore/catchUp()``): the instances hear the flush request by notification,
///   and each reads the latest request every ``interval`` too, in case it missed one.
final class PostgresWriteBehind: Sendable {
    /// An entry held: its id, namespace ('' for none) and stored JSON.
    struct Entry: Sendable {
        var id: UUID
        var namespace: String
        var text: String
    }

    private struct CallKey: Hashable {
        var stub: UUID
        var scope: String
    }

    private struct State {
        var entries: [Entry] = []
        var calls: [CallKey: Int64] = [:]
        /// Calls this instance counted since it started, per stub and scope.
        var counted: [CallKey: Int] = [:]
        /// The highest flush request heard of and not yet written.
        var requested: Int64 = 0
        /// The highest flush request written.
        var written: Int64 = 0
        /// The failure of the last flush, while the database cannot be reached.
        var failing: PostgresStoreError?
        var lastWritten = ContinuousClock.now
        var isStopped = false
        /// Flushes paused by a test that plays a lagging instance.
        var isPaused = false
        /// Flushes queued on the queue and not yet begun (at most one).
        var queuedFlushes = 0
    }

    /// The most entries one transaction writes.
    static let batchSize = 512
    /// How long an entry waits at most before it is written (while the database answers).
    static let interval: Duration = .milliseconds(10)
    /// How often an idle instance still writes its row, so that others know it is alive.
    static let heartbeat: Duration = .seconds(1)
    /// The most entries held while the database cannot be reached.
    static let capacity = 100_000

    private let state = Locked(State())
    private let queue: DispatchQueue
    private let pool: PostgresConnectionPool
    private let instanceID: String
    private let journalCapacity: Int
    private let report: @Sendable (PostgresStoreError) -> Void

    /// Writes for `instanceID` through `pool`; `queue` is where flushes run (a test passes one
    /// it suspends, to see what waits on it).
    init(pool: PostgresConnectionPool, instanceID: String, journalCapacity: Int,
         queue: DispatchQueue = DispatchQueue(label: "understudy.postgres.write-behind"),
         report: @escaping @Sendable (PostgresStoreError) -> Void) throws(PostgresStoreError) {
        self.queue = queue
        self.pool = pool
        self.instanceID = instanceID
        self.journalCapacity = journalCapacity
        self.report = report
        // A flush trims only the positions its batch pushes out of the capacity: rows past it
        // that an instance keeping more left (an earlier run, with a larger capacity) go now.
        if journalCapacity > 0 {
            try pool.withConnection { connection in
                try connection.run("""
                    DELETE FROM understudy_journal WHERE position <= (SELECT max(position) FROM understudy_journal) - \(Int64(journalCapacity))
                    """)
            }
        }
        // The instance's row exists before it serves: others wait for it from its first request.
        try write(Batch(entries: [], calls: [:], request: 0))
        scheduleTick()
    }

    /// Runs ``flushIfDue()`` every ``interval`` on the queue, until stopped.
    private func scheduleTick() {
        queue.asyncAfter(deadline: .now() + Self.interval.timeInterval) { [weak self] in
            guard let self, !self.state.withLock({ $0.isStopped }) else { return }
            self.flushIfDue()
            self.scheduleTick()
        }
    }

    /// Holds a served request's journal entry (if any) and, for a stub's answer, the stub's
    /// call; returns the stub's calls counted by this instance (0 without a stub). Throws when
    /// the database has been unreachable for so long that ``capacity`` entries are held.
    @discardableResult
    func append(_ entry: Entry?, countingCallOf stub: UUID? = nil, in namespace: String) throws(PostgresStoreError) -> Int {
        let (calls, full, failing) = state.withLock { state -> (Int, Bool, PostgresStoreError?) in
            if let failing = state.failing, state.entries.count >= Self.capacity { return (0, false, failing) }
            if let entry {
                state.entries.append(entry)
                // Past the journal's capacity, the oldest held entries would be trimmed as soon as
                // the newer ones are written: they are dropped here instead (a batch at a time),
                // so that an instance serving faster than the database writes stays bounded.
                if state.entries.count >= journalCapacity + Self.batchSize {
                    state.entries.removeFirst(state.entries.count - journalCapacity)
                }
            }
            var count = 0
            if let stub {
                for scope in namespace.isEmpty ? [""] : ["", namespace] {
                    let key = CallKey(stub: stub, scope: scope)
                    state.calls[key, default: 0] += 1
                    state.counted[key, default: 0] += 1
                    if scope == namespace { count = state.counted[key] ?? 0 }
                }
            }
            return (count, state.entries.count >= Self.batchSize, nil)
        }
        if let failing { throw Self.full(failing) }
        if full { queueFlush() }
        return calls
    }

    /// Queues a flush unless one is queued and has not begun yet.
    private func queueFlush() {
        let isQueued = state.withLock { state in
            defer { state.queuedFlushes = 1 }
            return state.queuedFlushes > 0
        }
        guard !isQueued else { return }
        queue.async {
            self.state.withLock { $0.queuedFlushes = 0 }
            self.flush()
        }
    }

    /// Flushes queued and not yet begun (never more than one).
    var queuedFlushes: Int { state.withLock { $0.queuedFlushes } }

    /// How many journal entries are held, not yet written.
    var heldCount: Int { state.withLock { $0.entries.count } }

    /// Why a request is refused once ``capacity`` entries wait for the database.
    private static func full(_ failing: PostgresStoreError) -> PostgresStoreError {
        PostgresStoreError("\(capacity) journal entries wait for the database, which cannot be reached (\(failing)); "
            + "requests are refused until it is back")
    }

    /// Another instance asked every instance to write what it holds (flush request `request`).
    func requested(_ request: Int64) {
        state.withLock { $0.requested = max($0.requested, request) }
        queueFlush()
    }

    /// Writes what is held now, marked as written up to flush request `request`, and returns
    /// once it is in the database.
    func flushNow(request: Int64 = 0) throws(PostgresStoreError) {
        state.withLock { $0.requested = max($0.requested, request) }
        let failure: PostgresStoreError? = queue.sync { flush() }
        if let failure { throw failure }
    }

    /// Forgets the held entries of `namespace` (every entry for `nil`) and the calls they
    /// counted, once any flush under way has ended: a reset's.
    func forget(namespace: String?) {
        queue.sync {
            state.withLock { state in
                guard let namespace else {
                    (state.entries, state.calls, state.counted) = ([], [:], [:])
                    return
                }
                state.entries.removeAll { $0.namespace == namespace }
                state.calls = state.calls.filter { $0.key.scope != namespace }
                state.counted = state.counted.filter { $0.key.scope != namespace }
            }
        }
    }

    /// Forgets the calls counted for `stubs` (removed stubs), once any flush under way has ended.
    func forget(stubs: Set<UUID>) {
        queue.sync {
            state.withLock { state in
                state.calls = state.calls.filter { !stubs.contains($0.key.stub) }
                state.counted = state.counted.filter { !stubs.contains($0.key.stub) }
            }
        }
    }

    /// Replaces a held entry (a stream's delivery recorded); `false` when it is not held.
    func replace(_ entry: Entry) -> Bool {
        queue.sync {
            state.withLock { state in
                guard let index = state.entries.lastIndex(where: { $0.id == entry.id }) else { return false }
                state.entries[index] = entry
                return true
            }
        }
    }

    /// Pauses or resumes writing, for a test that plays an instance that lags behind.
    func pause(_ paused: Bool) {
        state.withLock { $0.isPaused = paused }
    }

    /// Stops as a killed process would, for a test that plays a crash: the timer ends and what
    /// is held is dropped, unwritten; the instance's row stays (nobody removes it), so others
    /// wait for it until it has been silent for 3 s. Returns how many entries were dropped.
    func abandon() -> Int {
        state.withLock { state in
            defer { (state.isStopped, state.entries, state.calls) = (true, [], [:]) }
            return state.entries.count
        }
    }

    /// Stops the timer and writes what is held (a clean stop loses nothing); then removes the
    /// instance's row, so that nobody waits for it.
    func stop() {
        let wasStopped = state.withLock { state in
            defer { state.isStopped = true }
            return state.isStopped
        }
        guard !wasStopped else { return }
        queue.sync {
            if let failure = flush(force: true) {
                let lost = state.withLock { $0.entries.count }
                report(PostgresStoreError("\(lost) journal entries were not written at the store's close: \(failure)"))
            }
            _ = try? pool.withConnection { connection in
                try connection.run("DELETE FROM understudy_instances WHERE id = \(instanceID)")
            }
        }
    }

    /// What one flush writes.
    private struct Batch {
        var entries: [Entry]
        var calls: [CallKey: Int64]
        var request: Int64
    }

    /// Writes what is held when there is something, a flush request not yet written (read
    /// from the database: a notification can be missed while the listener reconnects), or it
    /// is time to say the instance is alive.
    private func flushIfDue() {
        // Read before the batch is taken: every request served before the flush request was
        // made is held by then.
        if let latest = try? pool.withConnection({ connection in
            try connection.run("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM understudy_flush_requests").first?.decode(Int64.self)
        }) ?? nil {
            state.withLock { if latest > $0.written { $0.requested = max($0.requested, latest) } }
        }
        let due = state.withLock { state in
            !state.entries.isEmpty || !state.calls.isEmpty || state.requested > 0
                || ContinuousClock.now - state.lastWritten >= Self.heartbeat
        }
        if due { flush() }
    }

    /// Writes what is held, a batch at a time, on the queue; returns the failure, if any (what
    /// could not be written is held again, ahead of what came since).
    @discardableResult
    private func flush(force: Bool = false) -> PostgresStoreError? {
        dispatchPrecondition(condition: .onQueue(queue))
        repeat {
            guard let batch = state.withLock({ state -> Batch? in
                guard force || !state.isPaused else { return nil }
                let entries = Array(state.entries.prefix(Self.batchSize))
                state.entries.removeFirst(entries.count)
                // The calls and the request go with the first batch.
                let batch = Batch(entries: entries, calls: state.calls, request: state.requested)
                (state.calls, state.requested) = ([:], 0)
                return batch
            }) else { return nil }
            do {
                try write(batch)
            } catch {
                let wasFailing = state.withLock { state in
                    state.entries.insert(contentsOf: batch.entries, at: 0)
                    state.calls.merge(batch.calls, uniquingKeysWith: +)
                    state.requested = max(state.requested, batch.request)
                    defer { state.failing = error }
                    return state.failing != nil
                }
                if !wasFailing { report(PostgresStoreError("the journal is held in memory until the database answers again: \(error)")) }
                return error
            }
            let recovered = state.withLock { state in
                state.lastWritten = .now
                state.written = max(state.written, batch.request)
                defer { state.failing = nil }
                return state.failing != nil
            }
            if recovered { report(PostgresStoreError("the database answers again; the journal held meanwhile is written")) }
        } while state.withLock({ !$0.entries.isEmpty })
        return nil
    }

    private func write(_ batch: Batch) throws(PostgresStoreError) {
        let calls = Array(batch.calls)
        try pool.withConnection { connection in
            try connection.run("""
                SELECT understudy_flush(\(instanceID), \(batch.request), \(batch.entries.map(\.id)), \(batch.entries.map(\.namespace)),
                                        \(batch.entries.map(\.text)), \(calls.map(\.key.stub)), \(calls.map(\.key.scope)),
                                        \(calls.map(\.value)), \(Int64(journalCapacity)))
                """)
        }
    }
}
