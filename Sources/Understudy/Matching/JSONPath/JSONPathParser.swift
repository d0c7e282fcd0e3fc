/// Parses JSONPath text into ``JSONPathSyntax``. Bounded: expressions longer than
/// `maximumLength` characters or nested deeper than `maximumDepth` are refused.
struct JSONPathParser {
    static let maximumLength = 10_000
    static let maximumDepth = 64

    private let characters: [Character]
    private var position = 0
    private var depth = 0

    init(_ expression: String) { characters = Array(expression) }

    /// The segments of the whole expression and an optional trailing function (`.length()`).
    mutating func parse() throws(JSONPathError) -> (segments: [JSONPathSyntax.Segment], function: String?) {
        guard characters.count <= Self.maximumLength else {
            throw JSONPathError(offset: Self.maximumLength, message: "expression is longer than \(Self.maximumLength) characters")
        }
        skipSpaces()
        guard consume("$") else { throw error("a JSONPath starts with '$'") }
        var segments: [JSONPathSyntax.Segment] = []
        var function: String?
        while true {
            skipSpaces()
            if atEnd { break }
            if let name = try trailingFunction() {
                function = name
                skipSpaces()
                if !atEnd { throw error("a function such as .\(name)() must end the expression") }
                break
            }
            segments.append(try segment())
        }
        return (segments, function)
    }

    // MARK: Segments

    private mutating func segment() throws(JSONPathError) -> JSONPathSyntax.Segment {
        if consume("..") {
            if peek == "[" { return JSONPathSyntax.Segment(descendant: true, selectors: try bracket()) }
            if consume("*") { return JSONPathSyntax.Segment(descendant: true, selectors: [.wildcard]) }
            return JSONPathSyntax.Segment(descendant: true, selectors: [.name(try memberName())])
        }
        if consume(".") {
            if consume("*") { return JSONPathSyntax.Segment(descendant: false, selectors: [.wildcard]) }
            return JSONPathSyntax.Segment(descendant: false, selectors: [.name(try memberName())])
        }
        if peek == "[" { return JSONPathSyntax.Segment(descendant: false, selectors: try bracket()) }
        throw error("expected '.', '..' or '['")
    }

    /// `.length()` or `.size()` at the end of the path (Jayway functions).
    private mutating func trailingFunction() throws(JSONPathError) -> String? {
        let start = position
        guard consume(".") else { return nil }
        var name = ""
        while let character = peek, character.isLetter { name.append(character); position += 1 }
        if !name.isEmpty, consume("(") {
            skipSpaces()
            guard consume(")") else { throw error("expected ')' after .\(name)(") }
            guard ["length", "size"].contains(name) else {
                throw JSONPathError(offset: start + 1, message: "unknown function \(name)(); use length() or size()")
            }
            return name
        }
        position = start
        return nil
    }

    private mutating func memberName() throws(JSONPathError) -> String {
        var name = ""
        while let character = peek, character.isLetter || character.isNumber || character == "_" || character == "-" || character == "$" || character.unicodeScalars.first!.value > 127 {
            name.append(character)
            position += 1
        }
        guard !name.isEmpty else { throw error("expected a member name") }
        return name
    }

    private mutating func bracket() throws(JSONPathError) -> [JSONPathSyntax.Selector] {
        let open = position
        position += 1
        try enter()
        defer { depth -= 1 }
        var selectors: [JSONPathSyntax.Selector] = []
        repeat {
            skipSpaces()
            selectors.append(try selector())
            skipSpaces()
        } while consume(",")
        guard consume("]") else {
            throw error(atEnd ? "expected ']' to close the bracket selector opened at offset \(open)" : "expected ',' or ']' in the bracket selector")
        }
        return selectors
    }

    private mutating func selector() throws(JSONPathError) -> JSONPathSyntax.Selector {
        guard let character = peek else { throw error("expected a selector") }
        if character == "'" || character == "\"" { return .name(try quotedString()) }
        if consume("*") { return .wildcard }
        if consume("?") {
            skipSpaces()
            return .filter(try filter())
        }
        if character == "-" || character.isNumber || character == ":" {
            let start = try optionalInteger()
            skipSpaces()
            guard consume(":") else {
                guard let start else { throw error("expected an index") }
                return .index(start)
            }
            skipSpaces()
            let end = try optionalInteger()
            skipSpaces()
            var step: Int?
            if consume(":") {
                skipSpaces()
                step = try optionalInteger()
            }
            return .slice(start: start, end: end, step: step)
        }
        throw error("expected a name in quotes, '*', an index, a slice or a '?' filter")
    }

