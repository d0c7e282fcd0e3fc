/// What tells two normalised documents apart, for near-miss reports: the first difference as a
/// phrase naming the field path (`differs at field \`hero.friends.age\`: the request does not
/// select it`), and a graded distance.
extension GraphQLDocument {
    /// The first difference between this (the stub's) document and `actual` (the request's),
    /// both normalised; `nil` when they are equal.
    package func firstDifference(from actual: GraphQLDocument) -> String? {
        var unused = actual.definitions
        for definition in definitions {
            guard let position = unused.firstIndex(where: { $0.sortKey == definition.sortKey && $0.isSameKind(as: definition) }) else {
                return "the request has no \(definition.label)"
                    + (unused.count == 1 && definitions.count == 1 ? " (it sends \(unused[0].label))" : "")
            }
            let other = unused.remove(at: position)
            if let difference = definition.difference(from: other) { return difference }
        }
        if let extra = unused.first { return "the request also sends \(extra.label), which the stub does not have" }
        return nil
    }

    /// How far `actual` is from this document, in 0...1: the share of selections, arguments and
    /// headers (one fact per field path with its arguments) that are not in both.
    package func distance(to actual: GraphQLDocument) -> Double {
        let expected = facts
        let sent = actual.facts
        let union = expected.union(sent).count
        guard union > 0 else { return 0 }
        return 1 - Double(expected.intersection(sent).count) / Double(union)
    }

    private var facts: Set<String> {
        var facts: Set<String> = []
        for definition in definitions {
            switch definition {
            case .operation(let operation):
                let root = operation.kind.rawValue + " " + (operation.name ?? "")
                facts.insert(root + GraphQLDocument.render(operation.directives))
                for variable in operation.variables {
                    facts.insert(root + " $" + variable.name + ": \(variable.type)" + (variable.defaultValue.map { " = \($0)" } ?? ""))
                }
                Self.collectFacts(operation.selections, path: root, into: &facts)
            case .fragment(let fragment):
                let root = "fragment \(fragment.name) on \(fragment.typeCondition)"
                facts.insert(root + GraphQLDocument.render(fragment.directives))
                Self.collectFacts(fragment.selections, path: root, into: &facts)
            }
        }
        return facts
    }

    private static func collectFacts(_ selections: [Selection], path: String, into facts: inout Set<String>) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let here = path + "/" + field.pathElement
                facts.insert(here + render(field.arguments) + render(field.directives))
                if let children = field.selections { collectFacts(children, path: here, into: &facts) }
            case .fragmentSpread:
                facts.insert(path + "/" + selection.description)
            case let .inlineFragment(typeCondition, directives, children):
                let here = path + "/(on \(typeCondition ?? ""))"
                facts.insert(here + render(directives))
                collectFacts(children, path: here, into: &facts)
            }
        }
    }
}

extension GraphQLDocument.Field {
    /// The field in a path: `name`, or `alias:name`.
    package var pathElement: String { alias.map { "\($0):\(name)" } ?? name }
}

private extension GraphQLDocument.Definition {
    /// `query \`HeroName\``, `the anonymous query`, `fragment \`heroDetails\``.
    var label: String {
        switch self {
        case .operation(let operation): operation.name.map { "\(operation.kind.rawValue) `\($0)`" } ?? "anonymous \(operation.kind.rawValue)"
        case .fragment(let fragment): "fragment `\(fragment.name)`"
        }
    }

    func isSameKind(as other: Self) -> Bool {
        switch (self, other) {
        case let (.operation(a), .operation(b)): a.kind == b.kind && a.name == b.name
        case let (.fragment(a), .fragment(b)): a.name == b.name
        default: false
        }
    }

    func difference(from actual: Self) -> String? {
        switch (self, actual) {
        case let (.operation(expected), .operation(sent)):
            let prefix = expected.name.map { "in \(expected.kind.rawValue) `\($0)`, " } ?? ""
            if let difference = GraphQLDocument.variablesDifference(expected.variables, sent.variables) { return prefix + difference }
            if let difference = GraphQLDocument.directivesDifference(expected.directives, sent.directives, at: "the operation") { return prefix + difference }
            return GraphQLDocument.selectionsDifference(expected.selections, sent.selections, path: []).map { prefix + $0 }
        case let (.fragment(expected), .fragment(sent)):
            let prefix = "in fragment `\(expected.name)`, "
            if expected.typeCondition != sent.typeCondition {
                return prefix + "the type condition is `on \(expected.typeCondition)` in the stub, `on \(sent.typeCondition)` in the request"
            }
            if let difference = GraphQLDocument.directivesDifference(expected.directives, sent.directives, at: "the fragment") { return prefix + difference }
            return GraphQLDocument.selectionsDifference(expected.selections, sent.selections, path: []).map { prefix + $0 }
        default:
            return nil
        }
    }
}

