import Understudy
import UnderstudySupport

/// A clock whose time moves only when something sleeps on it or calls ``advance(by:)``: a
/// sleep returns at once with the clock moved to its deadline. A ``Screen`` waiting on it
/// polls in virtual time, so a test of a ten-second timeout takes no time and never depends
/// on how busy the machine is.
///
/// Copies share one time, so hand the same clock to the ``Screen`` and the ``InMemoryScreen``.
public struct VirtualClock: Clock, Sendable {
    /// A point in virtual time: how long after the clock's creation.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// The time since the clock was created.
        public var offset: Duration

        /// The instant `offset` after the clock's creation.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later (earlier, for a negative duration).
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// How long from this instant to `other` (negative when `other` is earlier).
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let time = Locked(Duration.zero)

    /// A clock at offset zero.
    public init() {}

    /// The current virtual time.
    public var now: Instant { Instant(offset: time.withLock { $0 }) }

    /// Virtual time has no granularity.
    public var minimumResolution: Duration { .zero }

    /// Moves the clock to `deadline` (if it is later than now) and returns at once; throws
    /// `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        time.withLock { $0 = max($0, deadline.offset) }
    }

    /// Moves the clock forward by `duration` (a negative duration leaves it where it is).
    public func advance(by duration: Duration) {
        time.withLock { $0 = max($0, $0 + duration) }
    }
}
