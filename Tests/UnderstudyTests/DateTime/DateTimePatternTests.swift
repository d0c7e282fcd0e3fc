import Foundation
import Testing
@testable import UnderstudyDateTime
@testable import Understudy

/// 2024-02-10T15:30:45.250Z, a Saturday in a leap year.
private let now = Date(timeIntervalSince1970: 1_707_579_045.25)

/// A case of the matching tables: pattern, actual value, whether it should match exactly.
struct DateTimeCase: CustomTestStringConvertible, Sendable {
    let pattern: DateTimePattern
    let actual: String?
    let matches: Bool

    init(_ op: DateTimePattern.Operator, _ expected: String, _ actual: String?, _ matches: Bool,
         actualFormat: String? = nil, truncateExpected: DateTimeTruncation? = nil, truncateActual: DateTimeTruncation? = nil,
         applyTruncationLast: Bool = false, expectedOffset: Int? = nil, expectedOffsetUnit: DateTimeUnit? = nil) {
        do {
            pattern = try DateTimePattern(op, expected, actualFormat: actualFormat, truncateExpected: truncateExpected,
                                          truncateActual: truncateActual, applyTruncationLast: applyTruncationLast,
                                          expectedOffset: expectedOffset, expectedOffsetUnit: expectedOffsetUnit)
        } catch {
            fatalError("test table has an invalid pattern: \(error)")
        }
        self.actual = actual
        self.matches = matches
    }

    var testDescription: String {
        "\(pattern.jsonMembers.members.map { "\($0.key)=\($0.value)" }.joined(separator: " ")) vs \(actual ?? "nil") → \(matches)"
    }
}

struct DateTimePatternTests {
    // MARK: Literal expected values and the accepted actual formats

    static let literalCases: [DateTimeCase] = [
        // Zoned expected, zoned actual: instants.
        .init(.before, "2021-06-14T15:15:15Z", "2021-06-01T15:15:15Z", true),
        .init(.before, "2021-06-14T15:15:15Z", "2021-07-01T23:59:59Z", false),
        .init(.before, "2021-06-14T15:15:15Z", "2021-06-14T15:15:15Z", false),
        .init(.before, "2021-06-14T15:15:15Z", "2021-06-14T16:15:14+01:00", true),
        .init(.after, "2021-06-14T15:15:15Z", "2021-06-14T15:15:16Z", true),
        .init(.after, "2021-06-14T15:15:15Z", "2021-06-14T15:15:15Z", false),
        .init(.after, "2021-06-14T15:15:15Z", "2021-06-14T16:15:15+02:00", false),
        .init(.equalToDateTime, "2021-06-24T13:40:27+01:00", "2021-06-24T12:40:27Z", true),
        .init(.equalToDateTime, "2021-06-24T13:40:27+01:00", "2021-06-24T13:40:27Z", false),
        .init(.equalToDateTime, "2021-06-14T12:13:14Z", "1921-06-14T12:13:14Z", false),
        // Zoned expected, local actual: the actual is taken as UTC.
        .init(.before, "2021-06-14T15:15:15Z", "2021-06-01T15:15:15", true),
        .init(.before, "2021-06-14T15:15:15Z", "2021-07-01T23:59:59", false),
        .init(.equalToDateTime, "2021-06-14T12:13:14Z", "2021-06-14T12:13:14", true),
        .init(.equalToDateTime, "2021-06-14T12:13:14+02:00", "2021-06-14T10:13:14", true),
        // Local expected: wall-clock times; a zoned actual's offset is dropped.
        .init(.before, "2021-06-14T15:15:15", "2021-06-01T15:15:15", true),
        .init(.before, "2021-06-14T15:15:15", "2021-07-01T23:59:59", false),
        .init(.before, "2021-06-14T15:15:15", "2021-06-14T15:00:00-05:00", true),
        .init(.before, "2021-06-14T15:15:15", "2021-06-14T16:00:00+02:00", false),
        .init(.equalToDateTime, "2021-06-14T12:13:14", "2021-06-14T12:13:14+05:00", true),
        .init(.equalToDateTime, "2021-06-14T12:13:14", "2021-06-14T12:13:14", true),
        .init(.equalToDateTime, "2021-06-14T12:13:14", "1921-06-14T12:13:14", false),
        // Expected dates, year-months and years mean the start of the period.
        .init(.equalToDateTime, "2021-06-14", "2021-06-14T00:00:00", true),
        .init(.before, "2021-06-14", "2021-06-13T23:59:59", true),
        .init(.equalToDateTime, "2021-06", "2021-06-01T00:00", true),
        .init(.equalToDateTime, "2021", "2021-01-01T00:00:00Z", true),
        // Actual ISO-8601 variants.
        .init(.equalToDateTime, "2021-06-14T00:00:00", "2021-06-14", true),
        .init(.equalToDateTime, "2021-06-01T00:00:00", "2021-06", true),
        .init(.equalToDateTime, "2021-01-01T00:00:00", "2021", true),
        .init(.equalToDateTime, "2021-06-14T12:13:00Z", "2021-06-14T12:13Z", true),
        .init(.equalToDateTime, "2021-06-14T12:13:14Z", "2021-06-14t12:13:14z", true),
        .init(.equalToDateTime, "2021-06-14T11:13:14Z", "2021-06-14T12:13:14+01", true),
        .init(.equalToDateTime, "2021-06-14T11:13:14Z", "2021-06-14T12:13:14+0100", true),
        .init(.equalToDateTime, "2021-06-14T11:13:14Z", "2021-06-14T12:13:14 01:00", true), // "+" decoded as a space
        .init(.equalToDateTime, "2021-06-14T14:00:00Z", "2021-06-14T15:00:00+01:00[Europe/London]", true),
        .init(.before, "2021-06-14T15:15:15Z", "2021-06-14T15:15:15+01:00[Europe/London]", true),
        .init(.before, "2021-06-14T15:15:15Z", "2021-06-14T16:15:15+01:00[Europe/London]", false),
        // Fractional seconds.
        .init(.equalToDateTime, "2021-06-14T12:13:14.5Z", "2021-06-14T12:13:14.500Z", true),
        .init(.equalToDateTime, "2021-06-14T12:13:14.5Z", "2021-06-14T12:13:14.500000001Z", false),
        .init(.before, "2021-06-14T12:13:14.5Z", "2021-06-14T12:13:14.499999999Z", true),
        .init(.after, "2021-06-14T12:13:14.5Z", "2021-06-14T12:13:14.123456789Z", false),
        .init(.after, "2021-06-14T12:13:14.123456788", "2021-06-14T12:13:14.123456789", true),
        // RFC 1123, RFC 1036 and asctime.
        .init(.before, "2021-06-14T15:15:15Z", "Tue, 01 Jun 2021 15:16:17 GMT", true),
        .init(.before, "2021-06-14T15:15:15Z", "Thu, 01 Jul 2021 15:16:17 GMT", false),
        .init(.equalToDateTime, "1994-11-15T08:12:31Z", "Tue, 15 Nov 1994 08:12:31 GMT", true),
        .init(.equalToDateTime, "1994-11-15T08:12:31Z", "tue, 15 nov 1994 08:12:31 gmt", true),
        .init(.equalToDateTime, "1994-11-15T08:12:00Z", "15 Nov 1994 08:12 GMT", true),
        .init(.equalToDateTime, "1994-11-15T06:12:31Z", "Tue, 15 Nov 1994 08:12:31 +0200", true),
        .init(.before, "2021-06-14T15:15:15Z", "Tuesday, 01-Jun-21 14:14:14 GMT", true),
        .init(.before, "2021-06-14T15:15:15Z", "Thursday, 01-Jul-21 15:16:17 GMT", false),
        .init(.before, "2021-06-14T01:01:01Z", "Tue Jun  1 01:01:01 2021", true),
        .init(.before, "2021-06-14T01:01:01Z", "Thu Jul  1 01:01:01 2021", false),
        .init(.before, "2021-06-14T01:01:01Z", "Thu Jun 10 01:01:01 2021", true),
        .init(.equalToDateTime, "2021-06-10T01:01:01Z", "Thu Jun 10 01:01:01 2021", true),
        .init(.equalToDateTime, "Tue, 15 Nov 1994 08:12:31 GMT", "1994-11-15T09:12:31+01:00", true),
    ]

