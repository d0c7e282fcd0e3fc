import Foundation

/// A `java.time.format.DateTimeFormatter` pattern (`dd/MM/yyyy`, `EEE, d MMM yyyy HH:mm:ss Z`)
/// compiled for parsing, with the English (US) names WireMock's servers normally use.
///
/// Parsing follows `java.time`'s default "smart" rules: numeric fields given with one letter take
/// a variable number of digits, doubled letters exactly two; a variable field followed directly by
/// fixed ones leaves them their digits (`yyyyMMdd`); `yy` means 2000–2099; an out-of-range day of
/// month is clamped to the month's end (`31/04` is April 30); a day name must agree with the date;
/// names and literals are case-sensitive. The result is, in order of preference, a zoned
/// date-time, a local date-time, a local date, a year-month or a year.
///
/// Supported letters: `G u y M L d D E a h K k H m s S n V z O X x Z`, `'quoted text'`, `''` and
/// optional sections in `[ ]`. Week-based and quarter fields (`Y w W e c F Q q`), `A N v p B g`
/// are not.
package struct JavaDateTimeFormat: Sendable, Hashable {
    /// The pattern as written.
    package let pattern: String
    private let elements: [Element]
    private let caseInsensitive: Bool
    /// The offset to assume when the text names no zone (Java's `withZone`).
    private let defaultOffset: Int?

    /// Compiles a pattern; throws naming the first letter or construct that cannot be used.
    package init(pattern: String) throws(DateTimePatternError) {
        self.pattern = pattern
        var compiler = PatternCompiler(pattern)
        elements = try compiler.compile()
        caseInsensitive = false
        defaultOffset = nil
    }

    private init(pattern: String, caseInsensitive: Bool, defaultOffset: Int?, extra: [Element] = []) {
        self.pattern = pattern
        // The built-in patterns below are known to compile.
        var compiler = PatternCompiler(pattern)
        elements = ((try? compiler.compile()) ?? []) + extra
        self.caseInsensitive = caseInsensitive
        self.defaultOffset = defaultOffset
    }

    /// RFC 1123 (`Tue, 15 Nov 1994 08:12:31 GMT`, also `+0100`), as Java's `RFC_1123_DATE_TIME`:
    /// day name optional, seconds optional, case-insensitive.
    package static let rfc1123 = JavaDateTimeFormat(pattern: "[EEE, ]d MMM yyyy HH:mm[:ss] ", caseInsensitive: true, defaultOffset: nil, extra: [.offset(.gmtOrHHMM)])
    /// RFC 1036 (`Sunday, 06-Nov-94 08:49:37 GMT`).
    package static let rfc1036 = JavaDateTimeFormat(pattern: "EEEE, dd-MMM-yy HH:mm:ss zzz", caseInsensitive: false, defaultOffset: nil)
    /// C's asctime with a two-digit day (`Thu Jun 10 01:01:01 2021`), in GMT.
    package static let asctime = JavaDateTimeFormat(pattern: "EEE MMM dd HH:mm:ss yyyy", caseInsensitive: false, defaultOffset: 0)
    /// C's asctime with a space-padded day (`Tue Jun  1 01:01:01 2021`), in GMT.
    package static let asctimeSingleDigitDay = JavaDateTimeFormat(pattern: "EEE MMM  d HH:mm:ss yyyy", caseInsensitive: false, defaultOffset: 0)

    /// The value the text describes, or `nil` when it does not fit the pattern or names an impossible date.
    package func parse(_ text: String) -> DateTimeValue? {
        var scanner = DateTimeScanner(text)
        var fields = ParsedFields()
        guard parse(elements[...], &scanner, &fields), scanner.isAtEnd else { return nil }
        return fields.resolve(defaultOffset: defaultOffset)
    }

    private func parse(_ elements: ArraySlice<Element>, _ scanner: inout DateTimeScanner, _ fields: inout ParsedFields) -> Bool {
        for element in elements {
            switch element {
            case .optional(let inner):
                var trialScanner = scanner
                var trialFields = fields
                if parse(inner[...], &trialScanner, &trialFields) {
                    scanner = trialScanner
                    fields = trialFields
                }
            default:
                guard parse(element, &scanner, &fields) else { return false }
            }
        }
        return true
    }

    private func parse(_ element: Element, _ scanner: inout DateTimeScanner, _ fields: inout ParsedFields) -> Bool {
        switch element {
        case .literal(let bytes):
            return scanner.consume(bytes, caseInsensitive: caseInsensitive)
        case let .number(field, minWidth, maxWidth, reserved):
            let available = min(scanner.digitsAhead - reserved, maxWidth)
            guard available >= minWidth, available > 0 else { return false }
            return fields.set(field, scanner.number(digits: available))
        case .twoDigitYear(let field):
            guard scanner.digitsAhead >= 2 else { return false }
            return fields.set(field, 2000 + scanner.number(digits: 2))
        case .fraction(let width):
            guard scanner.digitsAhead >= width else { return false }
            let digits = scanner.number(digits: width)
            let nanos = width <= 9 ? digits * ISODateTimeParser.powerOfTen(9 - width) : digits / ISODateTimeParser.powerOfTen(width - 9)
            return fields.set(.nanoOfSecond, nanos)
        case let .text(field, names):
            for (index, name) in names.enumerated() where scanner.consume(Array(name.utf8), caseInsensitive: caseInsensitive) {
                return fields.set(field, field.valueOfName(at: index))
            }
            return false
        case .offset(let style):
            guard let offset = style.parse(&scanner) else { return false }
            return fields.set(.offsetSeconds, offset)
        case .zoneName, .zoneID:
            let start = scanner.position
            while let byte = scanner.current,
                  DateTimeScanner.isLetter(byte) || DateTimeScanner.isDigit(byte) || "/_+-:.~".utf8.contains(byte) {
                scanner.position += 1
            }
            guard scanner.position > start,
                  let identifier = String(bytes: scanner.bytes[start..<scanner.position], encoding: .utf8),
                  let zone = Self.timeZone(named: identifier, abbreviationsAllowed: element == .zoneName)
            else { return false }
            fields.zone = zone
            return true
        case .optional:
            return false // handled by the caller
        }
    }

    /// A zone for a `z` name (`GMT`, `UTC`, `PST`) or a `VV` identifier (`Europe/London`, `+01:00`).
    private static func timeZone(named name: String, abbreviationsAllowed: Bool) -> TimeZone? {
        switch name.uppercased() {
        case "Z", "UTC", "GMT", "UT": return TimeZone(secondsFromGMT: 0)
        default: break
        }
        var scanner = DateTimeScanner(name)
        if let offset = scanner.isoOffset(allowZ: false), scanner.isAtEnd { return TimeZone(secondsFromGMT: offset) }
        if abbreviationsAllowed, let zone = TimeZone(abbreviation: name) { return zone }
        return name.contains("/") ? TimeZone(identifier: name) : nil
    }
}