    // MARK: Filters

    private mutating func filter() throws(JSONPathError) -> JSONPathSyntax.Filter {
        var left = try conjunction()
        while true {
            skipSpaces()
            guard consume("||") else { return left }
            left = .or(left, try conjunction())
        }
    }

    private mutating func conjunction() throws(JSONPathError) -> JSONPathSyntax.Filter {
        var left = try unary()
        while true {
            skipSpaces()
            guard consume("&&") else { return left }
            left = .and(left, try unary())
        }
    }

    private mutating func unary() throws(JSONPathError) -> JSONPathSyntax.Filter {
        skipSpaces()
        if peek == "!", peekAhead(1) != "=" {
            position += 1
            try enter()
            defer { depth -= 1 }
            return .not(try unary())
        }
        if peek == "(" {
            // Either a parenthesised filter or a parenthesised operand; try the filter.
            let start = position
            position += 1
            try enter()
            let inner = try filter()
            depth -= 1
            skipSpaces()
            guard consume(")") else { throw JSONPathError(offset: position, message: "expected ')' to close the '(' at offset \(start)") }
            return inner
        }
        let left = try operand()
        return try comparison(left)
    }

    private mutating func comparison(_ left: JSONPathSyntax.Operand) throws(JSONPathError) -> JSONPathSyntax.Filter {
        skipSpaces()
        for op in ["==", "!=", "<=", ">=", "<", ">"] where consume(op) {
            skipSpaces()
            return .comparison(left, JSONPathSyntax.ComparisonOperator(rawValue: op)!, try operand())
        }
        if consume("=~") {
            skipSpaces()
            return .regex(left, try regexLiteral())
        }
        for word in ["nin", "in"] where consumeWord(word) {
            skipSpaces()
            return .comparison(left, word == "in" ? .in : .nin, try operand())
        }
        if consumeWord("empty") {
            skipSpaces()
            if consumeWord("true") { return .empty(left, true) }
            if consumeWord("false") { return .empty(left, false) }
            throw error("expected true or false after 'empty'")
        }
        return .exists(left)
    }

    private mutating func operand() throws(JSONPathError) -> JSONPathSyntax.Operand {
        skipSpaces()
        guard let character = peek else { throw error("expected a value, '@' or '$'") }
        switch character {
        case "@", "$":
            position += 1
            var segments: [JSONPathSyntax.Segment] = []
            while let next = peek, next == "." || next == "[" {
                if next == ".", peekAhead(1)?.isLetter == true, isTrailingFunctionAhead() { break }
                segments.append(try segment())
            }
            return .query(JSONPathSyntax.Query(relative: character == "@", segments: segments))
        case "'", "\"":
            return .literal(.string(try quotedString()))
        case "[":
            position += 1
            try enter()
            defer { depth -= 1 }
            var items: [JSONPathSyntax.Operand] = []
            skipSpaces()
            if consume("]") { return .array(items) }
            repeat {
                items.append(try operand())
                skipSpaces()
            } while consume(",")
            guard consume("]") else { throw error("expected ',' or ']' in the array") }
            return .array(items)
        default:
            if character == "-" || character.isNumber { return .literal(.number(JSONNumber(text: try numberText()))) }
            if consumeWord("true") { return .literal(true) }
            if consumeWord("false") { return .literal(false) }
            if consumeWord("null") { return .literal(.null) }
            if character.isLetter { return try functionCall() }
            throw error("expected a value, '@' or '$'")
        }
    }

    private func isTrailingFunctionAhead() -> Bool {
        var index = position + 1
        while index < characters.count, characters[index].isLetter { index += 1 }
        return index < characters.count && characters[index] == "("
    }