    @Test(arguments: literalCases)
    func literalExpectedValues(_ testCase: DateTimeCase) {
        let result = testCase.pattern.match(testCase.actual, now: now)
        #expect(result.isExactMatch == testCase.matches)
        #expect(result.distance == 0 ? testCase.matches : result.distance > 0)
    }

    @Test(arguments: [
        nil, "", " 2021-06-01T15:15:15Z", "2021-06-01T15:15:blah", "2021-06-01 15:15:15", "2021-02-30", "2021-13-01",
        "2021-06-14T24:00:00Z", "2021-06-14T12:60:00Z", "2021-06-14T12:13:14+19:00", "21-06-14", "20210-06-14",
        "2021-06-14T12:13:14Z[", "2021-06-14[Europe/London]", "2021-06-14T12:13:14.Z",
        "Wed, 01 Jun 2021 15:16:17 GMT", "Tue, 01 Jun 2021 15:16:17 CET", "yesterday", "1623672794",
    ] as [String?])
    func unreadableActualValuesAreNoMatch(_ actual: String?) throws {
        let pattern = try DateTimePattern(.before, "2100-01-01T00:00:00Z")
        #expect(pattern.match(actual, now: now) == .noMatch)
    }

    // MARK: Now-relative expected values

    static let nowCases: [DateTimeCase] = [
        .init(.before, "now", "2024-02-10T15:30:45.249Z", true),
        .init(.before, "now", "2024-02-10T15:30:45.250Z", false),
        .init(.after, "now", "2024-02-10T15:30:45.251Z", true),
        .init(.equalToDateTime, "now", "2024-02-10T15:30:45.250Z", true),
        .init(.equalToDateTime, "NOW", "2024-02-10T16:30:45.250+01:00", true),
        .init(.equalToDateTime, "now", "2024-02-10T15:30:45.250", true), // local actual taken as UTC
        .init(.equalToDateTime, "now +3 days", "2024-02-13T15:30:45.250Z", true),
        .init(.equalToDateTime, "now +3 days", "2024-02-13T15:30:45.251Z", false),
        .init(.equalToDateTime, "now -15 minutes", "2024-02-10T15:15:45.250Z", true),
        .init(.equalToDateTime, "now +2 hours", "2024-02-10T17:30:45.250Z", true),
        .init(.equalToDateTime, "now -45 seconds", "2024-02-10T15:30:00.250Z", true),
        .init(.equalToDateTime, "now +1 months", "2024-03-10T15:30:45.250Z", true),
        .init(.equalToDateTime, "now -1 years", "2023-02-10T15:30:45.250Z", true),
        .init(.equalToDateTime, "3 days", "2024-02-13T15:30:45.250Z", true),
        .init(.equalToDateTime, "-3 days", "2024-02-07T15:30:45.250Z", true),
        .init(.equalToDateTime, "Now +1 DAYS", "2024-02-11T15:30:45.250Z", true),
        .init(.equalToDateTime, "now +1 day", "2024-02-11T15:30:45.250Z", true),
        .init(.before, "now -5 days", "2024-02-03T15:30:45.250Z", true),
        .init(.before, "now -5 days", "2024-02-06T15:30:45.250Z", false),
        // expectedOffset/expectedOffsetUnit, which replace an inline offset.
        .init(.equalToDateTime, "now", "2024-01-26T15:30:45.250Z", true, expectedOffset: -15, expectedOffsetUnit: .days),
        .init(.equalToDateTime, "now", "2024-04-10T15:30:45.250Z", true, expectedOffset: 2, expectedOffsetUnit: .months),
        .init(.equalToDateTime, "now +3 days", "2024-02-10T15:31:45.250Z", true, expectedOffset: 1, expectedOffsetUnit: .minutes),
        // Truncation happens before the offset unless applyTruncationLast is set.
        .init(.equalToDateTime, "now +15 days", "2024-02-16T00:00:00Z", true, truncateExpected: .firstDayOfMonth),
        .init(.after, "now +15 days", "2024-02-16T00:00:01Z", true, truncateExpected: .firstDayOfMonth),
        .init(.equalToDateTime, "now +1 months", "2024-03-29T00:00:00Z", true, truncateExpected: .lastDayOfMonth),
        .init(.equalToDateTime, "now +1 months", "2024-03-31T00:00:00Z", true, truncateExpected: .lastDayOfMonth, applyTruncationLast: true),
        .init(.equalToDateTime, "now", "2024-03-31", true, truncateExpected: .lastDayOfMonth, applyTruncationLast: true,
              expectedOffset: 1, expectedOffsetUnit: .months),
        // A year-month or year actual against a truncated now (WireMock's examples).
        .init(.equalToDateTime, "now", "2024-02", true, truncateExpected: .firstDayOfMonth),
        .init(.equalToDateTime, "now", "2024-01", false, truncateExpected: .firstDayOfMonth),
        .init(.equalToDateTime, "now", "2024", true, truncateExpected: .firstDayOfYear),
        .init(.equalToDateTime, "now", "02/2024", true, actualFormat: "MM/yyyy", truncateExpected: .firstDayOfMonth),
        .init(.equalToDateTime, "now", "24", true, actualFormat: "yy", truncateExpected: .firstDayOfYear),
        .init(.equalToDateTime, "now", "2024", false, actualFormat: "yy", truncateExpected: .firstDayOfYear),
        // Truncating both sides.
        .init(.equalToDateTime, "now", "2024-02-10T03:04:05Z", true, truncateExpected: .firstHourOfDay, truncateActual: .firstHourOfDay),
        .init(.equalToDateTime, "now", "2024-02-09T23:04:05Z", false, truncateExpected: .firstHourOfDay, truncateActual: .firstHourOfDay),
    ]

