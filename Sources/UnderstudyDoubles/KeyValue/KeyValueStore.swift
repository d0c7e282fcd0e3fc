public import Foundation

/// A small key-value store, the role `UserDefaults` plays in apps.
public protocol KeyValueStore: Sendable {
    /// The stored bytes for a key.
    func data(forKey key: String) -> Data?
    /// Stores bytes for a key; `nil` removes it.
    func set(_ data: Data?, forKey key: String) throws
}

extension KeyValueStore {
    /// The stored text for a key.
    public func string(forKey key: String) -> String? { data(forKey: key).map { String(decoding: $0, as: UTF8.self) } }
    /// Stores text for a key; `nil` removes it.
    public func set(_ string: String?, forKey key: String) throws { try set(string.map { Data($0.utf8) }, forKey: key) }
}

/// `UserDefaults` as a ``KeyValueStore``.
///
/// `@unchecked Sendable` is safe: `UserDefaults` is documented as thread-safe, and this type
/// holds nothing else.
public struct UserDefaultsStore: KeyValueStore, @unchecked Sendable {
    private let defaults: UserDefaults

    /// Uses `defaults` (the standard defaults unless told otherwise).
    public init(_ defaults: UserDefaults = .standard) { self.defaults = defaults }

    public func data(forKey key: String) -> Data? { defaults.data(forKey: key) }

    public func set(_ data: Data?, forKey key: String) throws {
        if let data { defaults.set(data, forKey: key) } else { defaults.removeObject(forKey: key) }
    }
}
