/// Reads actual values (and literal expected values) into ``DateTimeValue``s, as WireMock does.
package enum DateTimeParser: Sendable, Hashable {
    /// WireMock's defaults, tried in order: ISO-8601 zoned date-time, RFC 1123, RFC 1036, both
    /// asctime forms (in GMT), then ISO-8601 local date-time, date, year-month and year.
    case standard
    /// `actualFormat: "unix"`: whole seconds since 1970-01-01T00:00:00Z.
    case unixSeconds
    /// `actualFormat: "epoch"`: whole milliseconds since 1970-01-01T00:00:00Z.
    case epochMilliseconds
    /// Any other `actualFormat`: a Java `DateTimeFormatter` pattern.
    case format(JavaDateTimeFormat)

    /// The parser for an `actualFormat` value: `unix`, `epoch` (any case) or a Java pattern.
    package init(actualFormat: String) throws(DateTimePatternError) {
        switch actualFormat.lowercased() {
        case "unix": self = .unixSeconds
        case "epoch": self = .epochMilliseconds
        default: self = .format(try JavaDateTimeFormat(pattern: actualFormat))
        }
    }

    /// The value the text describes, or `nil` when this parser cannot read it.
    package func parse(_ text: String) -> DateTimeValue? {
        switch self {
        case .standard:
            if let value = ISODateTimeParser.parse(text) { return value }
            return JavaDateTimeFormat.rfc1123.parse(text)
                ?? JavaDateTimeFormat.rfc1036.parse(text)
                ?? JavaDateTimeFormat.asctime.parse(text)
                ?? JavaDateTimeFormat.asctimeSingleDigitDay.parse(text)
        case .unixSeconds:
            guard let seconds = Self.integer(text), DateTimeValue.supportedInstants.contains(seconds) else { return nil }
            return DateTimeValue(instantSeconds: seconds)
        case .epochMilliseconds:
            guard let milliseconds = Self.integer(text) else { return nil }
            let seconds = milliseconds.floorDividedBy1000
            guard DateTimeValue.supportedInstants.contains(seconds) else { return nil }
            return DateTimeValue(instantSeconds: seconds, nanosecond: (milliseconds - seconds * 1_000) * 1_000_000)
        case .format(let format):
            return format.parse(text)
        }
    }

    /// A whole number as Java's `Long.parseLong` reads it: optional sign, digits only.
    private static func integer(_ text: String) -> Int? {
        guard let first = text.utf8.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || DateTimeScanner.isDigit(first) else { return nil }
        return Int(text)
    }
}

private extension Int {
    /// Division by 1000 rounding towards negative infinity.
    var floorDividedBy1000: Int { self >= 0 || self % 1_000 == 0 ? self / 1_000 : self / 1_000 - 1 }
}
