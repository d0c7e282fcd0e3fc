package import Foundation

/// A strict RFC 8259 JSON parser that keeps member order and number spelling.
///
/// - Rejects trailing commas, comments, leading zeros, `NaN`/`Infinity`, single quotes,
///   unescaped control characters in strings, invalid UTF-8 and anything after the value.
/// - Lone surrogate escapes (`"\uD800"` without a following `"\uDC00"`–`"\uDFFF"`, or a low
///   surrogate on its own) are rejected, because a Swift `String` cannot hold them and silently
///   replacing them would change the data.
/// - A leading UTF-8 byte order mark is skipped.
/// - When an object repeats a key, the later value wins; the member stays at the position
///   where the key first appeared.
/// - Arrays and objects may nest at most `maximumDepth` (512) levels deep.
///
/// Errors carry a 1-based line and column (see `JSONParseError`) and say how to fix the text.
///
/// With `lenient`, it also reads what WireMock's Jackson mapper allows in mapping files and
/// admin bodies (`common/Json.java`: `ALLOW_COMMENTS`, `ALLOW_SINGLE_QUOTES`): `//` and
/// `/* */` comments, and strings and keys in single quotes (where `\'` escapes a quote).
package enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 512

    /// Parses a UTF-8 JSON text.
    package static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        try run(data, recordingLocations: false).value
    }

    /// Parses a JSON text.
    package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try run(text, recordingLocations: false).value
    }

    /// Parses a UTF-8 JSON text and records where every value was written; `lenient` also
    /// reads comments and single quotes, as WireMock does.
    package static func parseWithLocations(_ data: Data, lenient: Bool = false) throws(JSONParseError) -> (value: JSONValue, locations: JSONSourceMap) {
        try run(data, recordingLocations: true, lenient: lenient)
    }

    /// Parses a UTF-8 JSON text, reading comments and single quotes as WireMock does.
    package static func parseLeniently(_ data: Data) throws(JSONParseError) -> JSONValue {
        try run(data, recordingLocations: false, lenient: true).value
    }

    /// Parses a JSON text and records where every value was written.
    package static func parseWithLocations(_ text: String) throws(JSONParseError) -> (value: JSONValue, locations: JSONSourceMap) {
        try run(text, recordingLocations: true)
    }

    private static func run(_ data: Data, recordingLocations: Bool, lenient: Bool = false) throws(JSONParseError) -> (value: JSONValue, locations: JSONSourceMap) {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in
                var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self), recordingLocations: recordingLocations, lenient: lenient)
                return try scanner.parseDocument()
            }
        }
        return try result.get()
    }

    private static func run(_ text: String, recordingLocations: Bool) throws(JSONParseError) -> (value: JSONValue, locations: JSONSourceMap) {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(JSONParseError) in
                var scanner = JSONScanner(bytes: bytes, recordingLocations: recordingLocations)
                return try scanner.parseDocument()
            }
        }
        return try result.get()
    }
}

/// The byte-level state machine behind `JSONParser`. It is iterative (an explicit stack of
/// open containers), so deep documents cannot overflow the thread's stack.
private struct JSONScanner {
    /// An array or object that has been opened but not yet closed.
    private struct Frame {
        let isObject: Bool
        let opened: JSONSourceLocation
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        var key = ""
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// UTF-8 continuation bytes between `lineStart` and `index`, so that columns count scalars.
    private var continuationBytesOnLine = 0
    private let recordingLocations: Bool
    /// Whether comments and single-quoted strings are read (WireMock's Jackson features).
    private let lenient: Bool
    private var path: [JSONCodingPathElement] = []
    private var locations: [[JSONCodingPathElement]: JSONSourceLocation] = [:]
    /// Reused buffer for strings that contain escapes.
    private var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, recordingLocations: Bool, lenient: Bool = false) {
        self.bytes = bytes
        self.recordingLocations = recordingLocations
        self.lenient = lenient
    }

    // MARK: Document and values

