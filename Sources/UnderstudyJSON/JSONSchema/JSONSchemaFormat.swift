import Foundation
import UnderstudySupport

/// The `format` values Understudy checks. Formats it does not know pass, as the specification
/// asks of validators.
enum JSONSchemaFormat {
    /// Whether `text` fits `format`; `nil` when the format is not one Understudy checks.
    static func accepts(_ format: String, _ text: String) -> Bool? {
        switch format {
        case "date-time":
            guard let t = text.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }) else { return false }
            return isDate(String(text[..<t])) && isTime(String(text[text.index(after: t)...]))
        case "date": return isDate(text)
        case "time": return isTime(text)
        case "email", "idn-email": return isEmail(text)
        case "uuid": return isUUID(text)
        case "uri": return isURI(text, requireScheme: true)
        case "uri-reference": return isURI(text, requireScheme: false)
        case "ipv4": return isIPv4(text)
        case "ipv6": return isIPv6(text)
        case "hostname", "idn-hostname": return isHostname(text)
        case "regex": return (try? BoundedRegex(text)) != nil
        case "json-pointer": return text.isEmpty || isPointerWithEscapes(text)
        case "duration": return isDuration(text)
        default: return nil
        }
    }

    private static func digits(_ text: Substring, _ count: Int) -> Int? {
        guard text.count == count, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return Int(text)
    }

    /// RFC 3339 `full-date`: `2024-02-29`.
    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = digits(parts[0], 4), let month = digits(parts[1], 2), let day = digits(parts[2], 2),
              (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// RFC 3339 `full-time`: `23:59:60.5Z`, `08:30:00+02:00`.
    private static func isTime(_ text: String) -> Bool {
        var rest = Substring(text)
        let offset: Substring
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            offset = ""
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            offset = rest[rest.index(after: sign)...]
            rest = rest[..<sign]
            let offsetParts = offset.split(separator: ":", omittingEmptySubsequences: false)
            guard offsetParts.count == 2, let hours = digits(offsetParts[0], 2), let minutes = digits(offsetParts[1], 2),
                  hours < 24, minutes < 60 else { return false }
        } else {
            return false
        }
        if let dot = rest.firstIndex(of: ".") {
            let fraction = rest[rest.index(after: dot)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            rest = rest[..<dot]
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = digits(parts[0], 2), let minute = digits(parts[1], 2), let second = digits(parts[2], 2) else { return false }
        return hour < 24 && minute < 60 && second <= 60
    }

    private static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, !parts[0].hasPrefix("."), !parts[0].hasSuffix("."),
              !parts[0].contains(".."), !parts[0].contains(where: { $0.isWhitespace || "()<>[]:;,\\\"".contains($0) }) else { return false }
        let domain = String(parts[1])
        if domain.hasPrefix("["), domain.hasSuffix("]") {
            let literal = String(domain.dropFirst().dropLast())
            return isIPv4(literal) || (literal.hasPrefix("IPv6:") && isIPv6(String(literal.dropFirst(5))))
        }
        return isHostname(domain)
    }

    private static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    private static func isURI(_ text: String, requireScheme: Bool) -> Bool {
        guard !text.contains(where: { $0.isWhitespace || "<>\"{}|\\^`".contains($0) }), text.allSatisfy(\.isASCII) else { return false }
        guard let colon = text.firstIndex(of: ":") else { return !requireScheme }
        let scheme = text[..<colon]
        let isScheme = scheme.first?.isLetter == true && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
        if isScheme { return true }
        // Without a scheme, a colon is only allowed after the first path segment.
        return !requireScheme && scheme.contains(where: { "/?#".contains($0) })
    }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  part == "0" || !part.hasPrefix("0"), let value = Int(part) else { return false }
            return value <= 255
        }
    }

    private static func isIPv6(_ text: String) -> Bool {
        var address = text
        let groupsNeeded = 8
        // An embedded IPv4 address (::ffff:1.2.3.4) stands for the last two groups.
        if let lastColon = address.lastIndex(of: ":"), address[address.index(after: lastColon)...].contains(".") {
            guard isIPv4(String(address[address.index(after: lastColon)...])) else { return false }
            address = String(address[...lastColon]) + "0:0"
        }
        let halves = address.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ half: String) -> [Substring]? {
            if half.isEmpty { return [] }
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            return parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isHexDigit) }) ? parts : nil
        }
        guard let first = groups(halves[0]) else { return false }
        if halves.count == 1 { return first.count == groupsNeeded }
        guard let second = groups(halves[1]) else { return false }
        return first.count + second.count < groupsNeeded
    }

    private static func isHostname(_ text: String) -> Bool {
        let name = text.hasSuffix(".") ? String(text.dropLast()) : text
        guard !name.isEmpty, name.count <= 253 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }

    private static func isPointerWithEscapes(_ text: String) -> Bool {
        guard text.hasPrefix("/") else { return false }
        var index = text.startIndex
        while let tilde = text[index...].firstIndex(of: "~") {
            let next = text.index(after: tilde)
            guard next < text.endIndex, text[next] == "0" || text[next] == "1" else { return false }
            index = text.index(after: next)
        }
        return true
    }

    /// ISO 8601 durations as RFC 3339 appendix A writes them: `P1Y2M`, `PT30S`, `P2W`.
    private static func isDuration(_ text: String) -> Bool {
        guard text.hasPrefix("P"), text.count > 1 else { return false }
        let body = text.dropFirst()
        if body.hasSuffix("W") { return body.dropLast().allSatisfy(\.isNumber) && body.count > 1 }
        let halves = body.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return false }
        func fits(_ part: Substring, _ units: [Character]) -> Bool {
            var remaining = units[...]
            var number = ""
            for character in part {
                if character.isNumber {
                    number.append(character)
                } else {
                    guard !number.isEmpty, let position = remaining.firstIndex(of: character) else { return false }
                    remaining = remaining[(position + 1)...]
                    number = ""
                }
            }
            return number.isEmpty
        }
        if !fits(halves[0], ["Y", "M", "D"]) { return false }
        if halves.count == 2 { return !halves[1].isEmpty && fits(halves[1], ["H", "M", "S"]) }
        return !halves[0].isEmpty
    }
}