    @Test(arguments: nowCases)
    func nowRelativeExpectedValues(_ testCase: DateTimeCase) {
        #expect(testCase.pattern.match(testCase.actual, now: now).isExactMatch == testCase.matches)
    }

    @Test func nowMovesWithTheClock() throws {
        let pattern = try DateTimePattern(.before, "now -1 hours")
        #expect(pattern.match("2024-02-10T14:00:00Z", now: now).isExactMatch)
        #expect(!pattern.match("2024-02-10T14:00:00Z", now: now.addingTimeInterval(-3_600)).isExactMatch)
    }

    // MARK: Truncations

    /// What each truncation makes of 2024-02-10T15:30:45.250Z.
    static let truncations: [(DateTimeTruncation, String)] = [
        (.firstSecondOfMinute, "2024-02-10T15:30:00Z"),
        (.firstMinuteOfHour, "2024-02-10T15:00:00Z"),
        (.firstHourOfDay, "2024-02-10T00:00:00Z"),
        (.firstDayOfMonth, "2024-02-01T00:00:00Z"),
        (.firstDayOfNextMonth, "2024-03-01T00:00:00Z"),
        (.lastDayOfMonth, "2024-02-29T00:00:00Z"),
        (.firstDayOfYear, "2024-01-01T00:00:00Z"),
        (.firstDayOfNextYear, "2025-01-01T00:00:00Z"),
        (.lastDayOfYear, "2024-12-31T00:00:00Z"),
    ]

