import Foundation

/// A value protected by a lock, readable and writable synchronously from any thread.
///
/// Used instead of `Synchronization.Mutex`, which needs macOS 15 / iOS 18.
///
/// `@unchecked Sendable` is safe: `value` is private and only touched inside
/// `withLock`, which holds `lock` for the whole access, so no two threads ever see it at
/// once; `Value` is required to be `Sendable`, so nothing non-sendable escapes.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
