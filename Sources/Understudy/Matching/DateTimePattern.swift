public import Foundation
import UnderstudyDateTime

/// WireMock's date-time comparisons `before`, `after` and `equalToDateTime` (WireMock 3.13).
///
/// The expected value is either a literal, read like an actual value (ISO-8601 zoned or local
/// date-time, date, year-month or year; RFC 1123, RFC 1036, asctime), or relative to the current
/// time: `now`, `now +3 days`, `now -15 minutes` (also `3 days`), optionally with
/// `expectedOffset`/`expectedOffsetUnit`, which then replace the inline offset.
///
/// Semantics, following WireMock with the machine's time zone replaced by UTC:
/// - "now" is taken in UTC; `truncateExpected` applies to it, then the offset is added
///   (`applyTruncationLast` reverses the order). Both apply only to now-relative expectations.
/// - `truncateActual` rounds the actual value on its own wall clock (keeping its offset).
/// - When the expected value is zoned, instants are compared and a local actual counts as UTC.
///   When the expected value is local, wall-clock times are compared: a zoned actual's offset is dropped.
/// - An exact match is distance 0; a miss by `d` milliseconds is at distance `d / (d + 2 years)`
///   (WireMock's formula: a miss by two years is 0.5). An absent or unreadable actual is `noMatch`.
///
/// Differences from WireMock, all reported as errors rather than silently never matching:
/// an unreadable expected value, `expectedOffset` without `expectedOffsetUnit` (or the reverse),
/// and `truncateExpected` or `expectedOffset` with a literal expected value (WireMock ignores them).
/// `truncateActual` also applies to local actual values (WireMock skips them in some comparisons).
public struct DateTimePattern: Sendable, Hashable {
    /// The comparison, named as in WireMock's JSON.
    public enum Operator: String, Sendable, CaseIterable {
        /// The actual value is strictly earlier than the expected one.
        case before
        /// The actual value is strictly later than the expected one.
        case after
        /// The actual value is the same instant (or, for a local expected value, the same wall-clock time).
        case equalToDateTime
    }

    /// The comparison.
    public let `operator`: Operator
    /// The expected value as written: a date-time literal, `now`, or `now +3 days`.
    public let expected: String
    /// How actual values are written: a Java `DateTimeFormatter` pattern such as `dd/MM/yyyy`,
    /// `unix` (seconds since the epoch) or `epoch` (milliseconds since the epoch); `nil` for WireMock's defaults.
    public let actualFormat: String?
    /// Rounding applied to "now" before (or, with ``applyTruncationLast``, after) the offset.
    public let truncateExpected: DateTimeTruncation?
    /// Rounding applied to each actual value before comparing.
    public let truncateActual: DateTimeTruncation?
    /// Whether `truncateExpected` is applied after the offset rather than before.
    public let applyTruncationLast: Bool
    /// An offset from now that replaces the one written in `expected`; needs ``expectedOffsetUnit``.
    public let expectedOffset: Int?
    /// The unit of ``expectedOffset``.
    public let expectedOffsetUnit: DateTimeUnit?

    private let expectation: Expectation
    private let actualParser: DateTimeParser

    /// What the expected value resolved to when the pattern was built.
    private enum Expectation: Sendable, Hashable {
        case fixed(DateTimeValue)
        case relativeToNow(DateTimeOffset)
    }

