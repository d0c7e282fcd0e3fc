import Foundation

/// Java's `String.format` as Handlebars' `stringFormat` helper uses it, in the `en_US` locale
/// (the JVM's default on a machine without a locale, such as WireMock's Docker image):
/// `%[index$][flags][width][.precision]conversion` with the conversions `s S d x X o f e E b B
/// c n %` and the flags `- 0 , + space (`. A conversion given the wrong kind of value
/// (`%d` with 1.5, `%f` with 1) is an error, as Java's `IllegalFormatConversionException` is.
enum JavaFormat {
    static func format(_ pattern: String, _ arguments: [TemplateValue]) throws -> String {
        var output = ""
        var characters = Substring(pattern)
        var nextArgument = 0
        while let percent = characters.firstIndex(of: "%") {
            output += characters[..<percent]
            characters = characters[characters.index(after: percent)...]
            var specifier = Specifier()
            // [index$]
            let digits = characters.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, characters.dropFirst(digits.count).first == "$" {
                specifier.index = Int(digits)
                characters = characters.dropFirst(digits.count + 1)
            }
            while let flag = characters.first, "-0,+ (#".contains(flag) {
                specifier.flags.insert(flag)
                characters = characters.dropFirst()
            }
            let width = characters.prefix { $0.isASCII && $0.isNumber }
            // Bounded, so that a hostile '%999999999s' cannot exhaust memory.
            guard width.count <= 6, (Int(width) ?? 0) <= TemplateRenderer.maxItems else {
                throw HelperFailure("a format width is at most \(TemplateRenderer.maxItems)")
            }
            specifier.width = Int(width)
            characters = characters.dropFirst(width.count)
            if characters.first == "." {
                let precision = characters.dropFirst().prefix { $0.isASCII && $0.isNumber }
                guard !precision.isEmpty else { throw HelperFailure("a '.' in a format must be followed by the precision, as in %.2f") }
                guard precision.count <= 4, (Int(precision) ?? 0) <= 1_000 else { throw HelperFailure("a format precision is at most 1000") }
                specifier.precision = Int(precision)
                characters = characters.dropFirst(precision.count + 1)
            }
            guard let conversion = characters.first else { throw HelperFailure("the format ends with an incomplete %; write %% for a percent sign") }
            characters = characters.dropFirst()
            switch conversion {
            case "%": output += specifier.padded("%"); continue
            case "n": output += "\n"; continue
            default: break
            }
            let position = specifier.index.map { $0 - 1 } ?? nextArgument
            if specifier.index == nil { nextArgument += 1 }
            guard arguments.indices.contains(position) else {
                throw HelperFailure("the format needs an argument for %\(conversion) (argument \(position + 1)); only \(arguments.count) given")
            }
            output += try specifier.render(conversion, arguments[position])
        }
        return output + characters
    }

    private struct Specifier {
        var index: Int?
        var flags: Set<Character> = []
        var width: Int?
        var precision: Int?

        func render(_ conversion: Character, _ value: TemplateValue) throws -> String {
            switch conversion {
            case "s", "S":
                var text = value == .null ? "null" : value.text
                if let precision { text = String(text.prefix(precision)) }
                return padded(conversion == "S" ? text.uppercased() : text)
            case "b", "B":
                let truth: Bool
                switch value {
                case .null: truth = false
                case .bool(let bool): truth = bool
                default: truth = true
                }
                return padded(conversion == "B" ? String(truth).uppercased() : String(truth))
            case "c":
                if case .integer(let code) = value, let scalar = Unicode.Scalar(code) { return padded(String(Character(scalar))) }
                if case .string(let text) = value, text.count == 1 { return padded(text) }
                throw mismatch(conversion, value)
            case "d":
                guard case .integer(let number) = value else { throw mismatch(conversion, value) }
                return numeric(Self.grouped(String(number.magnitude), flags.contains(",")), negative: number < 0)
            case "x", "X", "o":
                guard case .integer(let number) = value else { throw mismatch(conversion, value) }
                // Java writes negative ints (and longs) in two's complement.
                let radix = conversion == "o" ? 8 : 16
                let text = number >= 0 ? String(number, radix: radix)
                    : number >= Int(Int32.min) ? String(UInt32(bitPattern: Int32(number)), radix: radix)
                    : String(UInt64(bitPattern: Int64(number)), radix: radix)
                return padded(conversion == "X" ? text.uppercased() : text, zeroes: flags.contains("0"))
            case "f", "e", "E":
                guard case .decimal(let number) = value else { throw mismatch(conversion, value) }
                guard number.isFinite else { return padded(number.isNaN ? "NaN" : (number < 0 ? "-Infinity" : "Infinity")) }
                let digits = precision ?? 6
                var text = String(format: conversion == "f" ? "%.\(digits)f" : "%.\(digits)e", number.magnitude)
                if conversion == "f", flags.contains(",") {
                    let parts = text.split(separator: ".", maxSplits: 1)
                    text = Self.grouped(String(parts[0]), true) + (parts.count > 1 ? "." + parts[1] : "")
                }
                if conversion == "E" { text = text.uppercased() }
                return numeric(text, negative: number.sign == .minus && number != 0)
            default:
                throw HelperFailure("unknown format conversion %\(conversion); use %s, %d, %f, %x, %e, %b, %c, %n or %%")
            }
        }

        /// A number's digits with its sign (`+`, space or parentheses by flag), padded.
        private func numeric(_ digits: String, negative: Bool) -> String {
            var prefix = negative ? "-" : (flags.contains("+") ? "+" : (flags.contains(" ") ? " " : ""))
            var suffix = ""
            if negative, flags.contains("(") { prefix = "("; suffix = ")" }
            guard flags.contains("0"), let width, !flags.contains("-") else { return padded(prefix + digits + suffix) }
            let zeroes = max(0, width - prefix.count - digits.count - suffix.count)
            return prefix + String(repeating: "0", count: zeroes) + digits + suffix
        }

        func padded(_ text: String, zeroes: Bool = false) -> String {
            guard let width, text.count < width else { return text }
            let fill = String(repeating: zeroes && !flags.contains("-") ? "0" : " ", count: width - text.count)
            return flags.contains("-") ? text + fill : fill + text
        }

        private func mismatch(_ conversion: Character, _ value: TemplateValue) -> HelperFailure {
            HelperFailure("%\(conversion) cannot format \(value == .null ? "null" : "\"\(value.text)\"") (Java's IllegalFormatConversionException)")
        }

        /// Digits in groups of three, as `,` asks in en_US.
        private static func grouped(_ digits: String, _ grouping: Bool) -> String {
            guard grouping, digits.count > 3 else { return digits }
            var result = ""
            for (offset, digit) in digits.enumerated() {
                if offset > 0, (digits.count - offset) % 3 == 0 { result += "," }
                result.append(digit)
            }
            return result
        }
    }
}
