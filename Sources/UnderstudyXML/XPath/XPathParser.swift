/// A recursive-descent parser for XPath 1.0 expressions (the grammar of the W3C
/// recommendation, section 3), producing ``XPathSyntax``.
struct XPathParser {
    private let expression: String
    private let tokens: [XPathLexer.Located]
    private var position = 0
    /// Prefix → namespace URI; `nil` when names are matched without namespaces.
    private let namespaces: [String: String]?

    /// Parses `expression`; `namespaces` maps the prefixes it may use (WireMock's `xPathNamespaces`).
    static func parse(_ expression: String, namespaces: [String: String]?) throws(XPathError) -> XPathSyntax {
        var parser = XPathParser(expression: expression, tokens: try XPathLexer.tokens(expression), namespaces: namespaces)
        guard !parser.tokens.isEmpty else { throw parser.error("the expression is empty") }
        let syntax = try parser.parseOr()
        if parser.position < parser.tokens.count {
            throw parser.error("unexpected \(parser.describe(parser.tokens[parser.position].token)) after a complete expression")
        }
        return syntax
    }

    private init(expression: String, tokens: [XPathLexer.Located], namespaces: [String: String]?) {
        self.expression = expression
        self.tokens = tokens
        self.namespaces = namespaces
    }

    // MARK: Tokens

    private var current: XPathLexer.Token? { position < tokens.count ? tokens[position].token : nil }

    private func peek(_ offset: Int) -> XPathLexer.Token? {
        position + offset < tokens.count ? tokens[position + offset].token : nil
    }

    private func error(_ message: String) -> XPathError {
        let offset = position < tokens.count ? tokens[position].offset : expression.unicodeScalars.count
        return XPathError(expression: expression, offset: offset, message: message)
    }

    private mutating func expect(_ token: XPathLexer.Token, _ what: String) throws(XPathError) {
        guard current == token else {
            throw error("expected \(what), found \(current.map(describe) ?? "the end of the expression")")
        }
        position += 1
    }

    private func describe(_ token: XPathLexer.Token) -> String {
        switch token {
        case .slash: "'/'"
        case .doubleSlash: "'//'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .dot: "'.'"
        case .dotDot: "'..'"
        case .at: "'@'"
        case .comma: "','"
        case .doubleColon: "'::'"
        case .pipe: "'|'"
        case .operator(let op): "'\(op.rawValue)'"
        case let .name(prefix, local): "'\(prefix.map { $0 + ":" } ?? "")\(local)'"
        case .literal(let text): "the string '\(text)'"
        case .number(let value): "the number \(XPathValue.format(value))"
        case .variable(let name): "$\(name)"
        }
    }

    private mutating func accept(_ op: XPathOperator) -> Bool {
        guard current == .operator(op) else { return false }
        position += 1
        return true
    }

    // MARK: Expressions

    private mutating func parseOr() throws(XPathError) -> XPathSyntax {
        var lhs = try parseAnd()
        while accept(.or) { lhs = .binary(.or, lhs, try parseAnd()) }
        return lhs
    }

    private mutating func parseAnd() throws(XPathError) -> XPathSyntax {
        var lhs = try parseEquality()
        while accept(.and) { lhs = .binary(.and, lhs, try parseEquality()) }
        return lhs
    }

    private mutating func parseEquality() throws(XPathError) -> XPathSyntax {
        var lhs = try parseRelational()
        while true {
            if accept(.equal) {
                lhs = .binary(.equal, lhs, try parseRelational())
            } else if accept(.notEqual) {
                lhs = .binary(.notEqual, lhs, try parseRelational())
            } else {
                return lhs
            }
        }
    }

    private mutating func parseRelational() throws(XPathError) -> XPathSyntax {
        var lhs = try parseAdditive()
        while let op = [XPathOperator.less, .lessOrEqual, .greater, .greaterOrEqual].first(where: { current == .operator($0) }) {
            position += 1
            lhs = .binary(op, lhs, try parseAdditive())
        }
        return lhs
    }

    private mutating func parseAdditive() throws(XPathError) -> XPathSyntax {
        var lhs = try parseMultiplicative()
        while let op = [XPathOperator.plus, .minus].first(where: { current == .operator($0) }) {
            position += 1
            lhs = .binary(op, lhs, try parseMultiplicative())
        }
        return lhs
    }

    private mutating func parseMultiplicative() throws(XPathError) -> XPathSyntax {
        var lhs = try parseUnary()
        while let op = [XPathOperator.multiply, .div, .mod].first(where: { current == .operator($0) }) {
            position += 1
            lhs = .binary(op, lhs, try parseUnary())
        }
        return lhs
    }

    private mutating func parseUnary() throws(XPathError) -> XPathSyntax {
        if accept(.minus) { return .negate(try parseUnary()) }
        return try parseUnion()
    }

    private mutating func parseUnion() throws(XPathError) -> XPathSyntax {
        var lhs = try parsePath()
        while current == .pipe {
            position += 1
            lhs = .union(lhs, try parsePath())
        }
        return lhs
    }

    // MARK: Paths

    private mutating func parsePath() throws(XPathError) -> XPathSyntax {
        guard startsFilterExpression else { return try parseLocationPath() }
        let primary = try parsePrimary()
        var predicates: [XPathSyntax] = []
        while current == .leftBracket { predicates.append(try parsePredicate()) }
        var steps: [XPathStep] = []
        if current == .slash || current == .doubleSlash {
            steps = try parseRelativeSteps(afterSeparator: true)
        }
        if predicates.isEmpty, steps.isEmpty { return primary }
        return .filter(primary, predicates: predicates, steps: steps)
    }

