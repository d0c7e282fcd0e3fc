/// A cursor over the UTF-8 bytes of a date-time text, for the hand-written parsers.
///
/// A value type: copying it saves a position to come back to.
package struct DateTimeScanner {
    package let bytes: [UInt8]
    package var position = 0

    package init(_ text: String) { bytes = Array(text.utf8) }

    package var isAtEnd: Bool { position >= bytes.count }

    /// The byte under the cursor, or `nil` at the end.
    package var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Steps over `byte` if it is next.
    package mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        position += 1
        return true
    }

    /// Steps over `literal` if it comes next, comparing ASCII letters case-insensitively when asked.
    package mutating func consume(_ literal: [UInt8], caseInsensitive: Bool) -> Bool {
        guard bytes.count - position >= literal.count else { return false }
        for (offset, expected) in literal.enumerated() {
            let actual = bytes[position + offset]
            if actual == expected { continue }
            if caseInsensitive, Self.lowercased(actual) == Self.lowercased(expected) { continue }
            return false
        }
        position += literal.count
        return true
    }

    /// How many ASCII digits follow the cursor.
    package var digitsAhead: Int {
        var index = position
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        return index - position
    }

    /// Reads exactly `count` digits as a number (the caller has checked they are there).
    package mutating func number(digits count: Int) -> Int {
        var value = 0
        for _ in 0..<count {
            value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            position += 1
        }
        return value
    }

    /// Reads `min...max` digits as a number, or `nil` (cursor unmoved) when fewer than `min` follow.
    package mutating func number(min: Int, max: Int) -> Int? {
        let available = Swift.min(digitsAhead, max)
        guard available >= min, available > 0 else { return nil }
        return number(digits: available)
    }

    package static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    package static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// Reads a UTC offset written `Z`, `±HH`, `±HHMM`, `±HH:MM`, `±HHMMSS` or `±HH:MM:SS`
    /// (ISO-8601 and `java.time`'s lenient offset parsing); `nil` with the cursor unmoved otherwise.
    /// With `spaceMeansPlus`, a space where the `+` belongs is read as `+`, because an unencoded
    /// `+` in a query string arrives as a space (newer WireMock versions do the same).
    package mutating func isoOffset(allowZ: Bool, spaceMeansPlus: Bool = false) -> Int? {
        let start = self
        if allowZ, consume(UInt8(ascii: "Z")) || consume(UInt8(ascii: "z")) { return 0 }
        let sign: Int
        switch current {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: " ") where spaceMeansPlus: sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        position += 1
        guard digitsAhead >= 2 else { self = start; return nil }
        let hours = number(digits: 2)
        var minutes = 0, seconds = 0
        if consume(UInt8(ascii: ":")) {
            guard digitsAhead >= 2 else { self = start; return nil }
            minutes = number(digits: 2)
            if consume(UInt8(ascii: ":")) {
                guard digitsAhead >= 2 else { self = start; return nil }
                seconds = number(digits: 2)
            }
        } else if digitsAhead >= 2 {
            minutes = number(digits: 2)
            if digitsAhead >= 2 { seconds = number(digits: 2) }
        }
        let total = hours * 3_600 + minutes * 60 + seconds
        guard minutes < 60, seconds < 60, total <= 18 * 3_600 else { self = start; return nil }
        return sign * total
    }
}