    mutating func parseDocument() throws(JSONParseError) -> (value: JSONValue, locations: JSONSourceMap) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        guard index < bytes.count else {
            throw error("the input is empty; expected a JSON value such as {}, [] or \"text\"")
        }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else {
            throw error("unexpected \(found()) after the JSON value; a JSON document holds exactly one value (wrap several values in an array)")
        }
        return (value, JSONSourceMap(locations))
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        var stack: [Frame] = []
        var value: JSONValue
        nextValue: while true {
            // At the first character of a value; whitespace has been skipped.
            if recordingLocations, stack.last?.isObject != true { locations[path] = location }
            guard index < bytes.count else {
                throw error("unexpected end of input; expected a value" + unclosedNote(stack))
            }
            switch bytes[index] {
            case .openBrace, .openBracket:
                let isObject = bytes[index] == .openBrace
                let opened = location
                guard stack.count < JSONParser.maximumDepth else {
                    throw error("too deeply nested: arrays and objects may nest at most \(JSONParser.maximumDepth) levels deep")
                }
                index += 1
                skipWhitespace()
                if isObject {
                    if index < bytes.count, bytes[index] == .closeBrace {
                        index += 1
                        value = .object(JSONObject())
                    } else {
                        let key = try parseKey(opened: opened)
                        stack.append(Frame(isObject: true, opened: opened, key: key))
                        continue nextValue
                    }
                } else {
                    if index < bytes.count, bytes[index] == .closeBracket {
                        index += 1
                        value = .array([])
                    } else {
                        stack.append(Frame(isObject: false, opened: opened))
                        if recordingLocations { path.append(.index(0)) }
                        continue nextValue
                    }
                }
            case .quote:
                value = .string(try parseString())
            case .apostrophe where lenient:
                value = .string(try parseString())
            case .minus, .digitZero ... .digitNine:
                value = .number(try parseNumber())
            default:
                value = try parseLiteral(in: stack)
            }

            // A value is complete: add it to its container, closing containers as they end.
            while let top = stack.indices.last {
                skipWhitespace()
                if stack[top].isObject {
                    stack[top].members.append(JSONObject.Member(key: stack[top].key, value: value))
                    guard index < bytes.count else {
                        throw error("unexpected end of input; expected ',' or '}' after object member" + unclosedNote(stack))
                    }
                    switch bytes[index] {
                    case .comma:
                        let comma = location
                        index += 1
                        skipWhitespace()
                        if index < bytes.count, bytes[index] == .closeBrace {
                            throw error("trailing comma before '}' is not allowed in JSON; remove the ','", at: comma)
                        }
                        if recordingLocations { path.removeLast() }
                        stack[top].key = try parseKey(opened: stack[top].opened)
                        continue nextValue
                    case .closeBrace:
                        index += 1
                        value = .object(JSONObject(stack.removeLast().members))
                        if recordingLocations { path.removeLast() }
                    case .closeBracket:
                        throw error("mismatched ']': the '{' at \(stack[top].opened) must be closed with '}'")
                    default:
                        throw error("expected ',' or '}' after object member, found \(found())")
                    }
                } else {
                    stack[top].elements.append(value)
                    guard index < bytes.count else {
                        throw error("unexpected end of input; expected ',' or ']' after array element" + unclosedNote(stack))
                    }
                    switch bytes[index] {
                    case .comma:
                        let comma = location
                        index += 1
                        skipWhitespace()
                        if index < bytes.count, bytes[index] == .closeBracket {
                            throw error("trailing comma before ']' is not allowed in JSON; remove the ','", at: comma)
                        }
                        if recordingLocations { path[path.count - 1] = .index(stack[top].elements.count) }
                        continue nextValue
                    case .closeBracket:
                        index += 1
                        value = .array(stack.removeLast().elements)
                        if recordingLocations { path.removeLast() }
                    case .closeBrace:
                        throw error("mismatched '}': the '[' at \(stack[top].opened) must be closed with ']'")
                    default:
                        throw error("expected ',' or ']' after array element, found \(found())")
                    }
                }
            }
            return value
        }
    }

    /// Parses `"key"`, the `:` after it and the whitespace after that; records the key's location.
    private mutating func parseKey(opened: JSONSourceLocation) throws(JSONParseError) -> String {
        guard index < bytes.count else {
            throw error("unexpected end of input; expected an object key in double quotes (the '{' at \(opened) is never closed)")
        }
        guard bytes[index] == .quote || (lenient && bytes[index] == .apostrophe) else {
            let hint = bytes[index] == .apostrophe ? "use double quotes, not single quotes" : "object keys must be strings in double quotes"
            throw error("expected '\"' to begin an object key, found \(found()); \(hint)")
        }
        let keyLocation = location
        let key = try parseString()
        if recordingLocations {
            path.append(.key(key))
            locations[path] = keyLocation
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == .colon else {
            throw error("expected ':' after object key \(JSONValue.string(key).jsonText()), found \(found())")
        }
        index += 1
        skipWhitespace()
        return key
    }

    /// Parses `true`, `false` or `null`, or explains what else was found where a value belongs.
    private mutating func parseLiteral(in stack: [Frame]) throws(JSONParseError) -> JSONValue {
        let byte = bytes[index]
        guard byte.isASCIILetter else {
            switch byte {
            case .apostrophe:
                throw error("strings must be in double quotes, found '''; use \"text\" instead of 'text'")
            case .slash, .hash:
                throw error("comments are not allowed in JSON, found \(found()); remove the comment")
            case .plus:
                throw error("a leading '+' is not allowed in JSON numbers; remove it")
            case .dot:
                throw error("a JSON number must start with a digit; write 0.5 instead of .5")
            case .closeBrace, .closeBracket:
                if let last = stack.last, last.isObject {
                    throw error("expected a value after ':', found \(found())")
                }
                throw error("expected a value, found \(found())")
            default:
                throw error("expected a value, found \(found())")
            }
        }
        let start = index
        var end = index
        while end < bytes.count, bytes[end].isASCIILetter || bytes[end].isASCIIDigit || bytes[end] == .underscore {
            end += 1
        }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self)
        switch word {
        case "true": index = end; return .bool(true)
        case "false": index = end; return .bool(false)
        case "null": index = end; return .null
        case "NaN", "nan", "Infinity", "infinity", "inf":
            throw error("\(word) is not a valid JSON number; JSON has no NaN or infinity, use null or a string")
        case "True", "TRUE", "False", "FALSE", "Null", "NULL", "None", "nil", "undefined":
            throw error("unknown literal '\(word)'; JSON literals are lowercase true, false and null")
        default:
            let shown = word.count > 30 ? String(word.prefix(30)) + "…" : word
            throw error("unexpected '\(shown)'; strings must be in double quotes and literals are true, false or null")
        }
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        if bytes[index] == .minus {
            index += 1
            guard index < bytes.count, bytes[index].isASCIIDigit else {
                if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
                    throw error("-Infinity is not a valid JSON number; JSON has no infinity, use null or a string")
                }
                throw error("expected a digit after '-' in number, found \(found())")
            }
        }
        if bytes[index] == .digitZero {
            index += 1
            if index < bytes.count {
                if bytes[index].isASCIIDigit {
                    throw error("leading zeros are not allowed in JSON numbers; remove them, or quote the value as a string",
                                at: location(offset: index - 1))
                }
                if bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X") {
                    throw error("hexadecimal numbers are not allowed in JSON; write the value in decimal",
                                at: location(offset: index - 1))
                }
            }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == .dot {
            index += 1
            guard index < bytes.count, bytes[index].isASCIIDigit else {
                throw error("expected a digit after the decimal point, found \(found()); write 1.0 or 1 instead of 1.")
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == .plus || bytes[index] == .minus { index += 1 }
            guard index < bytes.count, bytes[index].isASCIIDigit else {
                throw error("expected a digit in the exponent of a number, found \(found()); write 1e5 or 1e-5")
            }
            skipDigits()
        }
        return JSONNumber(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< index]), as: UTF8.self))
    }

    private mutating func skipDigits() {
        while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote and ending after its closing quote (a
    /// single quote closes a string a single quote opened, in lenient mode).
    private mutating func parseString() throws(JSONParseError) -> String {
        let opened = location
        let delimiter = bytes[index]
        index += 1
        var segmentStart = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == delimiter {
                let segment = UnsafeBufferPointer(rebasing: bytes[segmentStart ..< index])
                index += 1
                guard escaped else { return String(decoding: segment, as: UTF8.self) }
                scratch.append(contentsOf: segment)
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == .backslash {
                if !escaped {
                    scratch.removeAll(keepingCapacity: true)
                    escaped = true
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart ..< index]))
                try parseEscape()
                segmentStart = index
            } else if byte < 0x20 {
                throw controlCharacterError(byte)
            } else if byte < 0x80 {
                index += 1
            } else {
                guard let length = utf8SequenceLength(at: index) else {
                    throw error("invalid UTF-8 byte 0x\(hex(byte, digits: 2)) in string; JSON text must be encoded as UTF-8")
                }
                index += length
                continuationBytesOnLine += length - 1
            }
        }
        throw error("unterminated string: no closing '\"' before the end of input", at: opened)
    }

    private func controlCharacterError(_ byte: UInt8) -> JSONParseError {
        switch byte {
        case .lineFeed, .carriageReturn:
            error("line break inside a string; write it as \(byte == .lineFeed ? "\\n" : "\\r"), or add the missing closing '\"'")
        case .tab:
            error("unescaped tab character in string; write it as \\t")
        default:
            error("unescaped control character U+\(hex(byte, digits: 4)) in string; write it as \\u\(hex(byte, digits: 4))")
        }
    }

    /// Parses one escape sequence starting at its backslash and appends its UTF-8 to `scratch`.
    private mutating func parseEscape() throws(JSONParseError) {
        let escape = location
        index += 1
        guard index < bytes.count else {
            throw error("unexpected end of input in an escape sequence; the string has no closing '\"'")
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case .quote, .backslash, .slash: scratch.append(byte)
        case .apostrophe where lenient: scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(.lineFeed)
        case UInt8(ascii: "r"): scratch.append(.carriageReturn)
        case UInt8(ascii: "t"): scratch.append(.tab)
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            var scalarValue = unit
            if (0xD800 ... 0xDBFF).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == .backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw loneSurrogateError(unit, at: escape)
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00 ... 0xDFFF).contains(low) else { throw loneSurrogateError(unit, at: escape) }
                scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00 ... 0xDFFF).contains(unit) {
                throw loneSurrogateError(unit, at: escape)
            }
            // Not a surrogate, so always a valid scalar.
            let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
            scratch.append(contentsOf: UTF8.encode(scalar)!)
        default:
            index -= 1
            let escapeText = (0x21 ... 0x7E).contains(byte) ? "'\\\(Character(Unicode.Scalar(byte)))'" : "'\\' followed by \(found())"
            throw error("invalid escape \(escapeText) in string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX (write \\\\ for a backslash)",
                        at: escape)
        }
    }

    private func loneSurrogateError(_ unit: UInt32, at escape: JSONSourceLocation) -> JSONParseError {
        let code = hex(unit, digits: 4)
        if unit < 0xDC00 {
            return error("lone surrogate \\u\(code) in string: a high surrogate must be followed by a low surrogate escape \\uDC00-\\uDFFF", at: escape)
        }
        return error("lone surrogate \\u\(code) in string: a low surrogate must follow a high surrogate escape \\uD800-\\uDBFF", at: escape)
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            guard index < bytes.count, let digit = bytes[index].hexDigitValue else {
                throw error("expected 4 hexadecimal digits after \\u, found \(found())")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence starting at `offset`, or `nil` if it is not one.
    private func utf8SequenceLength(at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80 ... 0xBF
        switch lead {
        case 0x00 ... 0x7F: return 1
        case 0xC2 ... 0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0 ... 0xBF
        case 0xED: length = 3; secondRange = 0x80 ... 0x9F
        case 0xE1 ... 0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90 ... 0xBF
        case 0xF4: length = 4; secondRange = 0x80 ... 0x8F
        case 0xF1 ... 0xF3: length = 4
        default: return nil
        }
        guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else { return nil }
        for next in offset + 2 ..< offset + length where !(0x80 ... 0xBF).contains(bytes[next]) {
            return nil
        }
        return length
    }

    // MARK: Whitespace and positions

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case .space, .tab:
                index += 1
            case .lineFeed:
                index += 1
                startLine()
            case .carriageReturn:
                index += 1
                if index < bytes.count, bytes[index] == .lineFeed { index += 1 }
                startLine()
            case .slash where lenient && index + 1 < bytes.count && bytes[index + 1] == .slash:
                // A line comment runs to the line break, which the loop then reads.
                while index < bytes.count, bytes[index] != .lineFeed, bytes[index] != .carriageReturn { index += 1 }
            case .slash where lenient && index + 1 < bytes.count && bytes[index + 1] == .star:
                // A block comment runs to its "*/"; one never closed runs to the end, where
                // the parser reports what it still expected.
                index += 2
                while index < bytes.count, !(bytes[index] == .star && index + 1 < bytes.count && bytes[index + 1] == .slash) {
                    if bytes[index] == .lineFeed {
                        index += 1
                        startLine()
                    } else {
                        index += 1
                    }
                }
                index = min(bytes.count, index + 2)
            default:
                return
            }
        }
    }

    private mutating func startLine() {
        line += 1
        lineStart = index
        continuationBytesOnLine = 0
    }

    /// The location of `index`.
    private var location: JSONSourceLocation { location(offset: index) }

    /// The location of an offset on the current line, at or before `index`, with no non-ASCII
    /// bytes between it and `index`.
    private func location(offset: Int) -> JSONSourceLocation {
        JSONSourceLocation(line: line, column: offset - lineStart - continuationBytesOnLine + 1)
    }

    private func error(_ message: String) -> JSONParseError {
        error(message, at: location)
    }

    private func error(_ message: String, at location: JSONSourceLocation) -> JSONParseError {
        JSONParseError(line: location.line, column: location.column, message: message)
    }

    /// ` (the '[' at line 1, column 1 is never closed)` for the innermost open container.
    private func unclosedNote(_ stack: [Frame]) -> String {
        guard let last = stack.last else { return "" }
        return " (the '\(last.isObject ? "{" : "[")' at \(last.opened) is never closed)"
    }

    /// Describes the character at `index` for messages: `'x'`, `'é' (U+00E9)`, `end of input`.
    private func found() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        switch byte {
        case 0x20 ... 0x7E:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x00 ..< 0x20, 0x7F:
            return "control character U+\(hex(byte, digits: 4))"
        default:
            guard let length = utf8SequenceLength(at: index),
                  let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[index ..< index + length]), as: UTF8.self)
                      .unicodeScalars.first
            else {
                return "byte 0x\(hex(byte, digits: 2)) (not valid UTF-8)"
            }
            let code = "U+\(hex(scalar.value, digits: 4))"
            return scalar.properties.isWhitespace || scalar.value == 0xFEFF ? "character \(code)" : "'\(scalar)' (\(code))"
        }
    }

    private func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

private extension UInt8 {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let apostrophe = UInt8(ascii: "'")
    static let plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let digitZero = UInt8(ascii: "0")
    static let digitNine = UInt8(ascii: "9")
    static let colon = UInt8(ascii: ":")
    static let openBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let closeBracket = UInt8(ascii: "]")
    static let underscore = UInt8(ascii: "_")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    var isASCIIDigit: Bool { self >= .digitZero && self <= .digitNine }
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }

    var hexDigitValue: UInt8? {
        switch self {
        case .digitZero ... .digitNine: self - .digitZero
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
