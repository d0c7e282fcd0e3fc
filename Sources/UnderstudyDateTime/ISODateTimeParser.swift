/// Reads the ISO-8601 forms `java.time` accepts by default, written by hand for speed:
///
/// - zoned: `2021-06-14T12:13:14Z`, `…+01:00`, `…+01:00[Europe/London]` (the offset decides the instant);
/// - local date-time: `2021-06-14T12:13` or `2021-06-14T12:13:14.123456789`;
/// - local date `2021-06-14`, year-month `2021-06`, year `2021`, each meaning the start of that period.
///
/// Seconds and fractions (up to nine digits) are optional; `T` and `Z` may be lower case.
/// Dates are checked strictly: `2021-02-30` is rejected.
package enum ISODateTimeParser {
    package static func parse(_ text: String) -> DateTimeValue? {
        var scanner = DateTimeScanner(text)
        guard let year = year(&scanner) else { return nil }
        if scanner.isAtEnd { return DateTimeValue(year: year, month: 1, day: 1) }
        guard scanner.consume(UInt8(ascii: "-")), scanner.digitsAhead >= 2 else { return nil }
        let month = scanner.number(digits: 2)
        guard (1...12).contains(month) else { return nil }
        if scanner.isAtEnd { return DateTimeValue(year: year, month: month, day: 1) }
        guard scanner.consume(UInt8(ascii: "-")), scanner.digitsAhead >= 2 else { return nil }
        let day = scanner.number(digits: 2)
        guard day >= 1, day <= DateTimeValue.daysInMonth(year: year, month: month) else { return nil }
        var value = DateTimeValue(year: year, month: month, day: day)
        if scanner.isAtEnd { return value }
        guard scanner.consume(UInt8(ascii: "T")) || scanner.consume(UInt8(ascii: "t")) else { return nil }
        guard time(&scanner, into: &value) else { return nil }
        if scanner.isAtEnd { return value }
        guard let offset = scanner.isoOffset(allowZ: true, spaceMeansPlus: true) else { return nil }
        value.offsetSeconds = offset
        if scanner.isAtEnd { return value }
        return zoneRegion(&scanner) ? value : nil
    }

    /// `yyyy`, or a signed year: `-0044`, `+12345` (more than four digits needs the sign).
    private static func year(_ scanner: inout DateTimeScanner) -> Int? {
        if scanner.consume(UInt8(ascii: "+")) {
            let digits = scanner.digitsAhead
            guard (5...9).contains(digits) else { return nil }
            return scanner.number(digits: digits)
        }
        if scanner.consume(UInt8(ascii: "-")) {
            let digits = scanner.digitsAhead
            guard (4...9).contains(digits) else { return nil }
            return -scanner.number(digits: digits)
        }
        guard scanner.digitsAhead >= 4 else { return nil }
        return scanner.number(digits: 4)
    }

    /// `HH:mm[:ss[.fraction]]`.
    package static func time(_ scanner: inout DateTimeScanner, into value: inout DateTimeValue) -> Bool {
        guard scanner.digitsAhead >= 2 else { return false }
        value.hour = scanner.number(digits: 2)
        guard scanner.consume(UInt8(ascii: ":")), scanner.digitsAhead >= 2 else { return false }
        value.minute = scanner.number(digits: 2)
        guard value.hour < 24, value.minute < 60 else { return false }
        guard scanner.consume(UInt8(ascii: ":")) else { return true }
        guard scanner.digitsAhead >= 2 else { return false }
        value.second = scanner.number(digits: 2)
        guard value.second < 60 else { return false }
        guard scanner.consume(UInt8(ascii: ".")) else { return true }
        let digits = min(scanner.digitsAhead, 9)
        guard digits > 0 else { return false }
        value.nanosecond = scanner.number(digits: digits) * powerOfTen(9 - digits)
        return true
    }

    /// `[Region/City]` after an offset; the offset alone fixes the instant, as in `java.time`.
    private static func zoneRegion(_ scanner: inout DateTimeScanner) -> Bool {
        guard scanner.consume(UInt8(ascii: "[")) else { return false }
        let start = scanner.position
        while let byte = scanner.current, byte != UInt8(ascii: "]") {
            guard DateTimeScanner.isLetter(byte) || DateTimeScanner.isDigit(byte) || "/_+-:.~".utf8.contains(byte) else { return false }
            scanner.position += 1
        }
        return scanner.position > start && scanner.consume(UInt8(ascii: "]")) && scanner.isAtEnd
    }

    package static func powerOfTen(_ exponent: Int) -> Int {
        var result = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
