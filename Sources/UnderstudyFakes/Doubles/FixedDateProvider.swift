public import Foundation
import Understudy
public import UnderstudyDoubles
import UnderstudySupport

/// A clock that stands still until told to move: the test side of `DateProvider` (`UnderstudyDoubles`).
public final class FixedDateProvider: DateProvider {
    private let current: Locked<Date>

    /// Starts at `date`.
    public init(_ date: Date) { current = Locked(date) }

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative interval).
    public func advance(by interval: TimeInterval) { current.withLock { $0.addTimeInterval(interval) } }

    /// Sets the clock.
    public func set(_ date: Date) { current.withLock { $0 = date } }
}
