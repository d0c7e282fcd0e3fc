
/// What a remote state store (`MockStateStore`) could not do, collected for the call that asked.
///
/// The store's operations return values, not errors, so that the in-memory store (the fast
/// path) pays nothing for a failure it cannot have. A remote store that fails reports the
/// error here and returns what changes nothing (an empty list, a journal entry it did not
/// keep); whoever serves a request or an admin call collects the failures around it and
/// answers with the error instead of the result, never with a silent fallback.
/// ```swift
/// let (served, failure) = StoreFailures.collecting { mock.respond(to: request, using: &generator) }
/// ```
package final class StoreFailures: Sendable {
    /// The collector of the call being made, if any.
    @TaskLocal private static var current: StoreFailures?

    private let first = Locked<(any Error)?>(nil)

    private init() {}

    /// Runs `body`, returning its result and the first failure a store reported meanwhile.
    package static func collecting<T>(_ body: () -> T) -> (T, (any Error)?) {
        let collector = StoreFailures()
        let result = $current.withValue(collector) { body() }
        return (result, collector.first.withLock { $0 })
    }

    /// Whether a store failed during the call being collected: the store then does nothing
    /// more for it (a request whose commit failed is not journaled by itself).
    package static var hasFailed: Bool { current?.first.withLock { $0 != nil } ?? false }

    /// Reports a failure to the call's collector; returns `false` when nobody collects (the
    /// store then says so itself, in its log).
    @discardableResult
    package static func report(_ error: any Error) -> Bool {
        guard let collector = current else { return false }
        collector.first.withLock { if $0 == nil { $0 = error } }
        return true
    }
}
