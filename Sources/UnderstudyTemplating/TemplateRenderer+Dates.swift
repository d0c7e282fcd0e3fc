import Foundation
import UnderstudyDateTime
import UnderstudySupport

extension TemplateRenderer {
    static let dateHelperNames: Set<String> = ["now", "date", "parseDate", "dateFormat", "truncateDate"]

    /// `now`, `date`, `parseDate`: offsets (`'3 days'`, `'-24 hours'`), formats (Java-style
    /// patterns such as `yyyy-MM-dd`, or `epoch` milliseconds and `unix` seconds) and time zones.
    func dateHelper(_ name: String, _ arguments: Arguments) throws -> TemplateValue? {
        switch name {
        case "now":
            return try Self.output(Self.offset(now, by: arguments.string("offset")), arguments)
        case "date":
            let date = try Self.parse(arguments[0], format: nil)
            return try Self.output(Self.offset(date, by: arguments.string("offset")), arguments)
        case "dateFormat":
            return try Self.dateFormat(arguments)
        case "truncateDate":
            // TruncateDateTimeHelper: the date rounded in UTC ('first day of month', 'last day of year'...).
            guard arguments.params.count > 1 else {
                throw HelperFailure("the truncation must be the second argument: {{truncateDate (now) 'first day of month'}}")
            }
            guard let truncation = DateTimeTruncation(name: arguments[1].text) else {
                throw HelperFailure("unknown truncation \"\(arguments[1].text)\"; use one of \(DateTimeTruncation.namesForMessages)")
            }
            let date = try Self.parse(arguments[0], format: nil)
            return .string(Self.iso8601(truncation.truncate(DateTimeValue(date)).date, timeZone: Self.utc))
        case "parseDate":
            let date = try Self.parse(arguments[0], format: arguments.string("format"))
            return .string(Self.iso8601(date, timeZone: Self.utc))
        default:
            return nil
        }
    }

    /// Handlebars.java's `StringHelpers.dateFormat`: `{{dateFormat date 'yyyy-MM-dd'}}` or a
    /// style (`full`, `long`, `medium` (the default), `short`, with `time=` a style for the time
    /// too), then an optional locale (`en_US` by default, the JVM's on WireMock's Docker image),
    /// and `tz=` (UTC by default, that image's zone; `timezone=` also works).
    private static func dateFormat(_ arguments: Arguments) throws -> TemplateValue {
        let date = try parse(arguments[0], format: nil)
        let pattern = arguments.params.count > 1 ? arguments[1].text : arguments.string("format") ?? "medium"
        let localeName = arguments.params.count > 2 ? arguments[2].text : arguments.string("locale") ?? javaDefaultLocale
        let zoneName = arguments.string("tz") ?? arguments.string("timezone") ?? "UTC"
        guard let zone = TimeZone(identifier: zoneName) else {
            throw HelperFailure("unknown timezone \"\(zoneName)\"; use a name such as UTC or Europe/Paris")
        }
        let styles: [String: DateFormatter.Style] = ["full": .full, "long": .long, "medium": .medium, "short": .short]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: localeName)
        formatter.timeZone = zone
        if let style = styles[pattern] {
            formatter.dateStyle = style
            formatter.timeStyle = arguments.string("time").flatMap { styles[$0] } ?? .none
        } else {
            formatter.dateFormat = pattern
        }
        return .string(formatter.string(from: date))
    }

    private static let utc = TimeZone(secondsFromGMT: 0) ?? TimeZone.current

    private static func output(_ date: Date, _ arguments: Arguments) throws -> TemplateValue {
        let zoneName = arguments.string("timezone") ?? "UTC"
        guard let zone = TimeZone(identifier: zoneName) else {
            throw HelperFailure("unknown timezone \"\(zoneName)\"; use a name such as UTC or Europe/Paris")
        }
        switch arguments.string("format") {
        case nil: return .string(iso8601(date, timeZone: zone))
        case "epoch": return .integer(Int((date.timeIntervalSince1970 * 1000).rounded(.down)))
        case "unix": return .integer(Int(date.timeIntervalSince1970.rounded(.down)))
        case let pattern?:
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            formatter.dateFormat = pattern
            return .string(formatter.string(from: date))
        }
    }

    /// `2026-11-23T10:15:30Z` (whole seconds, as WireMock prints dates by default).
    static func iso8601(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssXXXXX"
        return formatter.string(from: date)
    }

    /// Text as a date, read by the same parsers as the date-time matchers (WireMock's): by
    /// default ISO 8601 (zoned or local, date only, year-month), RFC 1123, RFC 1036, asctime,
    /// or a number of epoch milliseconds; with a format, `epoch`, `unix` or a Java pattern.
    /// Values without a zone are UTC.
    private static func parse(_ value: TemplateValue, format: String?) throws -> Date {
        let text = value.text.trimmingWhitespace()
        guard let format else {
            if value.isNumeric, let number = value.number { return Date(timeIntervalSince1970: number / 1000) }
            guard let parsed = DateTimeParser.standard.parse(text) else {
                throw HelperFailure("\"\(text)\" is not a date; give ISO 8601 (2026-11-23T10:15:30Z) or say its format with format='...'")
            }
            return parsed.date
        }
        let parser: DateTimeParser
        do {
            parser = try DateTimeParser(actualFormat: format)
        } catch {
            throw HelperFailure(error.description)
        }
        guard let parsed = parser.parse(text) else {
            throw HelperFailure("\"\(text)\" does not match the format \"\(format)\"")
        }
        return parsed.date
    }

    /// `'3 days'`, `'-24 hours'`, `'1 months'`: calendar arithmetic in UTC.
    private static func offset(_ date: Date, by offset: String?) throws -> Date {
        guard let offset, !offset.isEmpty else { return date }
        let parts = offset.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let amount = Int(parts[0]) else {
            throw HelperFailure("offset \"\(offset)\" must be an amount and a unit, such as '3 days' or '-24 hours'")
        }
        var unit = parts[1].lowercased()
        if unit.hasSuffix("s") { unit.removeLast() }
        let components: [String: Calendar.Component] = [
            "second": .second, "minute": .minute, "hour": .hour, "day": .day, "week": .weekOfYear, "month": .month, "year": .year,
            "millisecond": .nanosecond,
        ]
        guard let component = components[unit] else {
            throw HelperFailure("unknown offset unit \"\(parts[1])\"; use seconds, minutes, hours, days, weeks, months or years")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let value = component == .nanosecond ? amount * 1_000_000 : amount
        guard let shifted = calendar.date(byAdding: component, value: value, to: date) else { throw HelperFailure("offset out of range") }
        return shifted
    }
}
