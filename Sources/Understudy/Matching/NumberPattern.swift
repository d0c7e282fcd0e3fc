import Foundation

/// WireMock 4's numeric string patterns (`matching/AbstractNumberPattern.java` and its five
/// subclasses on master, wiremock/wiremock#3179): the value, read as a number, compared with
/// `expected`. A value that is not a number never matches (distance 1).
public struct NumberPattern: Sendable, Hashable {
    /// How the value compares with the expected number; the raw value is the JSON operator.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case equalToNumber, greaterThanNumber, greaterThanEqualNumber, lessThanNumber, lessThanEqualNumber

        func holds(_ actual: Double, _ expected: Double) -> Bool {
            switch self {
            case .equalToNumber: actual == expected
            case .greaterThanNumber: actual > expected
            case .greaterThanEqualNumber: actual >= expected
            case .lessThanNumber: actual < expected
            case .lessThanEqualNumber: actual <= expected
            }
        }
    }

    public let comparison: Comparison
    public let expected: Double

    public init(_ comparison: Comparison, _ expected: Double) {
        self.comparison = comparison
        self.expected = expected
    }

    /// Reads a number as Java's `Double.parseDouble` does for the forms JSON and query strings
    /// carry: surrounding whitespace ignored, exponents allowed.
    static func number(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The match, with WireMock's distance (`AbstractNumberMatchResult`): the difference of
    /// the logarithms over 176, to two decimals, and never 0 for a miss (0.01 then). When either
    /// number is negative, both are shifted by the smaller first, as WireMock does; a logarithm
    /// that is then undefined rounds to 0, so such misses are 0.01 away, as in WireMock.
    func match(_ text: String) -> MatchResult {
        guard let actual = Self.number(text) else { return .noMatch }
        if comparison.holds(actual, expected) { return .exactMatch }
        let shift = expected < 0 || actual < 0 ? min(expected, actual) : 0
        let (shiftedExpected, shiftedActual) = (expected + shift, actual + shift)
        if shiftedExpected == .infinity || shiftedActual == .infinity
            || (shiftedExpected == .greatestFiniteMagnitude && shiftedActual == .greatestFiniteMagnitude) {
            return .noMatch
        }
        let normalized = Swift.min(abs(log(shiftedExpected) - log(shiftedActual)) / 176, 1)
        // Java's Math.round: floor(x + 0.5), and 0 for NaN.
        let distance = normalized.isNaN ? 0 : ((normalized * 100) + 0.5).rounded(.down) / 100
        return .partialMatch(distance: distance == 0 ? 0.01 : distance)
    }
}

extension StringValuePattern {
    /// The value is a number equal to `expected` (WireMock 4's `equalToNumber`).
    public static func equalToNumber(_ expected: Double) -> StringValuePattern { StringValuePattern(.number(NumberPattern(.equalToNumber, expected))) }
    /// The value is a number greater than `expected` (`greaterThanNumber`).
    public static func greaterThanNumber(_ expected: Double) -> StringValuePattern { StringValuePattern(.number(NumberPattern(.greaterThanNumber, expected))) }
    /// The value is a number greater than or equal to `expected` (`greaterThanEqualNumber`).
    public static func greaterThanEqualNumber(_ expected: Double) -> StringValuePattern {
        StringValuePattern(.number(NumberPattern(.greaterThanEqualNumber, expected)))
    }
    /// The value is a number less than `expected` (`lessThanNumber`).
    public static func lessThanNumber(_ expected: Double) -> StringValuePattern { StringValuePattern(.number(NumberPattern(.lessThanNumber, expected))) }
    /// The value is a number less than or equal to `expected` (`lessThanEqualNumber`).
    public static func lessThanEqualNumber(_ expected: Double) -> StringValuePattern {
        StringValuePattern(.number(NumberPattern(.lessThanEqualNumber, expected)))
    }
}