    private var startsFilterExpression: Bool {
        switch current {
        case .leftParen, .literal, .number, .variable: return true
        case let .name(prefix, local):
            guard peek(1) == .leftParen, local != "*" else { return false }
            return prefix != nil || !["node", "text", "comment", "processing-instruction"].contains(local)
        default: return false
        }
    }

    private mutating func parsePrimary() throws(XPathError) -> XPathSyntax {
        switch current {
        case .leftParen:
            position += 1
            let inner = try parseOr()
            try expect(.rightParen, "')'")
            return inner
        case .literal(let text):
            position += 1
            return .literal(text)
        case .number(let value):
            position += 1
            return .number(value)
        case let .name(prefix, local):
            let name = prefix.map { $0 + ":" + local } ?? local
            guard prefix == nil, let function = XPathFunction(rawValue: local) else {
                throw error(XPathFunction.refusal(for: name))
            }
            position += 2
            var arguments: [XPathSyntax] = []
            if current != .rightParen {
                arguments.append(try parseOr())
                while current == .comma {
                    position += 1
                    arguments.append(try parseOr())
                }
            }
            try expect(.rightParen, "')' closing \(name)(")
            guard function.arity.contains(arguments.count) else {
                let range = function.arity
                let count = range.lowerBound == range.upperBound ? "\(range.lowerBound)"
                    : range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound) or \(range.upperBound)"
                throw error("\(name)() takes \(count) argument\(range == 1...1 ? "" : "s"), not \(arguments.count)")
            }
            return .call(function, arguments)
        default:
            throw error("expected an expression, found \(current.map(describe) ?? "the end of the expression")")
        }
    }

    private mutating func parsePredicate() throws(XPathError) -> XPathSyntax {
        try expect(.leftBracket, "'['")
        let predicate = try parseOr()
        try expect(.rightBracket, "']' closing the predicate")
        return predicate
    }

    private mutating func parseLocationPath() throws(XPathError) -> XPathSyntax {
        switch current {
        case .slash:
            position += 1
            guard startsStep else { return .path(absolute: true, steps: []) }
            return .path(absolute: true, steps: try parseRelativeSteps(afterSeparator: false))
        case .doubleSlash:
            return .path(absolute: true, steps: try parseRelativeSteps(afterSeparator: true))
        default:
            guard startsStep else {
                throw error("expected a location step or an expression, found \(current.map(describe) ?? "the end of the expression")")
            }
            return .path(absolute: false, steps: try parseRelativeSteps(afterSeparator: false))
        }
    }

    private var startsStep: Bool {
        switch current {
        case .dot, .dotDot, .at, .name: true
        default: false
        }
    }

    /// Steps separated by `/` or `//`; with `afterSeparator`, the first token is a separator.
    private mutating func parseRelativeSteps(afterSeparator: Bool) throws(XPathError) -> [XPathStep] {
        var steps: [XPathStep] = []
        var needsSeparator = afterSeparator
        while true {
            if needsSeparator {
                if current == .doubleSlash {
                    steps.append(.anyDescendantOrSelf)
                } else if current != .slash {
                    return steps
                }
                position += 1
            }
            steps.append(try parseStep())
            needsSeparator = true
        }
    }

    private mutating func parseStep() throws(XPathError) -> XPathStep {
        switch current {
        case .dot:
            position += 1
            return XPathStep(axis: .self, test: .node, predicates: [])
        case .dotDot:
            position += 1
            return XPathStep(axis: .parent, test: .node, predicates: [])
        default:
            break
        }
        var axis = XPathAxis.child
        if current == .at {
            position += 1
            axis = .attribute
        } else if case let .name(nil, name) = current, peek(1) == .doubleColon {
            if name == "namespace" {
                throw error("the namespace axis is not supported by Understudy's XPath subset; select namespace-uri() of an element instead")
            }
            guard let named = XPathAxis(rawValue: name) else {
                throw error("unknown axis \(name)::; axes are \(XPathAxis.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            axis = named
            position += 2
        }
        let test = try parseNodeTest()
        var predicates: [XPathSyntax] = []
        while current == .leftBracket { predicates.append(try parsePredicate()) }
        return XPathStep(axis: axis, test: test, predicates: predicates)
    }

    private mutating func parseNodeTest() throws(XPathError) -> XPathNodeTest {
        guard case let .name(prefix, local) = current else {
            throw error("expected a node test (a name, *, text() or node()), found \(current.map(describe) ?? "the end of the expression")")
        }
        if prefix == nil, peek(1) == .leftParen, ["node", "text", "comment", "processing-instruction"].contains(local) {
            position += 2
            var test: XPathNodeTest
            switch local {
            case "node": test = .node
            case "text": test = .text
            case "comment": test = .comment
            default:
                test = .processingInstruction(nil)
                if case .literal(let target) = current {
                    position += 1
                    test = .processingInstruction(target)
                }
            }
            try expect(.rightParen, "')' closing \(local)(")
            return test
        }
        let namespaceURI = try resolve(prefix)
        position += 1
        if local == "*" { return .anyName(namespaceURI: namespaceURI, prefixed: prefix != nil) }
        return .name(namespaceURI: namespaceURI, local: local)
    }

    private func resolve(_ prefix: String?) throws(XPathError) -> String? {
        guard let prefix else { return nil }
        if prefix == "xml" { return XMLName.xmlNamespace }
        guard let namespaces else {
            throw error("the prefix \"\(prefix)\" is not declared; declare it in \"xPathNamespaces\": {\"\(prefix)\": \"<namespace URI>\"}, or match the local name without a prefix")
        }
        guard let uri = namespaces[prefix] else {
            throw error("the prefix \"\(prefix)\" is not in xPathNamespaces (declared: \(namespaces.keys.sorted().joined(separator: ", ")))")
        }
        return uri
    }
}
