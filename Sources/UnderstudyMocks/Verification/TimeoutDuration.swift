/// How long a `…Eventually` verification waits for its count: `.seconds(3)`, `.miliseconds(200)`
/// (Mockable's spelling), `.milliseconds(200)`, or a number of seconds as a literal.
public enum TimeoutDuration: Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    case seconds(Double)
    case miliseconds(UInt)

    /// `n` milliseconds.
    public static func milliseconds(_ n: UInt) -> TimeoutDuration { .miliseconds(n) }

    public init(floatLiteral value: Double) { self = .seconds(value) }
    public init(integerLiteral value: Int) { self = .seconds(Double(value)) }

    /// The duration in seconds.
    public var duration: Double {
        switch self {
        case .seconds(let value): value
        case .miliseconds(let value): Double(value) / 1000
        }
    }
}
