/// Turns JSONPath text into a ``JSONPathQuery`` by recursive descent.
///
/// Accepts RFC 9535 plus the Jayway forms WireMock stubs use (`[?(...)]`, `=~ /x/i`, `in`,
/// `nin`, `empty`, word operators, `.length()` at the end of a path, paths without `$`).
/// Bounded: longer than ``maximumLength`` characters or nested deeper than ``maximumDepth``
/// levels is an error, so recursion depth never depends on the input.
struct JSONPathParser {
    /// The longest expression accepted, in characters (Unicode scalars).
    static let maximumLength = 10_000
    /// The deepest nesting of brackets, parentheses, negations, lists and function calls accepted.
    static let maximumDepth = 64

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0

    /// A parser for `expression`; call ``parse()`` once.
    init(_ expression: String) { scalars = Array(expression.unicodeScalars) }

    /// Parses the whole expression as a path from the root.
    mutating func parse() throws(JSONPathError) -> JSONPathQuery {
        guard scalars.count <= Self.maximumLength else {
            throw JSONPathError(
                offset: Self.maximumLength,
                message: "the expression is \(scalars.count) characters long, more than the limit of \(Self.maximumLength); shorten it"
            )
        }
        skipBlanks()
        var query = JSONPathQuery(isRelative: false, segments: [], trailingFunction: nil)
        if !consume("$") {
            // Jayway: a path without `$` starts at the root (`store.book` means `$.store.book`).
            guard let first = peek, Self.isNameStart(first) else { throw expected("'$' at the start of the path") }
            query.segments.append(JSONPathSegment(isDescendant: false, selectors: [.name(memberName())]))
        }
        try segments(into: &query)
        skipBlanks()
        guard atEnd else {
            if let function = query.trailingFunction {
                throw expected("end of expression after .\(function.rawValue)()")
            }
            throw expected("'.', '..' or '[' to continue the path")
        }
        return query
    }

    // MARK: Segments

    /// Reads segments after `$` or `@` until something that is not a segment.
    private mutating func segments(into query: inout JSONPathQuery) throws(JSONPathError) {
        while true {
            let before = position
            skipBlanks()
            guard let next = peek, next == "." || next == "[" else {
                position = before
                return
            }
            if let function = query.trailingFunction {
                throw JSONPathError(offset: position, message: "a function ends the path; nothing can follow .\(function.rawValue)()")
            }
            if next == "[" {
                query.segments.append(JSONPathSegment(isDescendant: false, selectors: try bracketedSelection()))
                continue
            }
            position += 1
            if consume(".") {
                query.segments.append(JSONPathSegment(isDescendant: true, selectors: try descendantSelection()))
            } else if peek == "[" {
                // Jayway's PathCompiler.readDotToken skips a '.' before '[': `$.names.[0]` is `$.names[0]`.
                query.segments.append(JSONPathSegment(isDescendant: false, selectors: try bracketedSelection()))
            } else if consume("*") {
                query.segments.append(JSONPathSegment(isDescendant: false, selectors: [.wildcard]))
            } else if let character = peek, Self.isNameCharacter(character) {
                let nameStart = position
                let name = memberName()
                if peek == "(" {
                    query.trailingFunction = try trailingFunction(name, at: nameStart)
                } else {
                    query.segments.append(JSONPathSegment(isDescendant: false, selectors: [.name(name)]))
                }
            } else {
                throw expected("a member name or '*' after '.'")
            }
        }
    }

    /// What follows `..`: a bracketed selection, `*` or a member name.
    private mutating func descendantSelection() throws(JSONPathError) -> [JSONPathSelector] {
        if peek == "[" { return try bracketedSelection() }
        if consume("*") { return [.wildcard] }
        if let character = peek, Self.isNameCharacter(character) { return [.name(memberName())] }
        throw expected("a member name, '*' or '[' after '..'")
    }

    /// `.length()` and the other Jayway functions that end a path.
    private mutating func trailingFunction(_ name: String, at start: Int) throws(JSONPathError) -> JSONPathTrailingFunction {
        guard let function = JSONPathTrailingFunction(rawValue: name) else {
            throw JSONPathError(
                offset: start,
                message: "unknown function \(name)(); at the end of a path you can use \(JSONPathTrailingFunction.supportedList)"
            )
        }
        position += 1
        skipBlanks()
        guard consume(")") else { throw expected("')' after '\(name)(', as \(name)() takes no arguments") }
        return function
    }

