/// A parsed GraphQL executable document: operations and fragment definitions.
///
/// Nodes keep what graphql-java's `AstComparator` compares and nothing else (no positions, no
/// comments, no ignored characters), so two documents that graphql-java finds equal after
/// `AstSorter` are `==` here after ``normalized()``.
package struct GraphQLDocument: Sendable, Hashable {
    package var definitions: [Definition]

    /// An operation or a fragment definition.
    package enum Definition: Sendable, Hashable {
        case operation(Operation)
        case fragment(Fragment)
    }

    /// `query`, `mutation` or `subscription`; the shorthand `{ … }` is a query.
    package enum OperationKind: String, Sendable, Hashable {
        case query, mutation, subscription
    }

    /// `query Name($id: ID!) @directive { … }`, or the shorthand `{ … }` (a query with no name).
    package struct Operation: Sendable, Hashable {
        package var kind: OperationKind
        package var name: String?
        package var variables: [VariableDefinition]
        package var directives: [Directive]
        package var selections: [Selection]
    }

    /// `fragment Name on Type @directive { … }`.
    package struct Fragment: Sendable, Hashable {
        package var name: String
        package var typeCondition: String
        package var directives: [Directive]
        package var selections: [Selection]
    }

    /// `$name: Type = default @directive`.
    package struct VariableDefinition: Sendable, Hashable {
        package var name: String
        package var type: TypeReference
        package var defaultValue: GraphQLValue?
        package var directives: [Directive]
    }

    /// `Type`, `[Type]`, `Type!`.
    package indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
        case named(String)
        case list(TypeReference)
        case nonNull(TypeReference)

        package var description: String {
            switch self {
            case .named(let name): name
            case .list(let item): "[\(item)]"
            case .nonNull(let type): "\(type)!"
            }
        }
    }

    /// A field, a fragment spread or an inline fragment.
    package enum Selection: Sendable, Hashable {
        case field(Field)
        /// `...Name @directive`.
        case fragmentSpread(name: String, directives: [Directive])
        /// `... on Type @directive { … }`; the type condition is optional.
        case inlineFragment(typeCondition: String?, directives: [Directive], selections: [Selection])
    }

    /// `alias: name(argument: value) @directive { … }`.
    package struct Field: Sendable, Hashable {
        package var alias: String?
        package var name: String
        package var arguments: [Argument]
        package var directives: [Directive]
        /// `nil` for a leaf field (no braces).
        package var selections: [Selection]?
    }

    /// `name: value`, in arguments and in object values.
    package struct Argument: Sendable, Hashable {
        package var name: String
        package var value: GraphQLValue
    }

    /// `@name(argument: value)`.
    package struct Directive: Sendable, Hashable {
        package var name: String
        package var arguments: [Argument]
    }
}
