/// How many calls `verify` expects: `.once`, `.never`, `.atLeastOnce`, `.from(1, to: 5)`, or an
/// integer literal for an exact count.
public enum Count: ExpressibleByIntegerLiteral, Sendable, CustomStringConvertible {
    case atLeastOnce
    case once
    case exactly(Int)
    case from(Int, to: Int)
    case less(than: Int)
    case lessOrEqual(to: Int)
    case more(than: Int)
    case moreOrEqual(to: Int)
    case never
    /// At most `n` calls (the same as ``lessOrEqual(to:)``).
    public static func atMost(_ n: Int) -> Count { .lessOrEqual(to: n) }

    public init(integerLiteral value: Int) { self = .exactly(value) }

    /// Whether `count` calls meet the expectation.
    public func satisfies(_ count: Int) -> Bool {
        switch self {
        case .atLeastOnce: count >= 1
        case .once: count == 1
        case .exactly(let n): count == n
        case .from(let low, let high): count >= low && count <= high
        case .less(let n): count < n
        case .lessOrEqual(let n): count <= n
        case .more(let n): count > n
        case .moreOrEqual(let n): count >= n
        case .never: count == 0
        }
    }

    public var description: String {
        switch self {
        case .atLeastOnce: "at least 1 call"
        case .once: "exactly 1 call"
        case .exactly(let n): "exactly \(n) call\(n == 1 ? "" : "s")"
        case .from(let low, let high): "from \(low) to \(high) calls"
        case .less(let n): "less than \(n) calls"
        case .lessOrEqual(let n): "at most \(n) calls"
        case .more(let n): "more than \(n) calls"
        case .moreOrEqual(let n): "at least \(n) calls"
        case .never: "no call"
        }
    }
}
