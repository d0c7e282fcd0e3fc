import UnderstudyDateTime

/// `Timestamp` and `Duration` as proto3 JSON writes them: RFC 3339 in UTC with 0, 3, 6 or 9
/// fractional digits (`1972-01-01T10:00:20.021Z`), and seconds with a suffix (`1.000340012s`).
enum ProtoTimeText {
    /// The seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, `Timestamp`'s range.
    static let minimumSeconds: Int64 = -62_135_596_800
    static let maximumSeconds: Int64 = 253_402_300_799
    /// `Duration`'s range: ±10 000 years.
    static let maximumDurationSeconds: Int64 = 315_576_000_000

    /// `nanos` as 0, 3, 6 or 9 digits after a dot.
    static func fraction(_ nanos: Int32) -> String {
        guard nanos != 0 else { return "" }
        let digits = String(nanos)
        let padded = String(repeating: "0", count: 9 - digits.count) + digits
        if nanos % 1_000_000 == 0 { return "." + padded.prefix(3) }
        if nanos % 1_000 == 0 { return "." + padded.prefix(6) }
        return "." + padded
    }

    static func timestamp(seconds: Int64, nanos: Int32) -> String? {
        guard (minimumSeconds...maximumSeconds).contains(seconds), (0...999_999_999).contains(nanos) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = DateTimeValue.civilFromDays(Int(days))
        func two(_ value: some BinaryInteger) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
            + fraction(nanos) + "Z"
    }

    /// Parses RFC 3339 (`Z` or an offset such as `+01:00`), up to nine fractional digits.
    static func parseTimestamp(_ text: String) -> (seconds: Int64, nanos: Int32)? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int64 = 0
            for index in range {
                guard (48...57).contains(bytes[index]) else { return nil }
                value = value * 10 + Int64(bytes[index] - 48)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 116, bytes[13] == 58, bytes[16] == 58,
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var nanos: Int64 = 0
        if bytes[index] == 46 {
            index += 1
            var digits = 0
            while index < bytes.count, (48...57).contains(bytes[index]) {
                guard digits < 9 else { return nil }
                nanos = nanos * 10 + Int64(bytes[index] - 48)
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanos *= 10 }
        }
        guard index < bytes.count else { return nil }
        var offset: Int64 = 0
        if bytes[index] == 90 || bytes[index] == 122 {
            guard index + 1 == bytes.count else { return nil }
        } else if bytes[index] == 43 || bytes[index] == 45 {
            guard index + 6 == bytes.count, bytes[index + 3] == 58, let hours = number(index + 1..<index + 3),
                  let minutes = number(index + 4..<index + 6), hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == 43 ? 1 : -1)
        } else {
            return nil
        }
        let days = Int64(DateTimeValue.daysFromCivil(year: Int(year), month: Int(month), day: Int(day)))
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        guard (minimumSeconds...maximumSeconds).contains(seconds) else { return nil }
        return (seconds, Int32(nanos))
    }

    static func duration(seconds: Int64, nanos: Int32) -> String? {
        guard (-maximumDurationSeconds...maximumDurationSeconds).contains(seconds), (-999_999_999...999_999_999).contains(nanos),
              seconds == 0 || nanos == 0 || (seconds < 0) == (nanos < 0) else { return nil }
        let negative = seconds < 0 || nanos < 0
        return (negative ? "-" : "") + String(abs(seconds)) + fraction(abs(nanos)) + "s"
    }

    static func parseDuration(_ text: String) -> (seconds: Int64, nanos: Int32)? {
        guard text.hasSuffix("s") else { return nil }
        var body = Substring(text.dropLast())
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy({ $0.isASCII && $0.isNumber }), whole.count <= 12,
              let seconds = Int64(whole), seconds <= maximumDurationSeconds else { return nil }
        var nanos: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits) else { return nil }
            nanos = value
            for _ in digits.count..<9 { nanos *= 10 }
        }
        return negative ? (-seconds, Int32(-nanos)) : (seconds, Int32(nanos))
    }
}
