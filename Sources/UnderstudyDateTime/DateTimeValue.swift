package import Foundation

/// A date-time as parsed from text: proleptic Gregorian wall-clock fields plus, when the text
/// named one, a fixed UTC offset. All arithmetic is done on these fields directly, in UTC terms,
/// so the machine's time zone and calendar never play a part.
package struct DateTimeValue: Sendable, Hashable {
    package var year: Int
    /// 1...12.
    package var month: Int
    /// 1...31.
    package var day: Int
    package var hour: Int = 0
    package var minute: Int = 0
    package var second: Int = 0
    package var nanosecond: Int = 0
    /// Seconds east of UTC, or `nil` for a local date-time (no zone in the text).
    package var offsetSeconds: Int?

    /// The wall-clock fields as seconds since 1970-01-01T00:00:00, ignoring the offset.
    package var wallSeconds: Int {
        Self.daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// Seconds since the Unix epoch of the instant; a local value is taken as UTC.
    package var instantSeconds: Int { wallSeconds - (offsetSeconds ?? 0) }

    /// Whether the text carried a zone or offset.
    package var isZoned: Bool { offsetSeconds != nil }

    package init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0, offsetSeconds: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
        self.offsetSeconds = offsetSeconds
    }

    /// The wall-clock fields for `wallSeconds` seconds after 1970-01-01T00:00:00.
    package init(wallSeconds: Int, nanosecond: Int = 0, offsetSeconds: Int?) {
        let days = wallSeconds.floorDivided(by: 86_400)
        let secondOfDay = wallSeconds - days * 86_400
        let (year, month, day) = Self.civilFromDays(days)
        self.init(year: year, month: month, day: day, hour: secondOfDay / 3_600, minute: secondOfDay % 3_600 / 60,
                  second: secondOfDay % 60, nanosecond: nanosecond, offsetSeconds: offsetSeconds)
    }

    /// A zoned UTC value for an instant.
    package init(instantSeconds: Int, nanosecond: Int = 0) {
        self.init(wallSeconds: instantSeconds, nanosecond: nanosecond, offsetSeconds: 0)
    }

    /// The instant of `date`, in UTC, to the nearest microsecond `Date` can hold.
    package init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let seconds = interval.rounded(.down)
        let nanos = min(Int(((interval - seconds) * 1_000_000).rounded()) * 1_000, 999_999_000)
        self.init(instantSeconds: Int(seconds), nanosecond: nanos)
    }

    /// The instant as a `Date`; a value without an offset is read as UTC.
    package var date: Date {
        Date(timeIntervalSince1970: TimeInterval(instantSeconds) + TimeInterval(nanosecond) / 1_000_000_000)
    }

    /// This value moved by `amount` units on its own wall clock (the same as moving the instant,
    /// since offsets are fixed). Months and years keep the day of month, clamped to the month's
    /// length, as `java.time` does. `nil` if the result leaves the supported years.
    package func adding(_ amount: Int, _ unit: DateTimeUnit) -> DateTimeValue? {
        switch unit {
        case .seconds, .minutes, .hours, .days:
            let scale = switch unit {
            case .seconds: 1
            case .minutes: 60
            case .hours: 3_600
            default: 86_400
            }
            let (delta, overflow1) = amount.multipliedReportingOverflow(by: scale)
            let (moved, overflow2) = wallSeconds.addingReportingOverflow(delta)
            guard !overflow1, !overflow2 else { return nil }
            let result = DateTimeValue(wallSeconds: moved, nanosecond: nanosecond, offsetSeconds: offsetSeconds)
            return result.isInSupportedRange ? result : nil
        case .months, .years:
            let months = unit == .years ? amount.multipliedReportingOverflow(by: 12) : (partialValue: amount, overflow: false)
            guard !months.overflow else { return nil }
            let (total, overflow) = (year * 12 + month - 1).addingReportingOverflow(months.partialValue)
            guard !overflow else { return nil }
            var result = self
            result.year = total.floorDivided(by: 12)
            result.month = total - result.year * 12 + 1
            result.day = min(day, Self.daysInMonth(year: result.year, month: result.month))
            return result.isInSupportedRange ? result : nil
        }
    }

    /// `java.time`'s year range, which also keeps every computation here far from overflow.
    package static let supportedYears = -999_999_999...999_999_999

    package var isInSupportedRange: Bool { Self.supportedYears.contains(year) }

    package static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear.floorDivided(by: 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` days after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    package static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// ISO day of week, 1 = Monday ... 7 = Sunday.
    package var dayOfWeek: Int {
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        return (days + 3).floorModulo(7) + 1 // 1970-01-01 was a Thursday.
    }
}

fileprivate extension Int {
    /// Division rounding towards negative infinity.
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder that has the divisor's sign.
    func floorModulo(_ divisor: Int) -> Int { self - floorDivided(by: divisor) * divisor }
}

extension DateTimeValue {
    /// Seconds since the epoch that stay within ``supportedYears``.
    package static let supportedInstants =
        daysFromCivil(year: supportedYears.lowerBound, month: 1, day: 1) * 86_400
        ... daysFromCivil(year: supportedYears.upperBound, month: 12, day: 31) * 86_400 + 86_399
}
