public import Foundation

/// What time it is: inject it instead of calling `Date()`.
///
/// Production code takes a ``SystemDateProvider``; tests pass `UnderstudyFakes`'
/// `FixedDateProvider`, a clock that stands still until told to move.
public protocol DateProvider: Sendable {
    /// The current instant.
    var now: Date { get }
}

/// The system clock.
public struct SystemDateProvider: DateProvider {
    public init() {}
    public var now: Date { Date() }
}