    /// Builds and checks a pattern; throws naming the field that is wrong and how to fix it.
    public init(
        _ op: Operator,
        _ expected: String,
        actualFormat: String? = nil,
        truncateExpected: DateTimeTruncation? = nil,
        truncateActual: DateTimeTruncation? = nil,
        applyTruncationLast: Bool = false,
        expectedOffset: Int? = nil,
        expectedOffsetUnit: DateTimeUnit? = nil
    ) throws(DateTimePatternError) {
        self.operator = op
        self.expected = expected
        self.actualFormat = actualFormat
        self.truncateExpected = truncateExpected
        self.truncateActual = truncateActual
        self.applyTruncationLast = applyTruncationLast
        self.expectedOffset = expectedOffset
        self.expectedOffsetUnit = expectedOffsetUnit

        let key = "\"\(op.rawValue)\""
        if (expectedOffset == nil) != (expectedOffsetUnit == nil) {
            throw DateTimePatternError("\"expectedOffset\" and \"expectedOffsetUnit\" go together; give both, for example \"expectedOffset\": 3, \"expectedOffsetUnit\": \"days\", or neither")
        }
        if let expectedOffset, Int32(exactly: expectedOffset) == nil {
            throw DateTimePatternError("\"expectedOffset\": \(expectedOffset) is out of range; use a whole number between \(Int32.min) and \(Int32.max)")
        }
        let inlineOffset: DateTimeOffset?
        do {
            inlineOffset = try DateTimeOffset.parse(expected)
        } catch {
            throw DateTimePatternError("\(key): \(error.message)")
        }
        if let inlineOffset {
            if let expectedOffset, let expectedOffsetUnit {
                expectation = .relativeToNow(DateTimeOffset(amount: expectedOffset, unit: expectedOffsetUnit))
            } else {
                expectation = .relativeToNow(inlineOffset)
            }
        } else if let value = DateTimeParser.standard.parse(expected) {
            if truncateExpected != nil {
                throw DateTimePatternError("\"truncateExpected\" only applies when \(key) is \"now\" or an offset such as \"now +3 days\"; write the truncated date-time in \(key) instead, or remove \"truncateExpected\"")
            }
            if expectedOffset != nil {
                throw DateTimePatternError("\"expectedOffset\" only applies when \(key) is \"now\" or an offset such as \"now +3 days\"; write the shifted date-time in \(key) instead, or remove \"expectedOffset\" and \"expectedOffsetUnit\"")
            }
            expectation = .fixed(value)
        } else {
            throw DateTimePatternError("\(key): \"\(expected)\" is not a date-time; write an ISO-8601 date-time such as 2021-06-14T12:00:00Z or 2021-06-14T12:00:00, a date such as 2021-06-14, an RFC 1123 date such as Mon, 14 Jun 2021 12:00:00 GMT, \"now\", or an offset such as \"now +3 days\" (units: \(DateTimeUnit.namesForMessages))")
        }
        if let actualFormat {
            actualParser = try DateTimeParser(actualFormat: actualFormat)
        } else {
            actualParser = .standard
        }
    }

    /// Compares an actual value with the expectation; `now` is the current time for now-relative patterns.
    public func match(_ actual: String?, now: Date) -> MatchResult {
        guard let actual, var actualValue = actualParser.parse(actual), let expectedValue = expectedValue(now: now) else {
            return .noMatch
        }
        if let truncateActual { actualValue = truncateActual.truncate(actualValue) }
        let (seconds, nanoseconds) = Self.difference(actualValue, expectedValue)
        let sign = seconds != 0 ? seconds.signum() : nanoseconds.signum()
        let matched = switch self.operator {
        case .before: sign < 0
        case .after: sign > 0
        case .equalToDateTime: sign == 0
        }
        if matched { return .exactMatch }
        let milliseconds = abs(Double(seconds) * 1_000 + Double(nanoseconds) / 1_000_000)
        return .partialMatch(distance: milliseconds / (milliseconds + Self.twoYearsInMilliseconds))
    }

    /// WireMock's distance scale: a miss by this much is at distance 0.5.
    private static let twoYearsInMilliseconds = 2 * 365 * 86_400 * 1_000.0

    /// The expected value at time `now`, or `nil` if an offset leaves the supported years.
    private func expectedValue(now: Date) -> DateTimeValue? {
        switch expectation {
        case .fixed(let value):
            return value
        case .relativeToNow(let offset):
            let current = DateTimeValue(now)
            if applyTruncationLast {
                return offset.shift(current).map { truncateExpected?.truncate($0) ?? $0 }
            }
            return offset.shift(truncateExpected?.truncate(current) ?? current)
        }
    }

    /// `actual - expected` as whole seconds plus nanoseconds (never of opposite signs that
    /// matter: `abs(nanoseconds) < 1e9`). Instants when `expected` is zoned (a local actual taken
    /// as UTC), wall-clock times when it is local.
    private static func difference(_ actual: DateTimeValue, _ expected: DateTimeValue) -> (seconds: Int, nanoseconds: Int) {
        let seconds = expected.isZoned ? actual.instantSeconds - expected.instantSeconds : actual.wallSeconds - expected.wallSeconds
        return (seconds, actual.nanosecond - expected.nanosecond)
    }
}
