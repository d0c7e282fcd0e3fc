/// Parses a GraphQL executable document (operations, variable definitions, selection sets,
/// fields with aliases and arguments, literal values, fragment definitions and spreads, inline
/// fragments, directives). Type-system definitions (`type`, `schema`, …) are refused: a query
/// never holds them.
///
/// Errors name the line and column and the fix; nesting deeper than ``depthLimit`` is an error
/// rather than a deep recursion.
package struct GraphQLParser {
    /// How deep selection sets, lists and objects may nest (graphql-java stops a little past 100
    /// levels of selection sets with its default rule-depth limit of 500).
    package static let depthLimit = 100

    private let tokens: [GraphQLToken]
    private var position = 0
    private var depth = 0

    private init(tokens: [GraphQLToken]) {
        self.tokens = tokens
    }

    /// Parses `text` as an executable document.
    package static func parse(_ text: String) throws(GraphQLSyntaxError) -> GraphQLDocument {
        var lexer = GraphQLLexer(text)
        var parser = GraphQLParser(tokens: try lexer.tokenize())
        return try parser.document()
    }

    private var current: GraphQLToken { tokens[position] }

    private mutating func advance() -> GraphQLToken {
        let token = tokens[position]
        if token.kind != .end { position += 1 }
        return token
    }

    private func error(_ message: String, at token: GraphQLToken? = nil) -> GraphQLSyntaxError {
        let token = token ?? current
        return GraphQLSyntaxError(line: token.line, column: token.column, message: message)
    }

    private mutating func expect(_ punctuator: String, _ context: String) throws(GraphQLSyntaxError) -> GraphQLToken {
        guard current.isPunctuator(punctuator) else {
            throw error("expected `\(punctuator)` \(context), found \(current.rendered)")
        }
        return advance()
    }

    private mutating func name(_ what: String) throws(GraphQLSyntaxError) -> String {
        guard current.kind == .name else { throw error("expected \(what), found \(current.rendered)") }
        return advance().text
    }

    private mutating func nested<T>(_ opening: GraphQLToken, _ body: (inout GraphQLParser) throws(GraphQLSyntaxError) -> T) throws(GraphQLSyntaxError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else {
            throw error("nesting deeper than \(Self.depthLimit) levels; no real query needs that many, check for a generated or repeated query", at: opening)
        }
        return try body(&self)
    }

    // MARK: Definitions

    private mutating func document() throws(GraphQLSyntaxError) -> GraphQLDocument {
        if current.kind == .end {
            throw error("the query is empty; write an operation such as `{ hero { name } }` or `query HeroName { hero { name } }`")
        }
        var definitions: [GraphQLDocument.Definition] = []
        while current.kind != .end {
            definitions.append(try definition())
        }
        return GraphQLDocument(definitions: definitions)
    }

    private mutating func definition() throws(GraphQLSyntaxError) -> GraphQLDocument.Definition {
        if current.isPunctuator("{") {
            return .operation(GraphQLDocument.Operation(kind: .query, name: nil, variables: [], directives: [], selections: try selectionSet()))
        }
        guard current.kind == .name else {
            throw error("expected an operation (`query`, `mutation`, `subscription` or `{`) or a `fragment`, found \(current.rendered)")
        }
        if let kind = GraphQLDocument.OperationKind(rawValue: current.text) {
            _ = advance()
            return .operation(try operation(kind))
        }
        switch current.text {
        case "fragment":
            _ = advance()
            return .fragment(try fragment())
        case "schema", "scalar", "type", "interface", "union", "enum", "input", "directive", "extend":
            throw error("`\(current.text)` starts a type-system definition, which a query cannot hold; send only operations and fragments")
        default:
            throw error("expected `query`, `mutation`, `subscription`, `fragment` or `{`, found \(current.rendered)")
        }
    }

    private mutating func operation(_ kind: GraphQLDocument.OperationKind) throws(GraphQLSyntaxError) -> GraphQLDocument.Operation {
        var name: String?
        if current.kind == .name { name = advance().text }
        var variables: [GraphQLDocument.VariableDefinition] = []
        if current.isPunctuator("(") {
            let opening = advance()
            if current.isPunctuator(")") { throw error("empty variable definitions `()`; remove the parentheses or define a variable such as `$id: ID!`") }
            while !current.isPunctuator(")") {
                guard current.kind != .end else {
                    throw error("expected `)` to close the variable definitions opened at \(opening.line):\(opening.column), found the end of the query")
                }
                variables.append(try variableDefinition())
            }
            _ = advance()
        }
        let directives = try self.directives(const: false)
        guard current.isPunctuator("{") else {
            throw error("expected `{` to start the selection set of the \(kind.rawValue)\(name.map { " `\($0)`" } ?? ""), found \(current.rendered)")
        }
        return GraphQLDocument.Operation(kind: kind, name: name, variables: variables, directives: directives, selections: try selectionSet())
    }

    private mutating func variableDefinition() throws(GraphQLSyntaxError) -> GraphQLDocument.VariableDefinition {
        guard current.isPunctuator("$") else {
            throw error("expected a variable definition such as `$id: ID!`, found \(current.rendered)")
        }
        _ = advance()
        let name = try self.name("a variable name after `$`")
        _ = try expect(":", "after `$\(name)`, then its type, as in `$\(name): ID!`")
        let type = try typeReference()
        var defaultValue: GraphQLValue?
        if current.isPunctuator("=") {
            _ = advance()
            defaultValue = try value(const: true)
        }
        return GraphQLDocument.VariableDefinition(name: name, type: type, defaultValue: defaultValue, directives: try directives(const: true))
    }

    private mutating func typeReference() throws(GraphQLSyntaxError) -> GraphQLDocument.TypeReference {
        var type: GraphQLDocument.TypeReference
        if current.isPunctuator("[") {
            let opening = advance()
            type = try nested(opening) { (parser: inout GraphQLParser) throws(GraphQLSyntaxError) in
                let item = try parser.typeReference()
                _ = try parser.expect("]", "to close the list type opened at \(opening.line):\(opening.column)")
                return .list(item)
            }
        } else {
            type = .named(try name("a type such as `ID`, `[String]` or `Int!`"))
        }
        if current.isPunctuator("!") {
            _ = advance()
            type = .nonNull(type)
        }
        return type
    }

    private mutating func fragment() throws(GraphQLSyntaxError) -> GraphQLDocument.Fragment {
        let name = try fragmentName()
        guard current.isName("on") else {
            throw error("expected `on` and a type after the fragment name, as in `fragment \(name) on Hero { … }`, found \(current.rendered)")
        }
        _ = advance()
        let typeCondition = try self.name("a type name after `on`")
        let directives = try self.directives(const: false)
        guard current.isPunctuator("{") else {
            throw error("expected `{` to start the selection set of fragment `\(name)`, found \(current.rendered)")
        }
        return GraphQLDocument.Fragment(name: name, typeCondition: typeCondition, directives: directives, selections: try selectionSet())
    }

    private mutating func fragmentName() throws(GraphQLSyntaxError) -> String {
        if current.isName("on") { throw error("`on` cannot name a fragment; choose another name") }
        return try name("a fragment name")
    }

    // MARK: Selections

    private mutating func selectionSet() throws(GraphQLSyntaxError) -> [GraphQLDocument.Selection] {
        let opening = try expect("{", "to start a selection set")
        return try nested(opening) { (parser: inout GraphQLParser) throws(GraphQLSyntaxError) in
            if parser.current.isPunctuator("}") {
                throw parser.error("an empty selection set `{}`; select at least one field, or remove the braces from a leaf field")
            }
            var selections: [GraphQLDocument.Selection] = []
            while !parser.current.isPunctuator("}") {
                if parser.current.kind == .end {
                    throw parser.error("expected `}` to close the selection set opened at \(opening.line):\(opening.column), found the end of the query; add the missing `}`")
                }
                selections.append(try parser.selection())
            }
            _ = parser.advance()
            return selections
        }
    }

    private mutating func selection() throws(GraphQLSyntaxError) -> GraphQLDocument.Selection {
        if current.isPunctuator("...") {
            _ = advance()
            if current.kind == .name, !current.isName("on") {
                let name = advance().text
                return .fragmentSpread(name: name, directives: try directives(const: false))
            }
            var typeCondition: String?
            if current.isName("on") {
                _ = advance()
                typeCondition = try name("a type name after `on`")
            }
            let directives = try self.directives(const: false)
            guard current.isPunctuator("{") else {
                throw error("expected `{` to start the inline fragment's selection set, found \(current.rendered)")
            }
            return .inlineFragment(typeCondition: typeCondition, directives: directives, selections: try selectionSet())
        }
        guard current.kind == .name else {
            throw error("expected a field name, `...` or `}`, found \(current.rendered)")
        }
        var alias: String?
        var name = advance().text
        if current.isPunctuator(":") {
            _ = advance()
            alias = name
            name = try self.name("a field name after the alias `\(name):`")
        }
        let arguments = try self.arguments(const: false)
        let directives = try self.directives(const: false)
        let selections = current.isPunctuator("{") ? try selectionSet() : nil
        return .field(GraphQLDocument.Field(alias: alias, name: name, arguments: arguments, directives: directives, selections: selections))
    }

    private mutating func arguments(const: Bool) throws(GraphQLSyntaxError) -> [GraphQLDocument.Argument] {
        guard current.isPunctuator("(") else { return [] }
        let opening = advance()
        if current.isPunctuator(")") { throw error("empty arguments `()`; remove the parentheses or pass an argument such as `(id: 1)`") }
        var arguments: [GraphQLDocument.Argument] = []
        while !current.isPunctuator(")") {
            guard current.kind != .end else {
                throw error("expected `)` to close the arguments opened at \(opening.line):\(opening.column), found the end of the query")
            }
            let name = try self.name("an argument name or `)`")
            _ = try expect(":", "after the argument `\(name)`, then its value, as in `\(name): 1`")
            arguments.append(GraphQLDocument.Argument(name: name, value: try value(const: const)))
        }
        _ = advance()
        return arguments
    }

    private mutating func directives(const: Bool) throws(GraphQLSyntaxError) -> [GraphQLDocument.Directive] {
        var directives: [GraphQLDocument.Directive] = []
        while current.isPunctuator("@") {
            _ = advance()
            let name = try self.name("a directive name after `@`, as in `@include(if: $withFriends)`")
            directives.append(GraphQLDocument.Directive(name: name, arguments: try arguments(const: const)))
        }
        return directives
    }

    // MARK: Values

    private mutating func value(const: Bool) throws(GraphQLSyntaxError) -> GraphQLValue {
        let token = current
        switch token.kind {
        case .int:
            _ = advance()
            return .int(token.text)
        case .float:
            _ = advance()
            return .float(token.text)
        case .string:
            _ = advance()
            return .string(token.text)
        case .name:
            _ = advance()
            switch token.text {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "null": return .null
            default: return .enumValue(token.text)
            }
        case .punctuator where token.text == "$":
            if const { throw error("a variable cannot appear here (a default value or a directive on a variable definition is a constant); write a literal") }
            _ = advance()
            return .variable(try name("a variable name after `$`"))
        case .punctuator where token.text == "[":
            let opening = advance()
            return try nested(opening) { (parser: inout GraphQLParser) throws(GraphQLSyntaxError) in
                var items: [GraphQLValue] = []
                while !parser.current.isPunctuator("]") {
                    if parser.current.kind == .end {
                        throw parser.error("expected `]` to close the list opened at \(opening.line):\(opening.column), found the end of the query")
                    }
                    items.append(try parser.value(const: const))
                }
                _ = parser.advance()
                return .list(items)
            }
        case .punctuator where token.text == "{":
            let opening = advance()
            return try nested(opening) { (parser: inout GraphQLParser) throws(GraphQLSyntaxError) in
                var fields: [GraphQLDocument.Argument] = []
                while !parser.current.isPunctuator("}") {
                    if parser.current.kind == .end {
                        throw parser.error("expected `}` to close the object opened at \(opening.line):\(opening.column), found the end of the query")
                    }
                    let name = try parser.name("a field name of the input object or `}`")
                    _ = try parser.expect(":", "after the object field `\(name)`, then its value")
                    fields.append(GraphQLDocument.Argument(name: name, value: try parser.value(const: const)))
                }
                _ = parser.advance()
                return .object(fields)
            }
        default:
            throw error("expected a value (a number, a string, `true`, `false`, `null`, an enum value, a list, an object\(const ? "" : " or a `$variable`")), found \(token.rendered)")
        }
    }
}
