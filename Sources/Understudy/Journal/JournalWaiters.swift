/// Tasks waiting for requests to reach a mock's journal (``HTTPMock/waitForRequests(matching:count:timeout:)``).
/// Kept beside the journal, under the mock's lock, so a request and the check of the waiters
/// it completes happen together and no arrival is missed.
struct JournalWaiters: Sendable {
    private struct Waiter: Sendable {
        let pattern: RequestPattern
        /// How many more matching requests must arrive.
        var remaining: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var waiters: [UInt64: Waiter] = [:]
    private var nextID: UInt64 = 0

    /// Whether anyone waits; the common case is no, and then arrivals cost nothing.
    var isEmpty: Bool { waiters.isEmpty }

    /// Registers a waiter for `remaining` more requests matching `pattern`; returns its id.
    mutating func add(_ pattern: RequestPattern, remaining: Int, continuation: CheckedContinuation<Void, any Error>) -> UInt64 {
        nextID += 1
        waiters[nextID] = Waiter(pattern: pattern, remaining: remaining, continuation: continuation)
        return nextID
    }

    /// Counts a request that reached the journal; resumes the waiters it completes.
    mutating func arrived(_ request: RecordedRequest) {
        for (id, var waiter) in waiters where waiter.pattern.matches(request) {
            waiter.remaining -= 1
            if waiter.remaining <= 0 {
                waiters[id] = nil
                waiter.continuation.resume()
            } else {
                waiters[id] = waiter
            }
        }
    }

    /// Ends a wait early (timeout or cancellation) with `error`, if it has not ended yet.
    mutating func end(_ id: UInt64, throwing error: any Error) {
        waiters.removeValue(forKey: id)?.continuation.resume(throwing: error)
    }
}