    /// `[selector, selector, ...]`.
    private mutating func bracketedSelection() throws(JSONPathError) -> [JSONPathSelector] {
        position += 1
        try enter()
        defer { depth -= 1 }
        var selectors: [JSONPathSelector] = []
        while true {
            skipBlanks()
            selectors.append(try selector())
            skipBlanks()
            if consume(",") { continue }
            if consume("]") { return selectors }
            throw expected(atEnd ? "']' to close the bracket selector" : "',' or ']' after the selector")
        }
    }

    private mutating func selector() throws(JSONPathError) -> JSONPathSelector {
        switch peek {
        case "'", "\"":
            return .name(try quotedString())
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipBlanks()
            guard peek == "(" else { return .filter(try logicalOr(), isJaywayForm: false) }
            // `[?(...)]`: when the parenthesis encloses the whole filter, it is Jayway's form.
            let parenthesized = try unary()
            let after = position
            skipBlanks()
            let enclosesAll = peek == "]" || peek == ","
            position = after
            if enclosesAll { return .filter(parenthesized, isJaywayForm: true) }
            return .filter(try logicalOr(startingWith: parenthesized), isJaywayForm: false)
        case let character? where character == "-" || character == ":" || Self.isDigit(character):
            return try indexOrSlice()
        default:
            throw expected("a selector (a quoted name, '*', an index, a slice or a '?' filter)")
        }
    }

    private mutating func indexOrSlice() throws(JSONPathError) -> JSONPathSelector {
        let start = try optionalInteger()
        skipBlanks()
        guard consume(":") else {
            guard let start else { throw expected("an index") }
            return .index(start)
        }
        skipBlanks()
        let end = try optionalInteger()
        skipBlanks()
        var step: Int?
        if consume(":") {
            skipBlanks()
            step = try optionalInteger()
        }
        return .slice(JSONPathSlice(start: start, end: end, step: step))
    }

    // MARK: Filters

    /// `a || b`; `first`, when given, is an already parsed first operand.
    private mutating func logicalOr(startingWith first: JSONPathFilter? = nil) throws(JSONPathError) -> JSONPathFilter {
        var terms = [try logicalAnd(startingWith: first)]
        while true {
            let before = position
            skipBlanks()
            guard consume("||") else {
                position = before
                return terms.count == 1 ? terms[0] : .or(terms)
            }
            terms.append(try logicalAnd())
        }
    }

    /// `a && b`; `first`, when given, is an already parsed first operand.
    private mutating func logicalAnd(startingWith first: JSONPathFilter? = nil) throws(JSONPathError) -> JSONPathFilter {
        var factors: [JSONPathFilter]
        if let first {
            factors = [first]
        } else {
            factors = [try unary()]
        }
        while true {
            let before = position
            skipBlanks()
            guard consume("&&") else {
                position = before
                return factors.count == 1 ? factors[0] : .and(factors)
            }
            factors.append(try unary())
        }
    }

    private mutating func unary() throws(JSONPathError) -> JSONPathFilter {
        skipBlanks()
        if peek == "!", peek(at: 1) != "=" {
            position += 1
            try enter()
            defer { depth -= 1 }
            return .not(try unary())
        }
        if peek == "(" {
            let open = position
            position += 1
            try enter()
            defer { depth -= 1 }
            let inner = try logicalOr()
            skipBlanks()
            guard consume(")") else { throw expected("')' to close the parenthesis opened at offset \(open)") }
            return inner
        }
        return try basicExpression()
    }

    /// A comparison, a Jayway operator expression, or a test (`@.isbn`, `match(...)`).
    private mutating func basicExpression() throws(JSONPathError) -> JSONPathFilter {
        let leftStart = position
        let left = try operand()
        let afterLeft = position
        skipBlanks()
        if let symbol = JSONPathComparisonOperator.symbols.first(where: { consume($0.rawValue) }) {
            try requireValue(left, at: leftStart)
            skipBlanks()
            let rightStart = position
            let right = try operand()
            try requireValue(right, at: rightStart)
            return .comparison(left, symbol, right)
        }
        if consume("=~") {
            try requireValue(left, at: leftStart)
            skipBlanks()
            return .regex(left, try regexLiteral())
        }
        if peek == "=" {
            throw JSONPathError(offset: position, message: "expected '==' to compare values, found a single '='")
        }
        if let word = JSONPathComparisonOperator.words.first(where: { consumeWord($0.rawValue) }) {
            try requireValue(left, at: leftStart)
            skipBlanks()
            let rightStart = position
            let right = try operand()
            try requireValue(right, at: rightStart)
            return .comparison(left, word, right)
        }
        if consumeWord("empty") {
            try requireValue(left, at: leftStart)
            skipBlanks()
            if consumeWord("true") { return .empty(left, true) }
            if consumeWord("false") { return .empty(left, false) }
            throw expected("true or false after 'empty'")
        }
        position = afterLeft
        switch left {
        case .query(let query):
            return .exists(query)
        case .function(let call) where call.function.returnsLogical:
            return .test(call)
        case .function(let call):
            let name = call.function.rawValue
            throw JSONPathError(
                offset: leftStart,
                message: "\(name)() gives a value, not true or false; compare it, for example \(name)(...) > 0"
            )
        case .literal, .list:
            skipBlanks()
            throw expected("a comparison operator such as '==' after the value")
        }
    }

