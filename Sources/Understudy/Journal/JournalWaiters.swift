/// Tasks waiting for requests to reach a mock's journal (``HTTPMock/waitForRequests(matching:count:timeout:)``).
/// Kept beside the journal, under the mock's lock, so a request and the check of the waiters
/// it completes happen together and no arrival is missed.
struct JournalWaiters: Sendable {
    private struct Waiter: Sendable {
        let pattern: RequestPattern
        /// Only requests naming this namespace count; `nil` counts every request.
        let namespace: String?
        /// How many more matching requests must arrive.
        var remaining: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var waiters: [UInt64: Waiter] = [:]
    private var nextID: UInt64 = 0

    /// Whether anyone waits; the common case is no, and then arrivals cost nothing.
    var isEmpty: Bool { waiters.isEmpty }

    /// Registers a waiter for `remaining` more requests matching `pattern` (and naming
    /// `namespace`, when given); returns its id.
    mutating func add(_ pattern: RequestPattern, namespace: String?, remaining: Int, continuation: CheckedContinuation<Void, any Error>) -> UInt64 {
        nextID += 1
        waiters[nextID] = Waiter(pattern: pattern, namespace: namespace, remaining: remaining, continuation: continuation)
        return nextID
    }

    /// Counts a request that reached the journal; resumes the waiters it completes.
    mutating func arrived(_ request: RecordedRequest) {
        for (id, var waiter) in waiters where (waiter.namespace == nil || waiter.namespace == request.namespace) && waiter.pattern.matches(request) {
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
