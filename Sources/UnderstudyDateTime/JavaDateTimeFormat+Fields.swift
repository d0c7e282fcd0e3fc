package import Foundation

extension JavaDateTimeFormat {
    /// The fields read from a text, and how they combine into a value (`java.time`'s smart resolver).
    package struct ParsedFields {
        private var values: [Field: Int] = [:]
        /// A zone read from `z` or `VV`.
        package var zone: TimeZone?

        /// Records a field; fails when it is out of range or contradicts an earlier reading.
        package mutating func set(_ field: Field, _ value: Int) -> Bool {
            var field = field, value = value
            switch field {
            case .clockHourOfDay:
                guard (1...24).contains(value) else { return false }
                (field, value) = (.hourOfDay, value % 24)
            case .clockHourOfAmPm:
                guard (1...12).contains(value) else { return false }
                (field, value) = (.hourOfAmPm, value % 12)
            default:
                break
            }
            guard Self.validRange(of: field).contains(value) else { return false }
            if let existing = values[field] { return existing == value }
            values[field] = value
            return true
        }

        private static func validRange(of field: Field) -> ClosedRange<Int> {
            switch field {
            case .year: DateTimeValue.supportedYears
            case .yearOfEra: 1...DateTimeValue.supportedYears.upperBound
            case .era, .amPm: 0...1
            case .month: 1...12
            case .day: 1...31
            case .dayOfYear: 1...366
            case .dayOfWeek: 1...7
            case .hourOfDay: 0...23
            case .hourOfAmPm: 0...11
            case .minute, .second: 0...59
            case .nanoOfSecond: 0...999_999_999
            case .offsetSeconds: -18 * 3_600...18 * 3_600
            case .clockHourOfDay, .clockHourOfAmPm: 0...24 // converted before checking
            }
        }

        /// The most complete value the fields describe: zoned date-time, local date-time, date,
        /// year-month (its first day) or year (January 1); `nil` when not even a year is known.
        package func resolve(defaultOffset: Int?) -> DateTimeValue? {
            var year = values[.year]
            if let yearOfEra = values[.yearOfEra] {
                let fromEra = values[.era] == 0 ? 1 - yearOfEra : yearOfEra
                if let year, year != fromEra { return nil }
                year = fromEra
            }
            guard let year else { return nil }
            guard var value = date(in: year) else {
                if values[.dayOfYear] != nil { return nil } // an impossible day of year
                return DateTimeValue(year: year, month: values[.month] ?? 1, day: 1)
            }
            if let dayOfWeek = values[.dayOfWeek], dayOfWeek != value.dayOfWeek { return nil }
            guard setTime(of: &value) else { return value }
            if let offset = values[.offsetSeconds] {
                value.offsetSeconds = offset
            } else if let zone {
                value.offsetSeconds = Self.offset(of: zone, atWallSeconds: value.wallSeconds)
            } else {
                value.offsetSeconds = defaultOffset
            }
            return value
        }

        /// The date from year-month-day (an overlong day clamped to the month's end) or year and day of year.
        private func date(in year: Int) -> DateTimeValue? {
            if let month = values[.month], let day = values[.day] {
                return DateTimeValue(year: year, month: month, day: min(day, DateTimeValue.daysInMonth(year: year, month: month)))
            }
            guard let dayOfYear = values[.dayOfYear] else { return nil }
            guard dayOfYear <= (DateTimeValue.isLeapYear(year) ? 366 : 365) else { return nil }
            let days = DateTimeValue.daysFromCivil(year: year, month: 1, day: 1) + dayOfYear - 1
            let value = DateTimeValue(wallSeconds: days * 86_400, offsetSeconds: nil)
            if let month = values[.month], month != value.month { return nil }
            return value
        }

        /// Adds the time of day when the fields give one; `false` leaves a date only, as Java does
        /// when the hour is missing (or given as `h` without `a`).
        private func setTime(of value: inout DateTimeValue) -> Bool {
            var hour = values[.hourOfDay]
            if let hourOfAmPm = values[.hourOfAmPm], let amPm = values[.amPm] {
                let fromAmPm = amPm * 12 + hourOfAmPm
                if let hour, hour != fromAmPm { return false }
                hour = fromAmPm
            }
            guard let hour else { return false }
            let minute = values[.minute], second = values[.second], nano = values[.nanoOfSecond]
            if minute == nil, second != nil || nano != nil { return false }
            if second == nil, nano != nil { return false }
            value.hour = hour
            value.minute = minute ?? 0
            value.second = second ?? 0
            value.nanosecond = nano ?? 0
            return true
        }

        /// The zone's offset at a wall-clock time (checked twice around a daylight-saving change).
        private static func offset(of zone: TimeZone, atWallSeconds wall: Int) -> Int {
            let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall)))
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - guess)))
        }
    }
}
