/// Splits GraphQL text into tokens (the lexical grammar of the GraphQL specification,
/// October 2021): names, numbers, quoted and block strings, punctuators. Whitespace, line
/// terminators, commas, a byte order mark and `#` comments are ignored, so they never make
/// two documents differ.
package struct GraphQLLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    /// Where the current line starts in `scalars`.
    private var lineStart = 0

    package init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The position of `index`, counted from 1.
    private var column: Int { index - lineStart + 1 }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let position = index + offset
        return position < scalars.count ? scalars[position] : nil
    }

    private func error(_ message: String, line: Int? = nil, column: Int? = nil) -> GraphQLSyntaxError {
        GraphQLSyntaxError(line: line ?? self.line, column: column ?? self.column, message: message)
    }

    /// Moves past a line terminator (`\n`, `\r\n` or `\r`) at `index`.
    private mutating func consumeLineTerminator() {
        if peek() == "\r", peek(1) == "\n" { index += 1 }
        index += 1
        line += 1
        lineStart = index
    }

    /// Every token of the text, ending with an `end` token.
    package mutating func tokenize() throws(GraphQLSyntaxError) -> [GraphQLToken] {
        var tokens: [GraphQLToken] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private mutating func next() throws(GraphQLSyntaxError) -> GraphQLToken {
        skipIgnored()
        let (startLine, startColumn) = (line, column)
        func token(_ kind: GraphQLToken.Kind, _ text: String) -> GraphQLToken {
            GraphQLToken(kind: kind, text: text, line: startLine, column: startColumn)
        }
        guard let scalar = peek() else { return token(.end, "") }
        switch scalar {
        case "!", "$", "&", "(", ")", ":", "=", "@", "[", "]", "{", "|", "}":
            index += 1
            return token(.punctuator, String(scalar))
        case ".":
            guard peek(1) == ".", peek(2) == "." else {
                throw error("a lone `.`; a spread is written `...` (three dots), as in `...HeroFields` or `... on Droid { name }`")
            }
            index += 3
            return token(.punctuator, "...")
        case "\"":
            if peek(1) == "\"", peek(2) == "\"" { return token(.string, try blockString()) }
            return token(.string, try quotedString())
        case "-", "0" ... "9":
            let (kind, text) = try number()
            return token(kind, text)
        default:
            if Self.isNameStart(scalar) {
                let start = index
                while let next = peek(), Self.isNameContinue(next) { index += 1 }
                return token(.name, String(String.UnicodeScalarView(scalars[start ..< index])))
            }
            throw error("unexpected character \(Self.describe(scalar)); GraphQL names are letters, digits and `_`, strings are in double quotes")
        }
    }

    private mutating func skipIgnored() {
        while let scalar = peek() {
            switch scalar {
            case " ", "\t", ",", "\u{FEFF}":
                index += 1
            case "\n", "\r":
                consumeLineTerminator()
            case "#":
                while let next = peek(), next != "\n", next != "\r" { index += 1 }
            default:
                return
            }
        }
    }

    package static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a" ... "z").contains(scalar) || ("A" ... "Z").contains(scalar)
    }

    package static func isNameContinue(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0" ... "9").contains(scalar)
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.generalCategory == .control || scalar == " "
            ? "U+" + String(scalar.value, radix: 16, uppercase: true)
            : "`\(scalar)`"
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, not followed by a name or a dot.
    private mutating func number() throws(GraphQLSyntaxError) -> (GraphQLToken.Kind, String) {
        let start = index
        var isFloat = false
        if peek() == "-" { index += 1 }
        guard let first = peek(), ("0" ... "9").contains(first) else {
            throw error("`-` must be followed by a digit, as in `-1`")
        }
        if first == "0" {
            index += 1
            if let next = peek(), ("0" ... "9").contains(next) {
                throw error("a number cannot start with `0` followed by another digit; write `\(next)` without the leading zero")
            }
        } else {
            try digits()
        }
        if peek() == "." {
            isFloat = true
            index += 1
            try digits(after: "`.`")
        }
        if peek() == "e" || peek() == "E" {
            isFloat = true
            index += 1
            if peek() == "+" || peek() == "-" { index += 1 }
            try digits(after: "the exponent")
        }
        if let next = peek(), next == "." || Self.isNameStart(next) {
            throw error("a number is directly followed by \(Self.describe(next)); separate them with a space or fix the number")
        }
        return (isFloat ? .float : .int, String(String.UnicodeScalarView(scalars[start ..< index])))
    }

    private mutating func digits(after what: String = "") throws(GraphQLSyntaxError) {
        guard let first = peek(), ("0" ... "9").contains(first) else {
            throw error("expected a digit after \(what.isEmpty ? "the sign" : what), as in `1.5` or `1e3`")
        }
        while let next = peek(), ("0" ... "9").contains(next) { index += 1 }
    }

    /// A `"…"` string: escapes resolved; no line terminator inside.
    private mutating func quotedString() throws(GraphQLSyntaxError) -> String {
        let (startLine, startColumn) = (line, column)
        index += 1
        var value = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else {
                throw error("the string opened at \(startLine):\(startColumn) is not closed; end it with `\"` (use a block string `\"\"\"…\"\"\"` for text over several lines)")
            }
            switch scalar {
            case "\"":
                index += 1
                return String(value)
            case "\n", "\r":
                throw error("the string opened at \(startLine):\(startColumn) runs into a line break; close it with `\"` on the same line, write `\\n`, or use a block string `\"\"\"…\"\"\"`")
            case "\\":
                index += 1
                value.append(try escape())
            default:
                index += 1
                value.append(scalar)
            }
        }
    }

    /// The escape after a backslash: `\" \\ \/ \b \f \n \r \t \uXXXX \u{X…}`.
    private mutating func escape() throws(GraphQLSyntaxError) -> Unicode.Scalar {
        guard let scalar = peek() else { throw error("a `\\` at the end of the query; remove it or complete the escape") }
        index += 1
        switch scalar {
        case "\"": return "\""
        case "\\": return "\\"
        case "/": return "/"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            var hex = ""
            if peek() == "{" {
                index += 1
                while let next = peek(), next != "}", hex.count <= 8 { hex.unicodeScalars.append(next); index += 1 }
                guard peek() == "}" else { throw error("`\\u{` must be closed by `}`, as in `\\u{1F600}`") }
                index += 1
            } else {
                for _ in 0 ..< 4 {
                    guard let next = peek() else { break }
                    hex.unicodeScalars.append(next)
                    index += 1
                }
            }
            guard !hex.isEmpty, hex.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit),
                  let value = UInt32(hex, radix: 16), let result = Unicode.Scalar(value)
            else {
                throw error("`\\u\(hex)` is not a Unicode escape; write four hex digits (`\\u00e9`) or `\\u{…}`")
            }
            return result
        default:
            throw error("unknown escape `\\\(scalar)`; GraphQL strings know \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u")
        }
    }

    /// A `"""…"""` block string: `\"""` is the only escape; the value is the spec's
    /// BlockStringValue (common indentation and blank first and last lines removed).
    private mutating func blockString() throws(GraphQLSyntaxError) -> String {
        let (startLine, startColumn) = (line, column)
        index += 3
        var raw = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else {
                throw error("the block string opened at \(startLine):\(startColumn) is not closed; end it with `\"\"\"`")
            }
            if scalar == "\"", peek(1) == "\"", peek(2) == "\"" {
                index += 3
                return Self.blockStringValue(String(raw))
            }
            if scalar == "\\", peek(1) == "\"", peek(2) == "\"", peek(3) == "\"" {
                index += 4
                raw.append(contentsOf: "\"\"\"".unicodeScalars)
                continue
            }
            if scalar == "\n" || scalar == "\r" {
                raw.append("\n")
                consumeLineTerminator()
                continue
            }
            raw.append(scalar)
            index += 1
        }
    }

    /// The specification's BlockStringValue(rawValue).
    package static func blockStringValue(_ raw: String) -> String {
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indentation(_ line: String) -> Int { line.unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count }
        let common = lines.dropFirst()
            .filter { indentation($0) < $0.unicodeScalars.count }
            .map(indentation)
            .min()
        if let common, common > 0 {
            for position in lines.indices.dropFirst() {
                lines[position] = String(String.UnicodeScalarView(lines[position].unicodeScalars.dropFirst(common)))
            }
        }
        func isBlank(_ line: String) -> Bool { line.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" } }
        while let first = lines.first, isBlank(first) { lines.removeFirst() }
        while let last = lines.last, isBlank(last) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
