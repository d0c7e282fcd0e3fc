import Dispatch
import Understudy
import UnderstudySupport

/// Tasks waiting for requests to reach the shared journal. Any instance may journal them,
/// so while some task waits, the journal is read every 20 ms from where it was last read
/// (one indexed query; nothing is read while nobody waits).
final class PostgresJournalWaiters: Sendable {
    private struct Waiter {
        var pattern: RequestPattern
        var namespace: String?
        var remaining: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 0
        /// The journal position read up to.
        var readUpTo: Int64 = 0
        var isPolling = false
        var isStopped = false
    }

    private let state = Locked(State())
    private let queue = DispatchQueue(label: "understudy.postgres.waiters")

    func wait(for pattern: RequestPattern, namespace: String?, count: Int, continuation: CheckedContinuation<Void, any Error>,
              in store: PostgresStateStore) -> UInt64? {
        let journaled: [(position: Int64, event: ServeEvent)]
        do {
            try store.catchUp()
            journaled = try store.events(after: 0)
        } catch {
            continuation.resume(throwing: error)
            return nil
        }
        let already = journaled.lazy.filter { (namespace == nil || $0.event.request.namespace == namespace) && pattern.matches($0.event.request) }.count
        guard already < count else {
            continuation.resume()
            return nil
        }
        let readUpTo = journaled.last?.position ?? 0
        let (id, startPolling) = state.withLock { state in
            state.nextID += 1
            state.waiters[state.nextID] = Waiter(pattern: pattern, namespace: namespace, remaining: count - already, continuation: continuation)
            // A waiter that came later has counted more: the poll goes on from the earliest point.
            state.readUpTo = state.isPolling ? min(state.readUpTo, readUpTo) : readUpTo
            defer { state.isPolling = true }
            return (state.nextID, !state.isPolling)
        }
        if startPolling { schedulePoll(store) }
        return id
    }

    func end(_ id: UInt64, throwing error: any Error) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(throwing: error)
    }

    func stop() {
        let waiting = state.withLock { state in
            state.isStopped = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiting { waiter.continuation.resume(throwing: CancellationError()) }
    }

    private func schedulePoll(_ store: PostgresStateStore) {
        queue.asyncAfter(deadline: .now() + .milliseconds(20)) { [weak self, weak store] in
            guard let self, let store else { return }
            self.poll(store)
        }
    }

    private func poll(_ store: PostgresStateStore) {
        let from = state.withLock { $0.readUpTo }
        // A failed read is tried again on the next poll; the waiter's own timeout ends the wait.
        // Other instances write theirs every few milliseconds.
        try? store.writeBehind.flushNow()
        let arrived = (try? store.events(after: from)) ?? []
        var woken: [CheckedContinuation<Void, any Error>] = []
        let goOn = state.withLock { state -> Bool in
            for (position, event) in arrived where position > state.readUpTo {
                for (id, var waiter) in state.waiters
                where (waiter.namespace == nil || event.request.namespace == waiter.namespace) && waiter.pattern.matches(event.request) {
                    waiter.remaining -= 1
                    if waiter.remaining == 0 {
                        state.waiters[id] = nil
                        woken.append(waiter.continuation)
                    } else {
                        state.waiters[id] = waiter
                    }
                }
                state.readUpTo = position
            }
            state.isPolling = !state.waiters.isEmpty && !state.isStopped
            return state.isPolling
        }
        for continuation in woken { continuation.resume() }
        if goOn { schedulePoll(store) }
    }
}
