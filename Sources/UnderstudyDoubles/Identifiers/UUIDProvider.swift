public import Foundation

/// Where new identifiers come from: inject it instead of calling `UUID()`.
///
/// Production code takes a ``SystemUUIDProvider``; tests pass `UnderstudyFakes`'
/// `SequentialUUIDProvider`, whose identifiers count up so tests can name them.
public protocol UUIDProvider: Sendable {
    /// A new identifier.
    func next() -> UUID
}

/// Random identifiers.
public struct SystemUUIDProvider: UUIDProvider {
    public init() {}
    public func next() -> UUID { UUID() }
}
