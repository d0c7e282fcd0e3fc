public import Foundation
import Understudy
public import UnderstudyDoubles
import UnderstudySupport

/// A key-value store in memory that records writes and can be told to fail.
public final class InMemoryKeyValueStore: KeyValueStore {
    private struct State {
        var values: [String: Data]
        var writes: [String] = []
        var writeError: (any Error & Sendable)?
    }

    private let state: Locked<State>

    /// Creates the store with initial values.
    public init(_ values: [String: Data] = [:]) { state = Locked(State(values: values)) }

    /// The keys written so far, in order.
    public var writes: [String] { state.withLock { $0.writes } }

    /// Makes every write fail with `error` (`nil` to stop); reads keep working.
    public func setWriteError(_ error: (any Error & Sendable)?) { state.withLock { $0.writeError = error } }

    public func data(forKey key: String) -> Data? { state.withLock { $0.values[key] } }

    public func set(_ data: Data?, forKey key: String) throws {
        try state.withLock { state in
            state.writes.append(key)
            if let error = state.writeError { throw error }
            state.values[key] = data
        }
    }
}
