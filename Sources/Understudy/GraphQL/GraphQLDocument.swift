/// A parsed GraphQL executable document: operations and fragment definitions.
///
/// Nodes keep what graphql-java's `AstComparator` compares and nothing else (no positions, no
/// comments, no ignored characters), so two documents that graphql-java finds equal after
/// `AstSorter` are `==` here after ``normalized()``.
struct GraphQLDocument: Sendable, Hashable {
    var definitions: [Definition]

    /// An operation or a fragment definition.
    enum Definition: Sendable, Hashable {
        case operation(Operation)
        case fragment(Fragment)
    }

    /// `query`, `mutation` or `subscription`; the shorthand `{ … }` is a query.
    enum OperationKind: String, Sendable, Hashable {
        case query, mutation, subscription
    }

    /// `query Name($id: ID!) @directive { … }`, or the shorthand `{ … }` (a query with no name).
    struct Operation: Sendable, Hashable {
        var kind: OperationKind
        var name: String?
        var variables: [VariableDefinition]
        var directives: [Directive]
        var selections: [Selection]
    }

    /// `fragment Name on Type @directive { … }`.
    struct Fragment: Sendable, Hashable {
        var name: String
        var typeCondition: String
        var directives: [Directive]
        var selections: [Selection]
    }

    /// `$name: Type = default @directive`.
    struct VariableDefinition: Sendable, Hashable {
        var name: String
        var type: TypeReference
        var defaultValue: GraphQLValue?
        var directives: [Directive]
    }

    /// `Type`, `[Type]`, `Type!`.
    indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
        case named(String)
        case list(TypeReference)
        case nonNull(TypeReference)

        var description: String {
            switch self {
            case .named(let name): name
            case .list(let item): "[\(item)]"
            case .nonNull(let type): "\(type)!"
            }
        }
    }

    /// A field, a fragment spread or an inline fragment.
    enum Selection: Sendable, Hashable {
        case field(Field)
        /// `...Name @directive`.
        case fragmentSpread(name: String, directives: [Directive])
        /// `... on Type @directive { … }`; the type condition is optional.
        case inlineFragment(typeCondition: String?, directives: [Directive], selections: [Selection])
    }

    /// `alias: name(argument: value) @directive { … }`.
    struct Field: Sendable, Hashable {
        var alias: String?
        var name: String
        var arguments: [Argument]
        var directives: [Directive]
        /// `nil` for a leaf field (no braces).
        var selections: [Selection]?
    }

    /// `name: value`, in arguments and in object values.
    struct Argument: Sendable, Hashable {
        var name: String
        var value: GraphQLValue
    }

    /// `@name(argument: value)`.
    struct Directive: Sendable, Hashable {
        var name: String
        var arguments: [Argument]
    }
}
