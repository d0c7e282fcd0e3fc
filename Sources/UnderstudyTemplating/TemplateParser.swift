import UnderstudySupport

/// Parses template text into ``Template/Node``s: tags first (with their line and column), then
/// Handlebars' standalone-line and `~` whitespace rules, then the block tree.
struct TemplateParser {
    private enum TagKind {
        case output(escaped: Bool), comment, open, close, otherwise

        var isComment: Bool { if case .comment = self { true } else { false } }

        /// Tags that vanish with their line when alone on it.
        var isStandaloneKind: Bool { if case .output = self { false } else { true } }
    }

    private enum Token {
        case text(String)
        case tag(TagKind, content: String, location: Template.Location, trimBefore: Bool, trimAfter: Bool)
    }

    /// Nesting deeper than this is refused, so a hostile template cannot exhaust the stack.
    static let maxDepth = 64

    private let characters: [Character]

    init(_ text: String) { characters = Array(text) }

    func parse() throws(TemplateError) -> [Template.Node] {
        var tokens = try tokenize()
        applyStandaloneLines(&tokens)
        applyWhitespaceControl(&tokens)
        return try buildTree(tokens)
    }

    // MARK: Tags

    private func tokenize() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var text = ""
        var line = 1
        var column = 1
        func advance(_ character: Character) {
            if character == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        while index < characters.count {
            guard characters[index] == "{", index + 1 < characters.count, characters[index + 1] == "{" else {
                text.append(characters[index])
                advance(characters[index])
                index += 1
                continue
            }
            let location = Template.Location(line: line, column: column)
            if !text.isEmpty { tokens.append(.text(text)); text = "" }
            var cursor = index + 2
            var trimBefore = false
            if cursor < characters.count, characters[cursor] == "~" { trimBefore = true; cursor += 1 }
            var kind = TagKind.output(escaped: true)
            var closing = "}}"
            if cursor < characters.count {
                switch characters[cursor] {
                case "{": kind = .output(escaped: false); closing = "}}}"; cursor += 1
                case "&": kind = .output(escaped: false); cursor += 1
                case "!":
                    kind = .comment
                    cursor += 1
                    if cursor + 1 < characters.count, characters[cursor] == "-", characters[cursor + 1] == "-" { closing = "--}}"; cursor += 2 }
                case "#": kind = .open; cursor += 1
                case "/": kind = .close; cursor += 1
                case "^": kind = .otherwise; cursor += 1
                case ">":
                    throw TemplateError(line: line, column: column, message: "partials ({{> name}}) are not supported; inline the text instead")
                default: break
                }
            }
            guard let (contentEnd, tagEnd, trimAfter) = findClose(closing, from: cursor, quoted: !(kind.isComment)) else {
                throw TemplateError(line: line, column: column, message: "the tag is not closed; end it with \(closing)")
            }
            var content = String(characters[cursor..<contentEnd]).trimmingWhitespace()
            if case .output = kind, content == "else" || content.hasPrefix("else ") {
                kind = .otherwise
                content = String(content.dropFirst(4)).trimmingWhitespace()
            }
            tokens.append(.tag(kind, content: content, location: location, trimBefore: trimBefore, trimAfter: trimAfter))
            for character in characters[index..<tagEnd] { advance(character) }
            index = tagEnd
        }
        if !text.isEmpty { tokens.append(.text(text)) }
        return tokens
    }

