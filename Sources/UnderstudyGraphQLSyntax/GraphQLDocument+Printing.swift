import UnderstudySupport

/// A document on one line, for reports: `query HeroName($id: ID!) { hero(id: $id) { name } }`.
extension GraphQLDocument: CustomStringConvertible {
    package var description: String { definitions.map(\.description).joined(separator: " ") }
}

extension GraphQLDocument.Definition: CustomStringConvertible {
    package var description: String {
        switch self {
        case .operation(let operation):
            if operation.kind == .query, operation.name == nil, operation.variables.isEmpty, operation.directives.isEmpty {
                return GraphQLDocument.render(operation.selections)
            }
            var head = operation.kind.rawValue
            if let name = operation.name { head += " " + name }
            if !operation.variables.isEmpty {
                head += "(" + operation.variables.map { variable in
                    "$\(variable.name): \(variable.type)" + (variable.defaultValue.map { " = \($0)" } ?? "")
                        + GraphQLDocument.render(variable.directives)
                }.joined(separator: ", ") + ")"
            }
            return head + GraphQLDocument.render(operation.directives) + " " + GraphQLDocument.render(operation.selections)
        case .fragment(let fragment):
            return "fragment \(fragment.name) on \(fragment.typeCondition)" + GraphQLDocument.render(fragment.directives)
                + " " + GraphQLDocument.render(fragment.selections)
        }
    }
}

extension GraphQLDocument.Selection: CustomStringConvertible {
    package var description: String {
        switch self {
        case .field(let field):
            return field.label + GraphQLDocument.render(field.arguments) + GraphQLDocument.render(field.directives)
                + (field.selections.map { " " + GraphQLDocument.render($0) } ?? "")
        case let .fragmentSpread(name, directives):
            return "...\(name)" + GraphQLDocument.render(directives)
        case let .inlineFragment(typeCondition, directives, selections):
            return "..." + (typeCondition.map { " on \($0)" } ?? "") + GraphQLDocument.render(directives) + " " + GraphQLDocument.render(selections)
        }
    }
}

extension GraphQLDocument.Field {
    /// `name`, or `alias: name`.
    package var label: String { alias.map { "\($0): \(name)" } ?? name }
}

extension GraphQLDocument {
    package static func render(_ selections: [Selection]) -> String {
        "{ " + selections.map(\.description).joined(separator: " ") + " }"
    }

    /// `(a: 1, b: 2)`, or nothing.
    package static func render(_ arguments: [Argument]) -> String {
        arguments.isEmpty ? "" : "(" + arguments.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")"
    }

    /// ` @a @b(if: true)`, or nothing.
    package static func render(_ directives: [Directive]) -> String {
        directives.map { " @\($0.name)" + render($0.arguments) }.joined()
    }
}

extension GraphQLValue: CustomStringConvertible {
    package var description: String {
        switch self {
        case .variable(let name): "$" + name
        case .int(let text), .float(let text): text
        case .string(let value): quoted(value)
        case .boolean(let value): value ? "true" : "false"
        case .null: "null"
        case .enumValue(let name): name
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}
