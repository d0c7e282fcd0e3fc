/// How many matching requests a verification expects (WireMock's count matching strategies).
public struct CountMatchingStrategy: Sendable, Hashable, CustomStringConvertible {
    enum Kind: String, Sendable, Hashable {
        case exactly, atLeast, atMost, moreThan, lessThan
    }

    let kind: Kind
    /// The count the strategy compares with.
    public let expected: Int

    /// Exactly `count` requests.
    public static func exactly(_ count: Int) -> CountMatchingStrategy { CountMatchingStrategy(kind: .exactly, expected: count) }
    /// `count` requests or more.
    public static func atLeast(_ count: Int) -> CountMatchingStrategy { CountMatchingStrategy(kind: .atLeast, expected: count) }
    /// `count` requests or fewer.
    public static func atMost(_ count: Int) -> CountMatchingStrategy { CountMatchingStrategy(kind: .atMost, expected: count) }
    /// More than `count` requests.
    public static func moreThan(_ count: Int) -> CountMatchingStrategy { CountMatchingStrategy(kind: .moreThan, expected: count) }
    /// Fewer than `count` requests.
    public static func lessThan(_ count: Int) -> CountMatchingStrategy { CountMatchingStrategy(kind: .lessThan, expected: count) }
    /// No request at all.
    public static var never: CountMatchingStrategy { .exactly(0) }
    /// Exactly one request.
    public static var once: CountMatchingStrategy { .exactly(1) }

    /// Whether `actual` satisfies the strategy.
    public func isSatisfied(by actual: Int) -> Bool {
        switch kind {
        case .exactly: actual == expected
        case .atLeast: actual >= expected
        case .atMost: actual <= expected
        case .moreThan: actual > expected
        case .lessThan: actual < expected
        }
    }

    /// `exactly 1`, `at least 2`, ...
    public var description: String {
        switch kind {
        case .exactly: "exactly \(expected)"
        case .atLeast: "at least \(expected)"
        case .atMost: "at most \(expected)"
        case .moreThan: "more than \(expected)"
        case .lessThan: "less than \(expected)"
        }
    }

    /// WireMock's JSON name for the strategy (`equalTo`, `moreThanOrExactly`, ...).
    public var wireMockOperator: String {
        switch kind {
        case .exactly: "equalTo"
        case .atLeast: "moreThanOrExactly"
        case .atMost: "lessThanOrExactly"
        case .moreThan: "moreThan"
        case .lessThan: "lessThan"
        }
    }
}
