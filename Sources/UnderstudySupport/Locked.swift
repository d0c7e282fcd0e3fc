public import Foundation

/// A value protected by a lock, readable and writable synchronously from any thread.
///
/// Used instead of `Synchronization.Mutex`, which needs macOS 15 / iOS 18.
///
/// `@unchecked Sendable` is safe: `value` is private and only touched inside
/// `withLock`, which holds `lock` for the whole access, so no two threads ever see it at
/// once; `Value` is required to be `Sendable`, so nothing non-sendable escapes.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // Public (in a target that is no product, so users never see it) and `@inlinable`, so that
    // `withLock` is inlined and specialised in the modules that use it: called across the
    // module boundary unspecialised, it cost the mock's serve path 3 % of its instructions
    // (callgrind), and `package` with `@inlinable` was not inlined. Still touched only inside
    // `withLock`.
    @usableFromInline let lock: NSLock = NSLock()
    // The lock already keeps accesses apart, so the run-time exclusivity check (a thread-local
    // access set, entered and left on every `withLock`) is switched off for the value: it was
    // ~8 % of the instructions of serving a request, four locks a request.
    @exclusivity(unchecked) @usableFromInline var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