    @Test func everyTruncationIsInTheTable() {
        #expect(Set(Self.truncations.map(\.0)) == Set(DateTimeTruncation.allCases))
    }

    @Test(arguments: truncations)
    func truncateExpected(_ truncation: DateTimeTruncation, _ truncated: String) throws {
        let pattern = try DateTimePattern(.equalToDateTime, "now", truncateExpected: truncation)
        #expect(pattern.match(truncated, now: now).isExactMatch)
        #expect(!pattern.match("2024-02-10T15:30:45.250Z", now: now).isExactMatch)
    }

    @Test(arguments: truncations)
    func truncateActual(_ truncation: DateTimeTruncation, _ truncated: String) throws {
        let pattern = try DateTimePattern(.equalToDateTime, truncated, truncateActual: truncation)
        #expect(pattern.match("2024-02-10T15:30:45.250Z", now: now).isExactMatch)
        #expect(pattern.match("2024-02-10T15:30:45.250", now: now).isExactMatch) // local actuals too
    }

    @Test(arguments: [
        (DateTimeTruncation.firstDayOfNextMonth, "2024-12-31T23:59:59Z", "2025-01-01T00:00:00Z"),
        (.lastDayOfMonth, "2023-02-10T10:00:00Z", "2023-02-28T00:00:00Z"),
        (.lastDayOfMonth, "2023-04-10T10:00:00Z", "2023-04-30T00:00:00Z"),
        (.firstDayOfNextYear, "2024-12-31T23:59:59Z", "2025-01-01T00:00:00Z"),
        // Truncation uses the actual's own wall clock and keeps its offset.
        (.firstHourOfDay, "2021-06-14T01:30:00+02:00", "2021-06-13T22:00:00Z"),
        (.firstDayOfMonth, "2021-06-01T01:30:00+02:00", "2021-05-31T22:00:00Z"),
    ])
    func truncationEdges(_ truncation: DateTimeTruncation, _ actual: String, _ expected: String) throws {
        let pattern = try DateTimePattern(.equalToDateTime, expected, truncateActual: truncation)
        #expect(pattern.match(actual, now: now).isExactMatch)
    }

    @Test func truncateActualInMarch() throws {
        // WireMock's example: "is in March 2020".
        let pattern = try DateTimePattern(.equalToDateTime, "2020-03-01T00:00:00Z", truncateActual: .firstDayOfMonth)
        #expect(pattern.match("2020-03-17T10:11:12Z", now: now).isExactMatch)
        #expect(pattern.match("2020-03-31T23:59:59.999Z", now: now).isExactMatch)
        #expect(!pattern.match("2020-04-01T00:00:00Z", now: now).isExactMatch)
        #expect(!pattern.match("2020-02-29T23:59:59Z", now: now).isExactMatch)
    }

    // MARK: actualFormat

