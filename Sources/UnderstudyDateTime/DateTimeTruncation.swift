import Foundation

/// How a date-time is rounded before comparing, with WireMock's names as raw values.
///
/// Truncation works on the wall-clock fields of a value and keeps its UTC offset:
/// `2021-06-14T01:30:00+02:00` truncated to `first hour of day` is `2021-06-14T00:00:00+02:00`.
public enum DateTimeTruncation: String, Sendable, CaseIterable {
    /// Seconds and fractions set to zero.
    case firstSecondOfMinute = "first second of minute"
    /// Minutes, seconds and fractions set to zero.
    case firstMinuteOfHour = "first minute of hour"
    /// Midnight at the start of the same day.
    case firstHourOfDay = "first hour of day"
    /// Midnight at the start of the first day of the month.
    case firstDayOfMonth = "first day of month"
    /// Midnight at the start of the first day of the following month.
    case firstDayOfNextMonth = "first day of next month"
    /// Midnight at the start of the last day of the month.
    case lastDayOfMonth = "last day of month"
    /// Midnight at the start of January 1 of the same year.
    case firstDayOfYear = "first day of year"
    /// Midnight at the start of January 1 of the following year.
    case firstDayOfNextYear = "first day of next year"
    /// Midnight at the start of December 31 of the same year.
    case lastDayOfYear = "last day of year"

    /// Reads a truncation name the way WireMock does: case-insensitively, with spaces or
    /// underscores between words (`first day of month`, `FIRST_DAY_OF_MONTH`).
    package init?(name: String) {
        let normalised = name.lowercased().replacingOccurrences(of: "_", with: " ")
        guard let truncation = DateTimeTruncation(rawValue: normalised) else { return nil }
        self = truncation
    }

    /// The names accepted, for error messages.
    package static let namesForMessages = allCases.map(\.rawValue).joined(separator: ", ")

    /// The value rounded down (or, for the `next` and `last` forms, moved) as this truncation says.
    package func truncate(_ value: DateTimeValue) -> DateTimeValue {
        var result = value
        result.nanosecond = 0
        result.second = 0
        if self == .firstSecondOfMinute { return result }
        result.minute = 0
        if self == .firstMinuteOfHour { return result }
        result.hour = 0
        switch self {
        case .firstSecondOfMinute, .firstMinuteOfHour, .firstHourOfDay:
            break
        case .firstDayOfMonth:
            result.day = 1
        case .firstDayOfNextMonth:
            result.day = 1
            result.month += 1
            if result.month > 12 {
                result.month = 1
                result.year += 1
            }
        case .lastDayOfMonth:
            result.day = DateTimeValue.daysInMonth(year: result.year, month: result.month)
        case .firstDayOfYear:
            result.month = 1
            result.day = 1
        case .firstDayOfNextYear:
            result.year += 1
            result.month = 1
            result.day = 1
        case .lastDayOfYear:
            result.month = 12
            result.day = 31
        }
        return result
    }
}
