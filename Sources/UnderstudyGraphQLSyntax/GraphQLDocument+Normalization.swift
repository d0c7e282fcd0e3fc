/// The order-insensitive form of a document, following graphql-java 22.3's `AstSorter` (what
/// wiremock-graphql-extension 0.9.0 sorts with before comparing with `AstComparator`):
///
/// - definitions: queries (and the shorthand `{ … }`), then mutations, subscriptions, fragments;
///   each group by name, an anonymous operation first;
/// - selections: fields, then fragment spreads, then inline fragments; each group by name (a
///   field's name, not its alias; a spread's fragment name; an inline fragment's type condition);
/// - arguments, directives, variable definitions and input-object fields by name.
///
/// The sorts are stable, and lists keep their order. Fragments are not inlined: a spread
/// compares by its fragment's name, and each fragment definition by its own content.
/// Numbers compare by value as graphql-java holds them: integers as `BigInteger` (`-0` is `0`),
/// floats as `BigDecimal`, whose equality includes the scale (`1.0` is not `1.00`).
extension GraphQLDocument {
    package func normalized() -> GraphQLDocument {
        GraphQLDocument(definitions: Self.stableSorted(definitions.map { $0.normalized() }, by: \.sortKey))
    }

    /// Sorts by `key`, keeping equal keys in their order. Keys compare as Java's
    /// `String.compareTo` does (UTF-16 code units).
    package static func stableSorted<Element>(_ items: [Element], by key: (Element) -> SortKey) -> [Element] {
        items.enumerated()
            .map { (key: key($0.element), offset: $0.offset, element: $0.element) }
            .sorted { $0.key != $1.key ? $0.key < $1.key : $0.offset < $1.offset }
            .map(\.element)
    }

    /// A group rank, then a name.
    package struct SortKey: Equatable, Comparable {
        package var rank: Int
        package var name: String

        package static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            return lhs.name.utf16.lexicographicallyPrecedes(rhs.name.utf16)
        }
    }
}

extension [GraphQLDocument.Argument] {
    package func sortedByName() -> [GraphQLDocument.Argument] {
        GraphQLDocument.stableSorted(map { GraphQLDocument.Argument(name: $0.name, value: $0.value.normalized()) }) {
            GraphQLDocument.SortKey(rank: 0, name: $0.name)
        }
    }
}

extension [GraphQLDocument.Directive] {
    package func sortedByName() -> [GraphQLDocument.Directive] {
        GraphQLDocument.stableSorted(map { GraphQLDocument.Directive(name: $0.name, arguments: $0.arguments.sortedByName()) }) {
            GraphQLDocument.SortKey(rank: 0, name: $0.name)
        }
    }
}

extension [GraphQLDocument.Selection] {
    package func sortedSelections() -> [GraphQLDocument.Selection] {
        GraphQLDocument.stableSorted(map { $0.normalized() }, by: \.sortKey)
    }
}

extension GraphQLDocument.Definition {
    package var sortKey: GraphQLDocument.SortKey {
        switch self {
        case .operation(let operation):
            let rank = switch operation.kind {
            case .query: 101
            case .mutation: 102
            case .subscription: 104
            }
            return GraphQLDocument.SortKey(rank: rank, name: operation.name ?? "")
        case .fragment(let fragment):
            return GraphQLDocument.SortKey(rank: 200, name: fragment.name)
        }
    }

    package func normalized() -> GraphQLDocument.Definition {
        switch self {
        case .operation(var operation):
            operation.variables = GraphQLDocument.stableSorted(operation.variables.map { variable in
                // AstSorter does not reorder the directives of a variable definition, only the
                // arguments inside each directive.
                GraphQLDocument.VariableDefinition(
                    name: variable.name, type: variable.type, defaultValue: variable.defaultValue?.normalized(),
                    directives: variable.directives.map { GraphQLDocument.Directive(name: $0.name, arguments: $0.arguments.sortedByName()) })
            }) { GraphQLDocument.SortKey(rank: 0, name: $0.name) }
            operation.directives = operation.directives.sortedByName()
            operation.selections = operation.selections.sortedSelections()
            return .operation(operation)
        case .fragment(var fragment):
            fragment.directives = fragment.directives.sortedByName()
            fragment.selections = fragment.selections.sortedSelections()
            return .fragment(fragment)
        }
    }
}

extension GraphQLDocument.Selection {
    package var sortKey: GraphQLDocument.SortKey {
        switch self {
        case .field(let field): GraphQLDocument.SortKey(rank: 1, name: field.name)
        case .fragmentSpread(let name, _): GraphQLDocument.SortKey(rank: 2, name: name)
        case .inlineFragment(let typeCondition, _, _): GraphQLDocument.SortKey(rank: 3, name: typeCondition ?? "")
        }
    }

    package func normalized() -> GraphQLDocument.Selection {
        switch self {
        case .field(var field):
            field.arguments = field.arguments.sortedByName()
            field.directives = field.directives.sortedByName()
            field.selections = field.selections?.sortedSelections()
            return .field(field)
        case let .fragmentSpread(name, directives):
            return .fragmentSpread(name: name, directives: directives.sortedByName())
        case let .inlineFragment(typeCondition, directives, selections):
            return .inlineFragment(typeCondition: typeCondition, directives: directives.sortedByName(), selections: selections.sortedSelections())
        }
    }
}

extension GraphQLValue {
    package func normalized() -> GraphQLValue {
        switch self {
        case .int(let text): .int(Self.canonicalInteger(text))
        case .float(let text): .float(Self.canonicalDecimal(text))
        case .list(let items): .list(items.map { $0.normalized() })
        case .object(let fields): .object(fields.sortedByName())
        case .variable, .string, .boolean, .null, .enumValue: self
        }
    }

    /// An integer literal as `BigInteger` compares it: GraphQL allows no leading zeros, so the
    /// text is the value except that `-0` is `0`.
    package static func canonicalInteger(_ text: String) -> String {
        text == "-0" ? "0" : text
    }

    /// A float literal as `BigDecimal.equals` compares it: the unscaled digits and the scale.
    /// `1.50` is `150` at scale 2, `15e-1` is `15` at scale 1, so they differ, as in Java; `1e2`
    /// and `1E+2` are the same.
    package static func canonicalDecimal(_ text: String) -> String {
        var mantissa = Substring(text)
        var exponent = 0
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            // Clamped so that no literal, however long its exponent, overflows the scale.
            let written = Int(mantissa[mantissa.index(after: e)...].drop { $0 == "+" }) ?? 0
            exponent = min(max(written, -1 << 40), 1 << 40)
            mantissa = mantissa[..<e]
        }
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? parts[1] : ""
        var digits = String((parts.first ?? "") + fraction).drop { $0 == "0" }
        if digits.isEmpty { digits = "0" }
        let scale = fraction.count - exponent
        return (negative && digits != "0" ? "-" : "") + digits + "E" + String(-scale)
    }
}