    static let formatCases: [DateTimeCase] = [
        .init(.before, "2021-06-14", "01/06/2021", true, actualFormat: "dd/MM/yyyy"),
        .init(.before, "2021-06-14", "01/07/2021", false, actualFormat: "dd/MM/yyyy"),
        .init(.equalToDateTime, "2021-06-24T00:00:00", "24/06/2021", true, actualFormat: "dd/MM/yyyy"),
        .init(.equalToDateTime, "2021-06-24T00:00:00", "2021-06-24", false, actualFormat: "dd/MM/yyyy"), // the format replaces the defaults
        .init(.equalToDateTime, "2021-06-04", "4/6/2021", true, actualFormat: "d/M/yyyy"),
        .init(.equalToDateTime, "2021-06-04", "4/06/2021", false, actualFormat: "dd/MM/yyyy"),
        .init(.equalToDateTime, "2021-04-30", "31/04/2021", true, actualFormat: "dd/MM/yyyy"), // java.time's smart clamping
        .init(.equalToDateTime, "2021-06-14", "20210614", true, actualFormat: "yyyyMMdd"),
        .init(.equalToDateTime, "2021-06-14T12:13:14", "20210614121314", true, actualFormat: "yyyyMMddHHmmss"),
        .init(.equalToDateTime, "2021-06-14T09:30", "2021-06-14 930", true, actualFormat: "uuuu-MM-dd Hmm"),
        .init(.equalToDateTime, "2021-06-01T00:00:00", "06/2021", true, actualFormat: "MM/yyyy"),
        .init(.equalToDateTime, "2021", "21", true, actualFormat: "yy"),
        .init(.equalToDateTime, "2021-06-05T09:07:00", "5 Jun 2021 09:07", true, actualFormat: "d MMM uuuu HH:mm"),
        .init(.equalToDateTime, "2021-06-05T09:07:00", "5 jun 2021 09:07", false, actualFormat: "d MMM uuuu HH:mm"), // names are case-sensitive
        .init(.equalToDateTime, "2021-06-14T15:04:00", "Monday, June 14, 2021 3:04 PM", true, actualFormat: "EEEE, MMMM d, yyyy h:mm a"),
        .init(.equalToDateTime, "2021-06-14T00:04:00", "Monday, June 14, 2021 12:04 AM", true, actualFormat: "EEEE, MMMM d, yyyy h:mm a"),
        .init(.equalToDateTime, "2021-06-14T15:04:00", "Tuesday, June 14, 2021 3:04 PM", false, actualFormat: "EEEE, MMMM d, yyyy h:mm a"),
        .init(.equalToDateTime, "2021-06-14", "03:04 14/06/2021", true, actualFormat: "hh:mm dd/MM/yyyy"), // no AM/PM: date only, as in Java
        .init(.equalToDateTime, "2021-06-14T12:13:14.123", "14.06.2021 12:13:14.123", true, actualFormat: "dd.MM.yyyy HH:mm:ss.SSS"),
        .init(.equalToDateTime, "2021-06-14T12:13:14.123", "14.06.2021 12:13:14.12", false, actualFormat: "dd.MM.yyyy HH:mm:ss.SSS"),
        .init(.equalToDateTime, "2021-06-14T10:13:14Z", "2021-06-14T12:13:14+02:00", true, actualFormat: "yyyy-MM-dd'T'HH:mm:ssXXX"),
        .init(.equalToDateTime, "2021-06-14T12:13:14Z", "2021-06-14T12:13:14Z", true, actualFormat: "yyyy-MM-dd'T'HH:mm:ssXXX"),
        .init(.equalToDateTime, "2021-06-14T10:13:14Z", "2021-06-14 12:13:14 +0200", true, actualFormat: "yyyy-MM-dd HH:mm:ss Z"),
        .init(.equalToDateTime, "2021-06-14T10:13:14Z", "2021-06-14 12:13:14 GMT+02:00", true, actualFormat: "yyyy-MM-dd HH:mm:ss ZZZZ"),
        .init(.equalToDateTime, "2021-06-14T12:13:14Z", "2021-06-14 12:13:14 UTC", true, actualFormat: "yyyy-MM-dd HH:mm:ss z"),
        .init(.equalToDateTime, "2021-06-14T10:13:00Z", "2021-06-14 12:13 Europe/Paris", true, actualFormat: "yyyy-MM-dd HH:mm VV"),
        .init(.equalToDateTime, "2021-01-14T11:13:00Z", "2021-01-14 12:13 Europe/Paris", true, actualFormat: "yyyy-MM-dd HH:mm VV"),
        .init(.equalToDateTime, "2021-06-14", "2021-06-14", true, actualFormat: "yyyy-MM-dd[ HH:mm]"),
        .init(.equalToDateTime, "2021-06-14T12:00", "2021-06-14 12:00", true, actualFormat: "yyyy-MM-dd[ HH:mm]"),
        .init(.equalToDateTime, "2021-06-14", "2021-165", true, actualFormat: "yyyy-DDD"),
        .init(.equalToDateTime, "2021-06-14T12:13:14", "at 12:13:14 on 2021-06-14", true, actualFormat: "'at' HH:mm:ss 'on' yyyy-MM-dd"),
        .init(.equalToDateTime, "2021-06-14", "it's 2021-06-14", true, actualFormat: "'it''s' yyyy-MM-dd"),
        // unix is seconds, epoch is milliseconds (any case).
        .init(.equalToDateTime, "2021-06-14T12:13:14Z", "1623672794", true, actualFormat: "unix"),
        .init(.equalToDateTime, "2021-06-14T12:13:14Z", "1623672793", false, actualFormat: "unix"),
        .init(.equalToDateTime, "2021-06-14T12:13:14Z", "1623672794", true, actualFormat: "UNIX"),
        .init(.equalToDateTime, "2021-06-14T12:13:14Z", "1623672794000", true, actualFormat: "epoch"),
        .init(.equalToDateTime, "2021-06-14T12:13:14Z", "1623672793990", false, actualFormat: "epoch"),
        .init(.equalToDateTime, "2021-06-14T12:13:14.5Z", "1623672794500", true, actualFormat: "Epoch"),
        .init(.equalToDateTime, "1969-12-31T23:59:59.999Z", "-1", true, actualFormat: "epoch"),
        .init(.before, "2021-06-14T12:13:14Z", "1623672794.5", false, actualFormat: "unix"),
        .init(.before, "2021-06-14T12:13:14Z", "1623672794000", false, actualFormat: "unix"), // 51 000 years ahead
    ]

    @Test(arguments: formatCases)
    func actualFormats(_ testCase: DateTimeCase) {
        #expect(testCase.pattern.match(testCase.actual, now: now).isExactMatch == testCase.matches)
    }

    @Test(arguments: [("unix", "1623672794.5"), ("unix", " 1623672794"), ("epoch", "abc"), ("dd/MM/yyyy", "2021-06-14"), ("yyyy-MM-dd", "2021-06-14x")])
    func unreadableFormattedValuesAreNoMatch(_ format: String, _ actual: String) throws {
        let pattern = try DateTimePattern(.after, "2000-01-01T00:00:00Z", actualFormat: format)
        #expect(pattern.match(actual, now: now) == .noMatch)
    }

    // MARK: Distances