    /// Logical functions (`match`, `search`) cannot be compared or passed as values (RFC 9535 typing).
    private func requireValue(_ operand: JSONPathOperand, at offset: Int) throws(JSONPathError) {
        if case .function(let call) = operand, call.function.returnsLogical {
            let name = call.function.rawValue
            throw JSONPathError(
                offset: offset,
                message: "\(name)() gives true or false, not a value; use it on its own, for example [?\(name)(@.name, 'A.*')]"
            )
        }
    }

    private mutating func operand() throws(JSONPathError) -> JSONPathOperand {
        skipBlanks()
        let start = position
        switch peek {
        case "@", "$":
            let relative = peek == "@"
            position += 1
            var query = JSONPathQuery(isRelative: relative, segments: [], trailingFunction: nil)
            try segments(into: &query)
            return .query(query)
        case "'", "\"":
            return .literal(.string(try quotedString()))
        case "[":
            return try list()
        case let character? where character == "-" || Self.isDigit(character):
            return .literal(.number(try number()))
        case let character? where Self.isWordCharacter(character):
            let word = self.word()
            if peek == "(" {
                return .function(try functionCall(word, at: start))
            }
            switch word {
            case "true": return .literal(true)
            case "false": return .literal(false)
            case "null": return .literal(.null)
            default:
                position = start
                throw expected(Self.valueDescription)
            }
        default:
            throw expected(Self.valueDescription)
        }
    }

    private static let valueDescription =
        "a value (a number, a quoted string, true, false, null, a query starting with '@' or '$', or a function call)"

    /// Jayway's array literal: `['S', 'M']`.
    private mutating func list() throws(JSONPathError) -> JSONPathOperand {
        position += 1
        try enter()
        defer { depth -= 1 }
        var items: [JSONPathOperand] = []
        skipBlanks()
        if consume("]") { return .list(items) }
        while true {
            let itemStart = position
            let item = try operand()
            try requireValue(item, at: itemStart)
            items.append(item)
            skipBlanks()
            if consume(",") {
                skipBlanks()
                continue
            }
            if consume("]") { return .list(items) }
            throw expected(atEnd ? "']' to close the list" : "',' or ']' in the list")
        }
    }

    private mutating func functionCall(_ name: String, at start: Int) throws(JSONPathError) -> JSONPathFunctionCall {
        guard let function = JSONPathFunction(rawValue: name) else {
            throw JSONPathError(
                offset: start,
                message: "unknown function \(name)(); filters can call length(), count(), match(), search() and value()"
            )
        }
        position += 1
        try enter()
        defer { depth -= 1 }
        var arguments: [(operand: JSONPathOperand, offset: Int)] = []
        skipBlanks()
        if !consume(")") {
            while true {
                skipBlanks()
                let argumentStart = position
                arguments.append((try operand(), argumentStart))
                skipBlanks()
                if consume(",") { continue }
                if consume(")") { break }
                throw expected("',' or ')' after an argument of \(name)()")
            }
        }
        guard arguments.count == function.arity else {
            let takes = function.arity == 1 ? "1 argument" : "\(function.arity) arguments"
            throw JSONPathError(offset: start, message: "\(name)() takes \(takes), found \(arguments.count)")
        }
        for (index, argument) in arguments.enumerated() {
            if index == 0, function.takesQuery {
                guard case .query(let query) = argument.operand, query.trailingFunction == nil else {
                    throw JSONPathError(
                        offset: argument.offset,
                        message: "\(name)() takes a query such as @.* or $..price as its argument"
                    )
                }
            } else {
                try requireValue(argument.operand, at: argument.offset)
            }
        }
        var compiledPattern: JSONPathRegex?
        if function.returnsLogical, case .literal(.string(let pattern)) = arguments[1].operand {
            guard let regex = JSONPathRegex(pattern: pattern) else {
                throw JSONPathError(
                    offset: arguments[1].offset,
                    message: "invalid regular expression '\(pattern)' in \(name)(); check the brackets and escape special characters such as ( [ { with a backslash"
                )
            }
            compiledPattern = regex
        }
        return JSONPathFunctionCall(function: function, arguments: arguments.map(\.operand), compiledPattern: compiledPattern)
    }