    private mutating func functionCall() throws(JSONPathError) -> JSONPathSyntax.Operand {
        let start = position
        var name = ""
        while let character = peek, character.isLetter { name.append(character); position += 1 }
        guard ["length", "count", "match", "search", "value"].contains(name) else {
            throw JSONPathError(offset: start, message: "unknown function '\(name)'; known functions are length, count, match, search, value")
        }
        skipSpaces()
        guard consume("(") else { throw error("expected '(' after \(name)") }
        try enter()
        defer { depth -= 1 }
        var arguments: [JSONPathSyntax.Operand] = []
        skipSpaces()
        if !consume(")") {
            repeat {
                arguments.append(try operand())
                skipSpaces()
            } while consume(",")
            guard consume(")") else { throw error("expected ',' or ')' in the arguments of \(name)") }
        }
        let expected = ["match": 2, "search": 2][name] ?? 1
        guard arguments.count == expected else {
            throw JSONPathError(offset: start, message: "\(name)() takes \(expected) argument(s), got \(arguments.count)")
        }
        return .function(name, arguments)
    }

    private mutating func regexLiteral() throws(JSONPathError) -> RegexPattern {
        guard consume("/") else { throw error("expected a regular expression like /pattern/ after '=~'") }
        var source = ""
        while let character = peek, character != "/" {
            if character == "\\", let next = peekAhead(1) {
                source.append(character)
                source.append(next)
                position += 2
                continue
            }
            source.append(character)
            position += 1
        }
        guard consume("/") else { throw error("the regular expression is missing its closing '/'") }
        var flags = ""
        while let character = peek, character.isLetter { flags.append(character); position += 1 }
        let regex = RegexPattern(flags.contains("i") ? "(?i)" + source : source)
        if let problem = regex.compileError { throw error(problem) }
        return regex
    }

    // MARK: Tokens

    private mutating func quotedString() throws(JSONPathError) -> String {
        let start = position
        let quote = characters[position]
        position += 1
        var text = ""
        while let character = peek {
            position += 1
            if character == quote { return text }
            if character == "\\" {
                guard let escaped = peek else { break }
                position += 1
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "b": text.append("\u{8}")
                case "f": text.append("\u{c}")
                case "u":
                    let hex = String(characters[position..<min(position + 4, characters.count)])
                    guard hex.count == 4, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw JSONPathError(offset: position, message: "expected four hexadecimal digits after \\u")
                    }
                    text.unicodeScalars.append(scalar)
                    position += 4
                default: text.append(escaped)
                }
                continue
            }
            text.append(character)
        }
        throw JSONPathError(offset: start, message: "the string starting here is missing its closing \(quote)")
    }

    private mutating func optionalInteger() throws(JSONPathError) -> Int? {
        let start = position
        if peek == "-" { position += 1 }
        while let character = peek, character.isASCII, character.isNumber { position += 1 }
        let text = String(characters[start..<position])
        if text.isEmpty { return nil }
        guard let value = Int(text) else { throw JSONPathError(offset: start, message: "\"\(text)\" is not an integer") }
        return value
    }

    private mutating func numberText() throws(JSONPathError) -> String {
        let start = position
        if peek == "-" { position += 1 }
        while let character = peek, character.isASCII, character.isNumber || character == "." || character == "e" || character == "E" || character == "+" || (character == "-" && (characters[position - 1] == "e" || characters[position - 1] == "E")) {
            position += 1
        }
        let text = String(characters[start..<position])
        guard (try? JSONParser.parse(text))?.doubleValue != nil else {
            throw JSONPathError(offset: start, message: "\"\(text)\" is not a number")
        }
        return text
    }

    private mutating func enter() throws(JSONPathError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("expression is nested deeper than \(Self.maximumDepth) levels")
        }
    }

    private var atEnd: Bool { position >= characters.count }
    private var peek: Character? { position < characters.count ? characters[position] : nil }
    private func peekAhead(_ distance: Int) -> Character? {
        position + distance < characters.count ? characters[position + distance] : nil
    }

    private mutating func consume(_ text: String) -> Bool {
        let expected = Array(text)
        guard position + expected.count <= characters.count,
              Array(characters[position..<position + expected.count]) == expected else { return false }
        position += expected.count
        return true
    }

    /// Consumes a keyword only when it is not the start of a longer word.
    private mutating func consumeWord(_ word: String) -> Bool {
        let start = position
        guard consume(word) else { return false }
        if let next = peek, next.isLetter || next.isNumber || next == "_" {
            position = start
            return false
        }
        return true
    }

    private mutating func skipSpaces() {
        while let character = peek, character == " " || character == "\t" || character == "\n" || character == "\r" { position += 1 }
    }

    private func error(_ message: String) -> JSONPathError {
        let found = peek.map { "found '\($0)'" } ?? "found end of expression"
        return JSONPathError(offset: position, message: "\(message), \(found)")
    }
}
