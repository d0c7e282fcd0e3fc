import Foundation

/// A value behind a lock, read and written synchronously from any thread.
///
/// The runtime keeps its own (rather than `UnderstudySupport.Locked`) so that it reaches no other
/// target of the package; `Synchronization.Mutex` needs macOS 15 / iOS 18.
///
/// `@unchecked Sendable` is safe: `value` is private and only touched inside `withLock`, which
/// holds `lock` for the whole access, so no two threads ever see it at once; `Value` is required
/// to be `Sendable`, so nothing non-sendable escapes.
final class MockLock<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
