/// Parses the inside of a tag: `name param1 (sub a b) key='value'`.
struct TemplateExpressionParser {
    private enum Token: Equatable {
        case word(String)
        case string(String)
        case open, close, equals
    }

    private let location: Template.Location
    private var tokens: [Token] = []
    private var position = 0
    private var depth = 0

    init(_ text: String, location: Template.Location) throws(TemplateError) {
        self.location = location
        tokens = try Self.tokenize(Array(text), location: location)
    }

    /// `{{expr}}`: a lone name or path, a literal, or a helper call.
    mutating func parseOutput() throws(TemplateError) -> Template.Expression {
        if tokens.count == 1, case .word(let word) = tokens[0], !word.contains("."), !word.contains("/"), !word.hasPrefix("@"),
           !word.hasPrefix("["), word != "this", Self.literal(word) == nil {
            return .call(Template.Call(name: word, params: [], hash: [], location: location))
        }
        if tokens.count == 1 { return try parseArgument() }
        return .call(try parseCall())
    }

    /// `{{#name params}}` or a subexpression: a helper name and its arguments.
    mutating func parseCall() throws(TemplateError) -> Template.Call {
        guard position < tokens.count, case .word(let name) = tokens[position] else {
            throw error("expected a helper name")
        }
        position += 1
        var params: [Template.Expression] = []
        var hash: [(key: String, value: Template.Expression)] = []
        var blockParams: [String] = []
        while position < tokens.count, tokens[position] != .close {
            if tokens[position] == .word("as"), position + 1 < tokens.count, case .word(let names) = tokens[position + 1], names.hasPrefix("|") {
                var text = names
                position += 2
                while !text.dropFirst().contains("|"), position < tokens.count, case .word(let more) = tokens[position] {
                    text += " " + more
                    position += 1
                }
                guard text.count > 1, text.hasSuffix("|") else { throw error("block parameters are written as |item index|") }
                blockParams = text.dropFirst().dropLast().split(separator: " ").map(String.init)
                continue
            }
            if case .word(let key) = tokens[position], position + 1 < tokens.count, tokens[position + 1] == .equals {
                position += 2
                hash.append((key, try parseArgument()))
            } else {
                guard hash.isEmpty else { throw error("positional argument after key=value arguments in \(name)") }
                params.append(try parseArgument())
            }
        }
        return Template.Call(name: name, params: params, hash: hash, location: location, blockParams: blockParams)
    }

    private mutating func parseArgument() throws(TemplateError) -> Template.Expression {
        guard position < tokens.count else { throw error("expected an argument") }
        let token = tokens[position]
        position += 1
        switch token {
        case .string(let text):
            return .literal(.string(text))
        case .open:
            depth += 1
            guard depth <= TemplateParser.maxDepth else { throw error("subexpressions nest deeper than \(TemplateParser.maxDepth)") }
            let call = try parseCall()
            guard position < tokens.count, tokens[position] == .close else { throw error("unclosed ( in \(call.name); add )") }
            position += 1
            depth -= 1
            return .call(call)
        case .word(let word):
            if let literal = Self.literal(word) { return .literal(literal) }
            return .path(try Self.path(word, location: location), location)
        case .close:
            throw error("unexpected )")
        case .equals:
            throw error("unexpected =")
        }
    }

    private static func literal(_ word: String) -> TemplateValue? {
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null", "undefined": return .null
        default:
            if let integer = Int(word) { return .integer(integer) }
            if word.first?.isNumber == true || word.first == "-", let number = Double(word) { return .decimal(number) }
            return nil
        }
    }

    /// `request.headers.[Content-Type]`, `../name`, `this.id`, `@index`.
    static func path(_ word: String, location: Template.Location) throws(TemplateError) -> Template.Path {
        var rest = Substring(word)
        var path = Template.Path(segments: [], original: word)
        if rest.hasPrefix("@") { path.isData = true; rest = rest.dropFirst() }
        while rest.hasPrefix("../") { path.parentDepth += 1; rest = rest.dropFirst(3) }
        var segment = ""
        var index = rest.startIndex
        while index < rest.endIndex {
            let character = rest[index]
            if character == "[" {
                guard let end = rest[index...].firstIndex(of: "]") else {
                    throw TemplateError(line: location.line, column: location.column, message: "unclosed [ in \(word)")
                }
                segment += rest[rest.index(after: index)..<end]
                index = rest.index(after: end)
                continue
            }
            if character == "." || character == "/" {
                path.segments.append(segment)
                segment = ""
            } else {
                segment.append(character)
            }
            index = rest.index(after: index)
        }
        path.segments.append(segment)
        path.segments.removeAll { $0.isEmpty }
        if path.segments.first == "this" { path.segments.removeFirst() }
        return path
    }

    private static func tokenize(_ characters: [Character], location: Template.Location) throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace { index += 1; continue }
            switch character {
            case "(": tokens.append(.open); index += 1
            case ")": tokens.append(.close); index += 1
            case "=": tokens.append(.equals); index += 1
            case "'", "\"":
                var text = ""
                index += 1
                while index < characters.count, characters[index] != character {
                    if characters[index] == "\\", index + 1 < characters.count, characters[index + 1] == character {
                        index += 1
                    }
                    text.append(characters[index])
                    index += 1
                }
                guard index < characters.count else {
                    throw TemplateError(line: location.line, column: location.column, message: "unclosed string \(character)\(text)")
                }
                index += 1
                tokens.append(.string(text))
            default:
                var word = ""
                var inBrackets = false
                while index < characters.count {
                    let next = characters[index]
                    if next == "[" { inBrackets = true }
                    if next == "]" { inBrackets = false }
                    if !inBrackets, next.isWhitespace || next == "(" || next == ")" || next == "=" { break }
                    word.append(next)
                    index += 1
                }
                tokens.append(.word(word))
            }
        }
        return tokens
    }

    private func error(_ message: String) -> TemplateError {
        TemplateError(line: location.line, column: location.column, message: message)
    }
}