private extension GraphQLDocument {
    static func variablesDifference(_ expected: [VariableDefinition], _ sent: [VariableDefinition]) -> String? {
        for variable in expected {
            guard let other = sent.first(where: { $0.name == variable.name }) else {
                return "the request does not declare the variable `$\(variable.name): \(variable.type)`"
            }
            if other.type != variable.type {
                return "the variable `$\(variable.name)` is declared `\(variable.type)` in the stub, `\(other.type)` in the request"
            }
            if other.defaultValue != variable.defaultValue {
                return "the default of `$\(variable.name)` is \(variable.defaultValue?.description ?? "none") in the stub, \(other.defaultValue?.description ?? "none") in the request"
            }
            if other.directives != variable.directives {
                return "the directives of `$\(variable.name)` differ: \(render(variable.directives).trimmed) in the stub, \(render(other.directives).trimmed) in the request"
            }
        }
        if let extra = sent.first(where: { variable in !expected.contains { $0.name == variable.name } }) {
            return "the request also declares the variable `$\(extra.name): \(extra.type)`"
        }
        if expected != sent { return "the variable definitions are repeated differently: (\(expected.map { "$\($0.name)" }.joined(separator: ", "))) in the stub" }
        return nil
    }

    static func directivesDifference(_ expected: [Directive], _ sent: [Directive], at place: String) -> String? {
        guard expected != sent else { return nil }
        func text(_ directives: [Directive]) -> String { directives.isEmpty ? "none" : render(directives).trimmed }
        return "the directives on \(place) differ: \(text(expected)) in the stub, \(text(sent)) in the request"
    }

    static func selectionsDifference(_ expected: [Selection], _ sent: [Selection], path: [String]) -> String? {
        var unused = sent
        for selection in expected {
            guard let position = unused.firstIndex(where: { $0.identity == selection.identity }) else {
                return "differs at \(selection.place(path)): the request does not select it"
            }
            let other = unused.remove(at: position)
            if let difference = selectionDifference(selection, other, path: path) { return difference }
        }
        if let extra = unused.first { return "differs at \(extra.place(path)): the stub does not select it" }
        return nil
    }

    static func selectionDifference(_ expected: Selection, _ sent: Selection, path: [String]) -> String? {
        let place = expected.place(path)
        switch (expected, sent) {
        case let (.field(a), .field(b)):
            if let difference = argumentsDifference(a.arguments, b.arguments) { return "differs at \(place): \(difference)" }
            if let difference = directivesDifference(a.directives, b.directives, at: "it") { return "differs at \(place): \(difference)" }
            switch (a.selections, b.selections) {
            case let (children?, others?):
                return selectionsDifference(children, others, path: path + [a.pathElement])
            case (nil, let others?):
                return "differs at \(place): the stub selects no subfields of it, the request selects \(render(others))"
            case (let children?, nil):
                return "differs at \(place): the stub selects \(render(children)) of it, the request no subfields"
            case (nil, nil):
                return nil
            }
        case let (.fragmentSpread(_, a), .fragmentSpread(_, b)):
            return directivesDifference(a, b, at: "it").map { "differs at \(place): \($0)" }
        case let (.inlineFragment(_, a, children), .inlineFragment(_, b, others)):
            if let difference = directivesDifference(a, b, at: "it") { return "differs at \(place): \(difference)" }
            return selectionsDifference(children, others, path: path + [expected.pathElement])
        default:
            return nil
        }
    }

    static func argumentsDifference(_ expected: [Argument], _ sent: [Argument]) -> String? {
        for argument in expected {
            guard let other = sent.first(where: { $0.name == argument.name }) else {
                return "the request does not pass the argument `\(argument.name)` (the stub wants \(argument.value))"
            }
            if other.value != argument.value {
                return "argument `\(argument.name)` expected \(argument.value), got \(other.value)"
            }
        }
        if let extra = sent.first(where: { argument in !expected.contains { $0.name == argument.name } }) {
            return "the request also passes the argument `\(extra.name): \(extra.value)`"
        }
        if expected != sent { return "the arguments differ: \(render(expected)) in the stub, \(render(sent)) in the request" }
        return nil
    }
}

private extension GraphQLDocument.Selection {
    /// What pairs a selection of the stub with one of the request: a field's alias and name, a
    /// spread's fragment, an inline fragment's type condition.
    var identity: String {
        switch self {
        case .field(let field): "field " + field.pathElement
        case .fragmentSpread(let name, _): "...\(name)"
        case .inlineFragment(let typeCondition, _, _): "... on \(typeCondition ?? "")"
        }
    }

    var pathElement: String {
        switch self {
        case .field(let field): field.pathElement
        case .fragmentSpread(let name, _): "...\(name)"
        case .inlineFragment(let typeCondition, _, _): "(on \(typeCondition ?? "any type"))"
        }
    }

    /// `field \`hero.friends.name\``, `fragment spread \`...HeroFields\` in \`hero\``.
    func place(_ path: [String]) -> String {
        let within = path.isEmpty ? "" : " in `\(path.joined(separator: "."))`"
        return switch self {
        case .field: "field `\((path + [pathElement]).joined(separator: "."))`"
        case .fragmentSpread(let name, _): "fragment spread `...\(name)`" + within
        case .inlineFragment(let typeCondition, _, _): "inline fragment `...\(typeCondition.map { " on \($0)" } ?? "")`" + within
        }
    }
}

private extension String {
    var trimmed: String { drop { $0 == " " }.description }
}