    @Test func distanceGrowsWithTheTimeDifference() throws {
        let pattern = try DateTimePattern(.before, "2021-01-01T00:00:00Z")
        #expect(pattern.match("2020-01-01T00:00:00Z", now: now) == .exactMatch)
        #expect(pattern.match("2023-01-01T00:00:00Z", now: now).distance == 0.5) // two 365-day years
        let sameInstant = pattern.match("2021-01-01T00:00:00Z", now: now)
        #expect(!sameInstant.isExactMatch && sameInstant.distance > 0 && sameInstant.distance < 0.000_01)
        let distances = ["2021-01-01T00:00:01Z", "2021-02-01T00:00:00Z", "2022-01-01T00:00:00Z", "2023-01-01T00:00:00Z", "2121-01-01T00:00:00Z"]
            .map { pattern.match($0, now: now).distance }
        #expect(distances == distances.sorted())
        #expect(Set(distances).count == distances.count)
        #expect(distances[2] > 0 && distances[2] < 0.5)
        #expect(distances[4] > 0.5 && distances[4] < 1)
        #expect(pattern.match(nil, now: now).distance == 1)
    }

    @Test(arguments: [
        ("2021-01-01T00:00:00", "2023-01-01T00:00:00Z"), // local expected, zoned actual
        ("2021-01-01T00:00:00", "2023-01-01T00:00:00"),
        ("2021-01-01T00:00:00Z", "2023-01-01T00:00:00"),
    ])
    func distanceForLocalAndZonedMixes(_ expected: String, _ actual: String) throws {
        #expect(try DateTimePattern(.before, expected).match(actual, now: now).distance == 0.5)
        #expect(try DateTimePattern(.equalToDateTime, expected).match(actual, now: now).distance == 0.5)
        #expect(try DateTimePattern(.after, actual).match(expected, now: now).distance == 0.5)
    }

    // MARK: Errors

    @Test(arguments: [
        ("2021-06-wrongstuff:15:15", "\"before\": \"2021-06-wrongstuff:15:15\" is not a date-time; write an ISO-8601 date-time such as 2021-06-14T12:00:00Z or 2021-06-14T12:00:00, a date such as 2021-06-14, an RFC 1123 date such as Mon, 14 Jun 2021 12:00:00 GMT, \"now\", or an offset such as \"now +3 days\" (units: seconds, minutes, hours, days, months, years)"),
        ("now +3 weeks", "\"before\": unknown unit \"weeks\" in \"now +3 weeks\"; use one of: seconds, minutes, hours, days, months, years"),
        ("now +3000000000 days", "\"before\": the offset +3000000000 in \"now +3000000000 days\" is out of range; use a whole number between -2147483648 and 2147483647"),
    ])
    func invalidExpectedValues(_ expected: String, _ message: String) {
        #expect(throws: DateTimePatternError(message)) { try DateTimePattern(.before, expected) }
    }

    @Test(arguments: [
        ("yyyy-MM-ddTHH:mm", "actualFormat \"yyyy-MM-ddTHH:mm\": unknown pattern letter 'T'; put literal text in single quotes, for example 'T'"),
        ("ddd/MM/yyyy", "actualFormat \"ddd/MM/yyyy\": too many pattern letters: ddd"),
        ("aa hh", "actualFormat \"aa hh\": too many pattern letters: aa"),
        ("YYYY-ww", "actualFormat \"YYYY-ww\": pattern letter 'Y' is not supported; use calendar fields (y M d E H m s S) and zone fields (X x Z O z VV)"),
        ("yyyy 'at", "actualFormat \"yyyy 'at\": a quoted literal is not closed; end it with '"),
        ("yyyy]", "actualFormat \"yyyy]\": ']' has no matching '['; quote it as ']' in single quotes to match it literally"),
        ("yyyy#", "actualFormat \"yyyy#\": '#' is reserved in Java date-time patterns; put it in single quotes to match it literally"),
        ("yyyy V", "actualFormat \"yyyy V\": pattern letter V must be doubled: VV"),
    ])
    func invalidActualFormats(_ format: String, _ message: String) {
        #expect(throws: DateTimePatternError(message)) { try DateTimePattern(.after, "now", actualFormat: format) }
    }

