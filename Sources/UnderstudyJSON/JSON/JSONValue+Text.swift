public import Foundation
import UnderstudySupport

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text of the value, as `jsonText()` writes it.
    public var description: String { jsonText() }
}

extension JSONValue {
    /// Writes the value as JSON text.
    ///
    /// - Compact (the default): no whitespace at all, `{"a":1,"b":[true,null]}`.
    /// - `pretty`: two-space indentation, `"key": value`, each member and element on its own line,
    ///   empty containers as `{}` and `[]`, no trailing newline.
    /// - `sortedKeys`: members in ascending order of their keys' Unicode scalar values;
    ///   otherwise in their stored order.
    ///
    /// Strings escape `"`, `\` and control characters (`\n`, `\t`, `\r`, `\b`, `\f`, others as
    /// `\u00XX`); `/` and non-ASCII characters are written as they are (UTF-8). Numbers are
    /// written as their `text`; a number whose text is not valid JSON is written in Swift's
    /// `Double` spelling, or as `null` when it is not finite (JSON has no NaN or infinity).
    public func jsonText(pretty: Bool = false, sortedKeys: Bool = false) -> String {
        String(decoding: jsonBytes(pretty: pretty, sortedKeys: sortedKeys), as: UTF8.self)
    }

    /// Writes the value as UTF-8 JSON text; see `jsonText(pretty:sortedKeys:)`.
    public func jsonData(pretty: Bool = false, sortedKeys: Bool = false) -> Data {
        Data(jsonBytes(pretty: pretty, sortedKeys: sortedKeys))
    }

    private func jsonBytes(pretty: Bool, sortedKeys: Bool) -> [UInt8] {
        var writer = JSONTextWriter(pretty: pretty, sortedKeys: sortedKeys)
        writer.write(self, depth: 0)
        return writer.output
    }
}

/// Writes `JSONValue`s as UTF-8 JSON text.
private struct JSONTextWriter {
    let pretty: Bool
    let sortedKeys: Bool
    var output: [UInt8] = []

    init(pretty: Bool, sortedKeys: Bool) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
        output.reserveCapacity(256)
    }

    mutating func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .null: append("null")
        case .bool(let bool): append(bool ? "true" : "false")
        case .number(let number): append(Self.jsonSpelling(of: number))
        case .string(let string): write(string: string)
        case .array(let elements):
            guard !elements.isEmpty else { return append("[]") }
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newLine(depth: depth + 1)
                write(element, depth: depth + 1)
            }
            newLine(depth: depth)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return append("{}") }
            var members = object.members
            if sortedKeys { members.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) } }
            output.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newLine(depth: depth + 1)
                write(string: member.key)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                write(member.value, depth: depth + 1)
            }
            newLine(depth: depth)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newLine(depth: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    private mutating func write(string: String) {
        appendQuoted(string, to: &output)
    }

    /// The number's text when it is valid JSON, else its `Double` spelling, else `null`.
    private static func jsonSpelling(of number: JSONNumber) -> String {
        if isValidJSONNumber(number.text) { return number.text }
        let double = number.doubleValue
        guard double.isFinite else { return "null" }
        let spelling = JSONNumber(double).text
        return isValidJSONNumber(spelling) ? spelling : "null"
    }

    /// Whether `text` matches the JSON number grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isValidJSONNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            func isDigit(_ offset: Int) -> Bool {
                offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
            }
            func isByte(_ character: Unicode.Scalar, at offset: Int) -> Bool {
                offset < bytes.count && bytes[offset] == UInt8(ascii: character)
            }
            if isByte("-", at: index) { index += 1 }
            guard isDigit(index) else { return false }
            if isByte("0", at: index) {
                index += 1
            } else {
                while isDigit(index) { index += 1 }
            }
            if isByte(".", at: index) {
                index += 1
                guard isDigit(index) else { return false }
                while isDigit(index) { index += 1 }
            }
            if isByte("e", at: index) || isByte("E", at: index) {
                index += 1
                if isByte("+", at: index) || isByte("-", at: index) { index += 1 }
                guard isDigit(index) else { return false }
                while isDigit(index) { index += 1 }
            }
            return index == bytes.count
        }
    }
}

extension JSONValue {
    /// Parses JSON text (RFC 8259; nesting deeper than 512 levels is refused); the error
    /// names the line and column of the problem.
    public init(parsing text: String) throws(JSONParseError) {
        self = try JSONParser.parse(text)
    }

    /// Parses JSON bytes (UTF-8); the error names the line and column of the problem.
    public init(parsing data: Data) throws(JSONParseError) {
        self = try JSONParser.parse(data)
    }
}