extension JavaDateTimeFormat {
    /// One compiled piece of a pattern.
    package indirect enum Element: Sendable, Hashable {
        case literal([UInt8])
        /// Digits for a field; `reserved` digits are left for fixed-width fields that follow directly.
        case number(Field, minWidth: Int, maxWidth: Int, reserved: Int)
        /// `yy`: two digits meaning 2000–2099.
        case twoDigitYear(Field)
        /// `S…`: that many digits of the second's fraction.
        case fraction(width: Int)
        /// A name from a fixed list (month, day of week, AM/PM, era), in list order.
        case text(Field, names: [String])
        case offset(OffsetStyle)
        /// `z`: a zone name or abbreviation.
        case zoneName
        /// `VV`: a zone identifier.
        case zoneID
        case optional([Element])

        /// Digits this element always takes, or `nil` when it varies or is not numeric.
        package var fixedWidth: Int? {
            switch self {
            case let .number(_, minWidth, maxWidth, _) where minWidth == maxWidth: minWidth
            case .twoDigitYear: 2
            case .fraction(let width): width
            default: nil
            }
        }
    }

    /// A field a pattern letter fills.
    package enum Field: Sendable, Hashable {
        case year, yearOfEra, era, month, day, dayOfYear, dayOfWeek
        case hourOfDay, clockHourOfDay, hourOfAmPm, clockHourOfAmPm, amPm
        case minute, second, nanoOfSecond, offsetSeconds

        /// The field value for the name at `index` of its name list.
        package func valueOfName(at index: Int) -> Int {
            switch self {
            case .month: index % 12 + 1
            case .dayOfWeek: index % 7 + 1
            case .era: index % 2 == 0 ? 1 : 0 // lists are AD, BC
            default: index % 2 // AM, PM
            }
        }
    }

    /// How an offset letter is written.
    package enum OffsetStyle: Sendable, Hashable {
        /// `X…`: `Z` for zero, else `+HH`, `+HHMM`, `+HH:MM`, with optional seconds.
        case isoWithZ
        /// `x…`, `Z`–`ZZZ`: as `X` but zero is written as digits.
        case iso
        /// `O`, `ZZZZ`: `GMT`, `GMT+1`, `GMT+01:00`.
        case localizedGMT
        /// RFC 1123's `GMT` or `+HHMM`.
        case gmtOrHHMM

        package func parse(_ scanner: inout DateTimeScanner) -> Int? {
            switch self {
            case .isoWithZ: return scanner.isoOffset(allowZ: true)
            case .iso: return scanner.isoOffset(allowZ: false)
            case .gmtOrHHMM:
                if scanner.consume(Array("GMT".utf8), caseInsensitive: true) { return 0 }
                return scanner.isoOffset(allowZ: false)
            case .localizedGMT:
                guard scanner.consume(Array("GMT".utf8), caseInsensitive: false) else { return nil }
                let start = scanner
                let sign: Int
                if scanner.consume(UInt8(ascii: "+")) {
                    sign = 1
                } else if scanner.consume(UInt8(ascii: "-")) {
                    sign = -1
                } else {
                    return 0
                }
                guard let hours = scanner.number(min: 1, max: 2), hours <= 18 else { scanner = start; return nil }
                var total = hours * 3_600
                if scanner.consume(UInt8(ascii: ":")) {
                    guard scanner.digitsAhead >= 2 else { scanner = start; return nil }
                    total += scanner.number(digits: 2) * 60
                    if scanner.consume(UInt8(ascii: ":")) {
                        guard scanner.digitsAhead >= 2 else { scanner = start; return nil }
                        total += scanner.number(digits: 2)
                    }
                }
                return sign * total
            }
        }
    }

    package static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    package static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    package static let dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    package static let dayAbbreviations = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
}