    @Test func inconsistentOptionsAreRejected() {
        #expect(throws: DateTimePatternError("\"expectedOffset\" and \"expectedOffsetUnit\" go together; give both, for example \"expectedOffset\": 3, \"expectedOffsetUnit\": \"days\", or neither")) {
            try DateTimePattern(.after, "now", expectedOffset: 3)
        }
        #expect(throws: DateTimePatternError("\"expectedOffset\" and \"expectedOffsetUnit\" go together; give both, for example \"expectedOffset\": 3, \"expectedOffsetUnit\": \"days\", or neither")) {
            try DateTimePattern(.after, "now", expectedOffsetUnit: .days)
        }
        #expect(throws: DateTimePatternError("\"truncateExpected\" only applies when \"equalToDateTime\" is \"now\" or an offset such as \"now +3 days\"; write the truncated date-time in \"equalToDateTime\" instead, or remove \"truncateExpected\"")) {
            try DateTimePattern(.equalToDateTime, "2021-06-14T00:00:00Z", truncateExpected: .firstDayOfMonth)
        }
        #expect(throws: DateTimePatternError("\"expectedOffset\" only applies when \"after\" is \"now\" or an offset such as \"now +3 days\"; write the shifted date-time in \"after\" instead, or remove \"expectedOffset\" and \"expectedOffsetUnit\"")) {
            try DateTimePattern(.after, "2021-06-14", expectedOffset: 1, expectedOffsetUnit: .days)
        }
        #expect(throws: DateTimePatternError("\"expectedOffset\": 3000000000 is out of range; use a whole number between -2147483648 and 2147483647")) {
            try DateTimePattern(.after, "now", expectedOffset: 3_000_000_000, expectedOffsetUnit: .seconds)
        }
    }

    // MARK: JSON

    static let jsonPatterns: [DateTimePattern] = {
        do {
            return [
                try DateTimePattern(.before, "now +3 days"),
                try DateTimePattern(.after, "2021-05-01T00:00:00Z"),
                try DateTimePattern(.equalToDateTime, "2021-06-24T00:00:00", actualFormat: "dd/MM/yyyy"),
                try DateTimePattern(.after, "now +15 days", truncateExpected: .firstDayOfMonth),
                try DateTimePattern(.equalToDateTime, "2020-03-01T00:00:00Z", truncateActual: .firstDayOfMonth),
                try DateTimePattern(.equalToDateTime, "now +1 months", truncateExpected: .lastDayOfMonth, applyTruncationLast: true),
                try DateTimePattern(.before, "now", actualFormat: "epoch", truncateExpected: .firstHourOfDay, truncateActual: .lastDayOfYear,
                                    applyTruncationLast: true, expectedOffset: -2, expectedOffsetUnit: .months),
            ]
        } catch {
            fatalError("\(error)")
        }
    }()

    @Test(arguments: jsonPatterns)
    func jsonRoundTrip(_ pattern: DateTimePattern) throws {
        let decoded = try DateTimePattern(jsonObject: pattern.jsonMembers)
        #expect(decoded == pattern)
        #expect(decoded.jsonMembers.keys == pattern.jsonMembers.keys)
        #expect(decoded.match("2024-02-10T15:30:45.250Z", now: now) == pattern.match("2024-02-10T15:30:45.250Z", now: now))
    }

    @Test func jsonMembersInWireMockOrder() throws {
        let pattern = try DateTimePattern(.before, "now", actualFormat: "dd/MM/yyyy", truncateExpected: .firstDayOfMonth,
                                          truncateActual: .firstHourOfDay, applyTruncationLast: true,
                                          expectedOffset: 3, expectedOffsetUnit: .days)
        let expected: JSONObject = [
            "before": "now", "actualFormat": "dd/MM/yyyy", "truncateExpected": "first day of month",
            "truncateActual": "first hour of day", "applyTruncationLast": true, "expectedOffset": 3, "expectedOffsetUnit": "days",
        ]
        #expect(pattern.jsonMembers == expected)
        #expect(pattern.jsonMembers.keys == expected.keys)
        #expect(try DateTimePattern(.after, "2021-06-14").jsonMembers.keys == ["after"])
    }

    @Test func jsonAcceptsWireMockSpellings() throws {
        let decoded = try DateTimePattern(jsonObject: [
            "equalToDateTime": "now", "truncateExpected": "FIRST_DAY_OF_MONTH", "truncateActual": "First Day Of Month",
            "expectedOffset": 1, "expectedOffsetUnit": "MONTHS", "actualFormat": nil, "applyTruncationLast": false,
        ])
        #expect(decoded.truncateExpected == .firstDayOfMonth)
        #expect(decoded.truncateActual == .firstDayOfMonth)
        #expect(decoded.expectedOffset == 1 && decoded.expectedOffsetUnit == .months)
        #expect(decoded.actualFormat == nil && !decoded.applyTruncationLast)
        #expect(decoded.match("2024-03-20T10:00:00Z", now: now).isExactMatch)
        #expect(!decoded.match("2024-02-20T10:00:00Z", now: now).isExactMatch)
        #expect(try DateTimePattern(jsonObject: ["before": "now", "expectedOffset": 2.0, "expectedOffsetUnit": "day"]).expectedOffset == 2)
    }

    static let jsonErrorCases: [(JSONObject, String)] = [
        (["before": "now", "truncateExpected": "first day of week"],
         "\"truncateExpected\": unknown truncation \"first day of week\"; use one of: first second of minute, first minute of hour, first hour of day, first day of month, first day of next month, last day of month, first day of year, first day of next year, last day of year"),
        (["before": "now", "truncateActual": 3], "\"truncateActual\" must be a string, found number"),
        (["before": "now", "expectedOffset": 3, "expectedOffsetUnit": "weeks"], "\"expectedOffsetUnit\": unknown unit \"weeks\"; use one of: seconds, minutes, hours, days, months, years"),
        (["before": "now", "expectedOffset": "3", "expectedOffsetUnit": "days"], "\"expectedOffset\" must be a whole number of units such as 3 or -15, found string"),
        (["before": "now", "expectedOffset": 1.5, "expectedOffsetUnit": "days"], "\"expectedOffset\" must be a whole number of units such as 3 or -15, found a fraction"),
        (["before": "now", "applyTruncationLast": "yes"], "\"applyTruncationLast\" must be true or false, found string"),
        (["before": "now", "actualFormat": ["dd"]], "\"actualFormat\" must be a string, found array"),
        (["before": 20210614], "\"before\" must be a string such as \"2021-06-14T12:00:00Z\" or \"now +3 days\", found number"),
        (["before": "now", "truncate": "first day of month"], "unknown member \"truncate\" in a before pattern; known members: before, actualFormat, truncateExpected, truncateActual, applyTruncationLast, expectedOffset, expectedOffsetUnit"),
        (["before": "now", "after": "now"], "a date-time pattern has exactly one operator, found \"before\" and \"after\"; combine them with \"and\": [...]"),
        (["actualFormat": "unix"], "a date-time pattern needs one of \"before\", \"after\" or \"equalToDateTime\""),
        (["after": "soon"],
         "\"after\": \"soon\" is not a date-time; write an ISO-8601 date-time such as 2021-06-14T12:00:00Z or 2021-06-14T12:00:00, a date such as 2021-06-14, an RFC 1123 date such as Mon, 14 Jun 2021 12:00:00 GMT, \"now\", or an offset such as \"now +3 days\" (units: seconds, minutes, hours, days, months, years)"),
    ]

    @Test(arguments: jsonErrorCases)
    func jsonErrors(_ object: JSONObject, _ message: String) {
        #expect(throws: DateTimePatternError(message)) { try DateTimePattern(jsonObject: object) }
    }

    // MARK: Names

    @Test func wireMockNames() {
        #expect(DateTimeTruncation.allCases.map(\.rawValue) == [
            "first second of minute", "first minute of hour", "first hour of day", "first day of month", "first day of next month",
            "last day of month", "first day of year", "first day of next year", "last day of year",
        ])
        #expect(DateTimeUnit.allCases.map(\.rawValue) == ["seconds", "minutes", "hours", "days", "months", "years"])
    }

    @Test(arguments: [("days", DateTimeUnit.days), ("DAYS", .days), ("Day", .days), ("month", .months), ("SECONDS", .seconds), ("weeks", nil), ("", nil), ("s", nil)] as [(String, DateTimeUnit?)])
    func unitNames(_ name: String, _ unit: DateTimeUnit?) {
        #expect(DateTimeUnit(name: name) == unit)
    }

    // MARK: Calendar arithmetic

    @Test(arguments: [
        ("2024-01-31T10:00:00Z", 1, DateTimeUnit.months, "2024-02-29T10:00:00Z"),
        ("2023-01-31T10:00:00Z", 1, .months, "2023-02-28T10:00:00Z"),
        ("2024-03-31T10:00:00Z", -1, .months, "2024-02-29T10:00:00Z"),
        ("2024-02-29T10:00:00Z", 1, .years, "2025-02-28T10:00:00Z"),
        ("2024-12-15T10:00:00Z", 1, .months, "2025-01-15T10:00:00Z"),
        ("2024-01-15T10:00:00Z", -13, .months, "2022-12-15T10:00:00Z"),
        ("2024-12-31T23:59:59Z", 1, .seconds, "2025-01-01T00:00:00Z"),
        ("2024-03-01T00:30:00Z", -1, .hours, "2024-02-29T23:30:00Z"),
        ("1970-01-01T00:00:00Z", -1, .days, "1969-12-31T00:00:00Z"),
        ("2000-02-28T00:00:00Z", 1, .days, "2000-02-29T00:00:00Z"),
        ("1900-02-28T00:00:00Z", 1, .days, "1900-03-01T00:00:00Z"),
    ])
    func calendarArithmetic(_ start: String, _ amount: Int, _ unit: DateTimeUnit, _ result: String) throws {
        let value = try #require(DateTimeParser.standard.parse(start))
        #expect(value.adding(amount, unit) == DateTimeParser.standard.parse(result))
    }

    @Test func civilDaysRoundTrip() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let (year, month, day) = DateTimeValue.civilFromDays(days)
            #expect(DateTimeValue.daysFromCivil(year: year, month: month, day: day) == days)
            #expect((1...DateTimeValue.daysInMonth(year: year, month: month)).contains(day))
        }
        #expect(DateTimeValue.daysFromCivil(year: 2021, month: 6, day: 14) * 86_400 + 12 * 3_600 + 13 * 60 + 14 == 1_623_672_794)
        #expect(DateTimeValue(year: 2021, month: 6, day: 14).dayOfWeek == 1)
        #expect(DateTimeValue(year: 2024, month: 2, day: 10).dayOfWeek == 6)
        #expect(DateTimeValue(year: 1969, month: 12, day: 31).dayOfWeek == 3)
    }

    @Test func nowIsReadInUTC() {
        let value = DateTimeValue(now)
        #expect(value == DateTimeValue(year: 2024, month: 2, day: 10, hour: 15, minute: 30, second: 45, nanosecond: 250_000_000, offsetSeconds: 0))
        let beforeEpoch = DateTimeValue(Date(timeIntervalSince1970: -0.5))
        #expect(beforeEpoch == DateTimeValue(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, nanosecond: 500_000_000, offsetSeconds: 0))
    }
}
