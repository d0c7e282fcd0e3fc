/// Evaluates parsed queries over a document (RFC 9535 section 2).
///
/// Descendant segments walk the document with an explicit stack, so document depth never
/// turns into call depth; the only recursion follows the expression, whose nesting the
/// parser bounds.
struct JSONPathEvaluator {
    /// The document's root, the value of `$` inside filters.
    let root: JSONValue

    /// The nodes `query` selects, starting from `current` for `@` queries.
    func nodes(of query: JSONPathQuery, current: JSONValue) -> [JSONValue] {
        var nodes = [query.isRelative ? current : root]
        for segment in query.segments {
            var next: [JSONValue] = []
            for node in nodes {
                if segment.isDescendant {
                    selectInDescendants(segment.selectors, of: node, into: &next)
                } else {
                    for selector in segment.selectors { select(selector, in: node, isDescendant: false, into: &next) }
                }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes
    }

    /// The value of a query used as a value: a singular query gives its node or nothing, any
    /// other query the array of its nodes (Jayway); a trailing function applies to that.
    ///
    /// One Jayway rule is kept for familiarity: `length()`/`size()` after a path that starts
    /// with `..` counts the children of the selected nodes, so `$..book.length()` is the
    /// number of books.
    func value(of query: JSONPathQuery, current: JSONValue) -> JSONValue? {
        let selected = nodes(of: query, current: current)
        if let function = query.trailingFunction, function == .length || function == .size,
           query.segments.first?.isDescendant == true {
            let children = selected.reduce(0) { total, node in
                switch node {
                case .array(let items): total + items.count
                case .object(let object): total + object.count
                case .null, .bool, .number, .string: total
                }
            }
            return .number(JSONNumber(children))
        }
        let input: JSONValue? = query.isSingular ? selected.first : .array(selected)
        guard let function = query.trailingFunction else { return input }
        return input.flatMap(function.apply)
    }

    // MARK: Selectors

    /// Applies one selector to one node; `isDescendant` tells whether the segment is `..`.
    private func select(_ selector: JSONPathSelector, in node: JSONValue, isDescendant: Bool, into result: inout [JSONValue]) {
        switch (selector, node) {
        case let (.name(name), .object(object)):
            if let value = object[name] { result.append(value) }
        case let (.wildcard, .object(object)):
            for member in object.members { result.append(member.value) }
        case let (.wildcard, .array(items)):
            result.append(contentsOf: items)
        case let (.index(index), .array(items)):
            let resolved = index < 0 ? items.count + index : index
            if items.indices.contains(resolved) { result.append(items[resolved]) }
        case let (.slice(slice), .array(items)):
            for index in slice.indices(count: items.count) { result.append(items[index]) }
        case let (.filter(filter, isJaywayForm), .object(object)):
            if isJaywayForm, !isDescendant {
                if holds(filter, current: node) { result.append(node) }
            } else {
                for member in object.members where holds(filter, current: member.value) { result.append(member.value) }
            }
        case let (.filter(filter, _), .array(items)):
            for item in items where holds(filter, current: item) { result.append(item) }
        default:
            break
        }
    }

    /// Applies the selectors to `node` and to each of its descendants, in document order
    /// (a node before its descendants, array elements in order), without recursion.
    private func selectInDescendants(_ selectors: [JSONPathSelector], of node: JSONValue, into result: inout [JSONValue]) {
        var pending = [node]
        while let current = pending.popLast() {
            for selector in selectors { select(selector, in: current, isDescendant: true, into: &result) }
            switch current {
            case .object(let object): pending.append(contentsOf: object.members.reversed().map(\.value))
            case .array(let items): pending.append(contentsOf: items.reversed())
            case .null, .bool, .number, .string: break
            }
        }
    }

    // MARK: Filters

    func holds(_ filter: JSONPathFilter, current: JSONValue) -> Bool {
        switch filter {
        case .or(let terms):
            return terms.contains { holds($0, current: current) }
        case .and(let factors):
            return factors.allSatisfy { holds($0, current: current) }
        case .not(let inner):
            return !holds(inner, current: current)
        case .exists(let query):
            if query.trailingFunction != nil { return value(of: query, current: current) != nil }
            return !nodes(of: query, current: current).isEmpty
        case .test(let call):
            return call.function.returnsLogical && value(of: call, current: current) == .bool(true)
        case let .comparison(left, comparison, right):
            return comparison.evaluate(value(of: left, current: current), value(of: right, current: current))
        case let .regex(operand, regex):
            guard let text = Self.regexInput(value(of: operand, current: current)) else { return false }
            return regex.matchesWhole(text)
        case let .empty(operand, expected):
            guard let subject = value(of: operand, current: current), let length = JSONPathFunction.length(of: subject) else {
                return false
            }
            return (length == 0) == expected
        }
    }

    /// What `=~` matches against: strings, and (like Jayway) numbers and booleans as written.
    private static func regexInput(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .number(let number)?: number.text
        case .bool(let bool)?: String(bool)
        default: nil
        }
    }

    /// An operand's value; `nil` is RFC 9535's "Nothing".
    private func value(of operand: JSONPathOperand, current: JSONValue) -> JSONValue? {
        switch operand {
        case .literal(let literal):
            return literal
        case .query(let query):
            return value(of: query, current: current)
        case .function(let call):
            return value(of: call, current: current)
        case .list(let items):
            return .array(items.compactMap { value(of: $0, current: current) })
        }
    }

    private func value(of call: JSONPathFunctionCall, current: JSONValue) -> JSONValue? {
        switch call.function {
        case .length:
            return value(of: call.arguments[0], current: current)
                .flatMap(JSONPathFunction.length(of:))
                .map { .number(JSONNumber($0)) }
        case .count:
            guard case .query(let query) = call.arguments[0] else { return nil }
            return .number(JSONNumber(nodes(of: query, current: current).count))
        case .value:
            guard case .query(let query) = call.arguments[0] else { return nil }
            let selected = nodes(of: query, current: current)
            return selected.count == 1 ? selected[0] : nil
        case .match, .search:
            guard case .string(let text)? = value(of: call.arguments[0], current: current) else { return false }
            let regex: JSONPathRegex?
            if let compiled = call.compiledPattern {
                regex = compiled
            } else if case .string(let pattern)? = value(of: call.arguments[1], current: current) {
                regex = JSONPathRegex(pattern: pattern)
            } else {
                regex = nil
            }
            guard let regex else { return false }
            return .bool(call.function == .match ? regex.matchesWhole(text) : regex.matchesSomewhere(text))
        }
    }
}