    /// Where the content ends, where the tag ends, and whether `~` precedes the closing braces.
    private func findClose(_ closing: String, from start: Int, quoted: Bool) -> (Int, Int, Bool)? {
        let close = Array(closing)
        var index = start
        var quote: Character?
        while index < characters.count {
            let character = characters[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if quoted, character == "'" || character == "\"" {
                quote = character
            } else if character == "~", matches(close, at: index + 1) {
                return (index, index + 1 + close.count, true)
            } else if matches(close, at: index) {
                return (index, index + close.count, false)
            }
            index += 1
        }
        return nil
    }

    private func matches(_ pattern: [Character], at index: Int) -> Bool {
        guard index + pattern.count <= characters.count else { return false }
        for offset in pattern.indices where characters[index + offset] != pattern[offset] { return false }
        return true
    }

    // MARK: Whitespace

    /// A block, `else` or comment tag alone on its line takes the line with it (Handlebars'
    /// rule), so that templates can put blocks on lines of their own.
    private func applyStandaloneLines(_ tokens: inout [Token]) {
        func text(_ index: Int) -> String? {
            guard index >= 0, index < tokens.count else { return "" }
            if case .text(let text) = tokens[index] { return text }
            return nil
        }
        var standalone: [Int] = []
        for index in tokens.indices {
            guard case .tag(let kind, _, _, _, _) = tokens[index], kind.isStandaloneKind,
                  let before = text(index - 1), let after = text(index + 1) else { continue }
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            let startsLine = before[lineStart...].allSatisfy { $0 == " " || $0 == "\t" } && (before.contains("\n") || index <= 1)
            let lineEnd = after.firstIndex(of: "\n")
            let endsLine = after[..<(lineEnd ?? after.endIndex)].allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
                && (lineEnd != nil || index + 2 >= tokens.count)
            if startsLine && endsLine { standalone.append(index) }
        }
        for index in standalone {
            if index > 0, case .text(let before) = tokens[index - 1] {
                let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
                tokens[index - 1] = .text(String(before[..<lineStart]))
            }
            if index + 1 < tokens.count, case .text(let after) = tokens[index + 1] {
                let rest = after.firstIndex(of: "\n").map { after[after.index(after: $0)...] } ?? ""
                tokens[index + 1] = .text(String(rest))
            }
        }
    }

    private func applyWhitespaceControl(_ tokens: inout [Token]) {
        for index in tokens.indices {
            guard case .tag(_, _, _, let trimBefore, let trimAfter) = tokens[index] else { continue }
            if trimBefore, index > 0, case .text(let text) = tokens[index - 1] {
                tokens[index - 1] = .text(String(text.reversed().drop(while: \.isWhitespace).reversed()))
            }
            if trimAfter, index + 1 < tokens.count, case .text(let text) = tokens[index + 1] {
                tokens[index + 1] = .text(String(text.drop(while: \.isWhitespace)))
            }
        }
    }

    // MARK: Tree

    private struct Frame {
        var call: Template.Call
        var body: [Template.Node] = []
        var inverse: [Template.Node] = []
        var inInverse = false
        /// Opened by `{{else if …}}`: closed by its parent's closing tag.
        var chained = false

        mutating func append(_ node: Template.Node) {
            if inInverse { inverse.append(node) } else { body.append(node) }
        }
    }

    private func buildTree(_ tokens: [Token]) throws(TemplateError) -> [Template.Node] {
        var root: [Template.Node] = []
        var stack: [Frame] = []
        func append(_ node: Template.Node) {
            if stack.isEmpty { root.append(node) } else { stack[stack.count - 1].append(node) }
        }
        for token in tokens {
            switch token {
            case .text(let text):
                if !text.isEmpty { append(.text(text)) }
            case let .tag(kind, content, location, _, _):
                switch kind {
                case .comment:
                    continue
                case .output(let escaped):
                    guard !content.isEmpty else { throw TemplateError(line: location.line, column: location.column, message: "empty tag {{}}") }
                    var parser = try TemplateExpressionParser(content, location: location)
                    append(.output(try parser.parseOutput(), escaped: escaped))
                case .open:
                    guard stack.count < Self.maxDepth else {
                        throw TemplateError(line: location.line, column: location.column, message: "blocks nest deeper than \(Self.maxDepth)")
                    }
                    var parser = try TemplateExpressionParser(content, location: location)
                    stack.append(Frame(call: try parser.parseCall()))
                case .otherwise:
                    guard !stack.isEmpty else {
                        throw TemplateError(line: location.line, column: location.column, message: "{{else}} outside a block")
                    }
                    stack[stack.count - 1].inInverse = true
                    if !content.isEmpty {
                        var parser = try TemplateExpressionParser(content, location: location)
                        var chained = Frame(call: try parser.parseCall())
                        chained.chained = true
                        stack.append(chained)
                    }
                case .close:
                    let name = content
                    while true {
                        guard let frame = stack.popLast() else {
                            throw TemplateError(line: location.line, column: location.column, message: "{{/\(name)}} closes a block that was never opened")
                        }
                        let node = Template.Node.block(Template.Block(call: frame.call, body: frame.body, inverse: frame.inverse))
                        if frame.chained {
                            stack[stack.count - 1].append(node)
                            continue
                        }
                        guard frame.call.name == name else {
                            throw TemplateError(line: location.line, column: location.column,
                                                message: "{{/\(name)}} closes {{#\(frame.call.name)}} opened at line \(frame.call.location.line), column \(frame.call.location.column); close it with {{/\(frame.call.name)}}")
                        }
                        append(node)
                        break
                    }
                }
            }
        }
        if let open = stack.last(where: { !$0.chained }) ?? stack.last {
            throw TemplateError(line: open.call.location.line, column: open.call.location.column,
                                message: "{{#\(open.call.name)}} is never closed; add {{/\(open.call.name)}}")
        }
        return root
    }
}