    /// Jayway's `/pattern/flags` after `=~`.
    private mutating func regexLiteral() throws(JSONPathError) -> JSONPathRegex {
        let start = position
        guard consume("/") else { throw expected("a regular expression such as /pattern/ or /pattern/i after '=~'") }
        var pattern = String.UnicodeScalarView()
        while let character = peek, character != "/" {
            if character == "\\", let next = peek(at: 1) {
                // `\/` stands for a slash; every other escape is the regular expression's own.
                if next != "/" { pattern.append(character) }
                pattern.append(next)
                position += 2
                continue
            }
            pattern.append(character)
            position += 1
        }
        guard consume("/") else { throw expected("'/' to close the regular expression that starts at offset \(start)") }
        var flags = ""
        while let character = peek, character.properties.isAlphabetic, character.isASCII {
            guard JSONPathRegex.supportedFlags[Character(character)] != nil else {
                throw JSONPathError(
                    offset: position,
                    message: "unknown regular expression flag '\(character)'; use i (ignore case), m (multiline), s (dot matches newlines) or x (comments)"
                )
            }
            flags.unicodeScalars.append(character)
            position += 1
        }
        let source = String(pattern)
        guard let regex = JSONPathRegex(pattern: source, flags: flags) else {
            throw JSONPathError(
                offset: start,
                message: "invalid regular expression /\(source)/; check the brackets and escape special characters such as ( [ { with a backslash"
            )
        }
        return regex
    }

    // MARK: Tokens

    /// A single- or double-quoted string with RFC 9535 escapes.
    private mutating func quotedString() throws(JSONPathError) -> String {
        let start = position
        let quote = scalars[position]
        position += 1
        var text = String.UnicodeScalarView()
        while let character = peek {
            if character == quote {
                position += 1
                return String(text)
            }
            if character.value < 0x20 {
                let code = String(character.value, radix: 16, uppercase: true)
                let escaped = String(repeating: "0", count: 4 - code.count) + code
                throw JSONPathError(
                    offset: position,
                    message: "a quoted string cannot contain the control character U+\(escaped); write it as \\u\(escaped)"
                )
            }
            guard character == "\\" else {
                text.append(character)
                position += 1
                continue
            }
            let escapeStart = position
            position += 1
            guard let escape = peek else { break }
            position += 1
            switch escape {
            case "b": text.append("\u{8}")
            case "f": text.append("\u{C}")
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "/", "\\", "'", "\"": text.append(escape)
            case "u": text.append(try unicodeEscape(startingAt: escapeStart))
            default:
                throw JSONPathError(
                    offset: escapeStart,
                    message: "invalid escape '\\\(escape)' in a quoted string; use \\b \\f \\n \\r \\t \\/ \\\\ \\' \\\" or \\uXXXX"
                )
            }
        }
        throw expected("the closing quote \(quote) of the string that starts at offset \(start)")
    }

    /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair `\uD83D\uDE00`.
    private mutating func unicodeEscape(startingAt escapeStart: Int) throws(JSONPathError) -> Unicode.Scalar {
        let first = try hexQuad(escapeStart: escapeStart)
        switch first {
        case 0xD800..<0xDC00:
            guard peek == "\\", peek(at: 1) == "u" else {
                throw JSONPathError(offset: escapeStart, message: "unpaired surrogate \\u\(hex(first)); follow it with a low surrogate \\uDC00-\\uDFFF")
            }
            let lowStart = position
            position += 2
            let second = try hexQuad(escapeStart: lowStart)
            guard (0xDC00..<0xE000).contains(second) else {
                throw JSONPathError(offset: lowStart, message: "expected a low surrogate \\uDC00-\\uDFFF after \\u\(hex(first)), found \\u\(hex(second))")
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        case 0xDC00..<0xE000:
            throw JSONPathError(offset: escapeStart, message: "unpaired surrogate \\u\(hex(first)); a low surrogate must follow a high one \\uD800-\\uDBFF")
        default:
            return Unicode.Scalar(first)!
        }
    }

    private mutating func hexQuad(escapeStart: Int) throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let character = peek, let digit = Character(character).hexDigitValue else {
                throw JSONPathError(offset: escapeStart, message: "expected four hexadecimal digits after \\u, found \(found)")
            }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }

    private func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }

    /// An integer index or slice bound, or `nil` when none is written (RFC 9535: no leading zeros, within ±(2^53-1)).
    private mutating func optionalInteger() throws(JSONPathError) -> Int? {
        let start = position
        _ = consume("-")
        let digitsStart = position
        while let character = peek, Self.isDigit(character) { position += 1 }
        if position == digitsStart {
            if position == start { return nil }
            throw expected("a digit after '-'")
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        if position - digitsStart > 1, scalars[digitsStart] == "0" {
            let trimmed = (text.hasPrefix("-") ? "-" : "") + String(Int(text.drop { $0 == "-" || $0 == "0" }) ?? 0)
            throw JSONPathError(offset: start, message: "the integer \(text) has a leading zero; write \(trimmed)")
        }
        if text == "-0" {
            throw JSONPathError(offset: start, message: "-0 is not a valid index; write 0")
        }
        guard let value = Int(text), abs(value) <= 9_007_199_254_740_991 else {
            throw JSONPathError(offset: start, message: "the integer \(text) is out of range; indexes must lie within ±9007199254740991")
        }
        return value
    }

    /// A JSON number literal: `-1`, `8.95`, `1e3`.
    private mutating func number() throws(JSONPathError) -> JSONNumber {
        let start = position
        _ = consume("-")
        guard let first = peek, Self.isDigit(first) else { throw expected("a digit") }
        if !consume("0") {
            while let character = peek, Self.isDigit(character) { position += 1 }
        }
        if consume(".") {
            guard let character = peek, Self.isDigit(character) else { throw expected("a digit after the decimal point") }
            while let character = peek, Self.isDigit(character) { position += 1 }
        }
        if peek == "e" || peek == "E" {
            position += 1
            if peek == "+" || peek == "-" { position += 1 }
            guard let character = peek, Self.isDigit(character) else { throw expected("a digit in the exponent") }
            while let character = peek, Self.isDigit(character) { position += 1 }
        }
        return JSONNumber(text: String(String.UnicodeScalarView(scalars[start..<position])))
    }

    /// A member name after `.` or `..`: letters, digits, `_`, `-`, `$` and any non-ASCII character.
    private mutating func memberName() -> String {
        var name = String.UnicodeScalarView()
        while let character = peek, Self.isNameCharacter(character) {
            name.append(character)
            position += 1
        }
        return String(name)
    }

    /// A keyword or function name: ASCII letters, digits and `_`.
    private mutating func word() -> String {
        var text = String.UnicodeScalarView()
        while let character = peek, Self.isWordCharacter(character) {
            text.append(character)
            position += 1
        }
        return String(text)
    }

    private static func isDigit(_ character: Unicode.Scalar) -> Bool { ("0"..."9").contains(character) }

    private static func isWordCharacter(_ character: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(character) || ("A"..."Z").contains(character) || isDigit(character) || character == "_"
    }

    private static func isNameStart(_ character: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(character) || ("A"..."Z").contains(character) || character == "_" || character.value >= 0x80
    }

    private static func isNameCharacter(_ character: Unicode.Scalar) -> Bool {
        isNameStart(character) || isDigit(character) || character == "-" || character == "$"
    }

    private mutating func enter() throws(JSONPathError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw JSONPathError(
                offset: position,
                message: "the expression nests brackets, parentheses, negations and function calls more than \(Self.maximumDepth) levels deep; simplify it"
            )
        }
    }

    private var atEnd: Bool { position >= scalars.count }
    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
    private func peek(at distance: Int) -> Unicode.Scalar? {
        position + distance < scalars.count ? scalars[position + distance] : nil
    }
    private var found: String { peek.map { "'\($0)'" } ?? "end of expression" }

    /// Consumes `text` when the input continues with it.
    private mutating func consume(_ text: String) -> Bool {
        var index = position
        for character in text.unicodeScalars {
            guard index < scalars.count, scalars[index] == character else { return false }
            index += 1
        }
        position = index
        return true
    }

    /// Consumes the keyword `word` when it is not the start of a longer word.
    private mutating func consumeWord(_ word: String) -> Bool {
        let start = position
        guard consume(word) else { return false }
        if let next = peek, Self.isWordCharacter(next) {
            position = start
            return false
        }
        return true
    }

    private mutating func skipBlanks() {
        while let character = peek, character == " " || character == "\t" || character == "\n" || character == "\r" { position += 1 }
    }

    private func expected(_ what: String) -> JSONPathError {
        JSONPathError(offset: position, message: "expected \(what), found \(found)")
    }
}
