import Foundation

/// Evaluates ``XPathSyntax`` over an ``XMLTree``. Bounded: after ``maxSteps`` node visits the
/// evaluation is abandoned (`//*//*//*` over a large document grows as a power of its size).
struct XPathEvaluator {
    /// The most nodes one evaluation may visit.
    static let maxSteps = 2_000_000

    /// Evaluation ran past ``maxSteps``.
    struct Abandoned: Error {}

    let tree: XMLTree
    /// Whether names match by namespace URI and local name (`xPathNamespaces` given) or by
    /// local name alone, as WireMock's namespace-unaware document does.
    let namespaceAware: Bool
    private var steps = 0

    init(tree: XMLTree, namespaceAware: Bool) {
        self.tree = tree
        self.namespaceAware = namespaceAware
    }

    private struct Context {
        var node: Int
        var position: Int
        var size: Int
    }

    mutating func evaluate(_ syntax: XPathSyntax) throws(Abandoned) -> XPathValue {
        try evaluate(syntax, Context(node: XMLTree.root, position: 1, size: 1))
    }

    private mutating func tick(_ count: Int = 1) throws(Abandoned) {
        steps += count
        if steps > Self.maxSteps { throw Abandoned() }
    }

    private mutating func evaluate(_ syntax: XPathSyntax, _ context: Context) throws(Abandoned) -> XPathValue {
        try tick()
        switch syntax {
        case .number(let value):
            return .number(value)
        case .literal(let text):
            return .string(text)
        case let .path(absolute, steps):
            return .nodes(try apply(steps, to: [absolute ? XMLTree.root : context.node]))
        case let .filter(primary, predicates, steps):
            let value = try evaluate(primary, context)
            guard case .nodes(var nodes) = value else { return value }
            for predicate in predicates { nodes = try filter(nodes, by: predicate, reverse: false) }
            return .nodes(try apply(steps, to: nodes))
        case let .call(function, arguments):
            return try call(function, arguments, context)
        case let .binary(op, lhs, rhs):
            return try binary(op, lhs, rhs, context)
        case .negate(let operand):
            return .number(-(try evaluate(operand, context).number(in: tree)))
        case let .union(lhs, rhs):
            let left = try evaluate(lhs, context)
            let right = try evaluate(rhs, context)
            guard case .nodes(let a) = left, case .nodes(let b) = right else { return .nodes([]) }
            return .nodes(Array(Set(a).union(b)).sorted())
        }
    }

    // MARK: Location paths

    private mutating func apply(_ steps: [XPathStep], to start: [Int]) throws(Abandoned) -> [Int] {
        var nodes = start
        var remaining = steps[...]
        while var step = remaining.popFirst() {
            // `//a` is descendant-or-self::node()/child::a; without predicates on the child step
            // it selects what descendant::a does, in one pass instead of one per node.
            if step.axis == .descendantOrSelf, case .node = step.test, step.predicates.isEmpty,
               let next = remaining.first, next.axis == .child, next.predicates.isEmpty {
                step = XPathStep(axis: .descendant, test: next.test, predicates: [])
                remaining = remaining.dropFirst()
            }
            var result = Set<Int>()
            var single: [Int]?
            for node in nodes {
                try tick()
                var selected = try axis(step.axis, from: node).filter { matches(step.test, $0, axis: step.axis) }
                for predicate in step.predicates {
                    selected = try filter(selected, by: predicate, reverse: step.axis.isReverse)
                }
                // One context node: its axis is already in document order, with no duplicates.
                if nodes.count == 1 { single = selected } else { result.formUnion(selected) }
            }
            nodes = single ?? result.sorted()
        }
        return nodes
    }

    /// Keeps the nodes for which the predicate holds; a number predicate compares with the position.
    private mutating func filter(_ nodes: [Int], by predicate: XPathSyntax, reverse: Bool) throws(Abandoned) -> [Int] {
        var kept: [Int] = []
        let ordered = reverse ? nodes.reversed() : nodes
        for (offset, node) in ordered.enumerated() {
            let value = try evaluate(predicate, Context(node: node, position: offset + 1, size: nodes.count))
            let holds: Bool
            if case .number(let number) = value { holds = number == Double(offset + 1) } else { holds = value.boolean }
            if holds { kept.append(node) }
        }
        return reverse ? kept.reversed() : kept
    }

    /// The nodes on an axis, in document order (reverse axes are reversed by the caller).
    private mutating func axis(_ axis: XPathAxis, from index: Int) throws(Abandoned) -> [Int] {
        let node = tree[index]
        switch axis {
        case .child:
            try tick(node.children.count)
            return node.children
        case .attribute:
            return node.attributes.filter { !tree.isNamespaceDeclaration($0) }
        case .self:
            return [index]
        case .parent:
            return node.parent.map { [$0] } ?? []
        case .ancestor, .ancestorOrSelf:
            var result: [Int] = []
            var current = axis == .ancestorOrSelf ? index : node.parent
            while let ancestor = current {
                result.append(ancestor)
                current = tree[ancestor].parent
            }
            return result.reversed()
        case .descendant, .descendantOrSelf:
            if node.kind == .attribute { return axis == .descendantOrSelf ? [index] : [] }
            let end = tree.subtreeEnd(index)
            try tick(end - index)
            let start = axis == .descendantOrSelf ? index : index + 1
            return (start..<end).filter { tree[$0].kind != .attribute }
        case .followingSibling, .precedingSibling:
            guard node.kind != .attribute, let parent = node.parent,
                  let position = tree[parent].children.firstIndex(of: index) else { return [] }
            let siblings = tree[parent].children
            return axis == .followingSibling ? Array(siblings[(position + 1)...]) : Array(siblings[..<position])
        case .following:
            let start = node.kind == .attribute ? index + 1 : tree.subtreeEnd(index)
            try tick(tree.nodes.count - start)
            return (start..<tree.nodes.count).filter { tree[$0].kind != .attribute }
        case .preceding:
            var ancestors = Set<Int>()
            var current = node.parent
            while let ancestor = current {
                ancestors.insert(ancestor)
                current = tree[ancestor].parent
            }
            try tick(index)
            return (0..<index).filter { tree[$0].kind != .attribute && !ancestors.contains($0) }
        }
    }

    private func matches(_ test: XPathNodeTest, _ index: Int, axis: XPathAxis) -> Bool {
        let node = tree[index]
        let principal: XMLTree.Kind = axis == .attribute ? .attribute : .element
        switch test {
        case .node: return true
        case .text: return node.kind == .text
        case .comment: return node.kind == .comment
        case .processingInstruction(let target):
            return node.kind == .processingInstruction && (target == nil || target == node.name.qualified)
        case let .anyName(namespaceURI, prefixed):
            guard node.kind == principal else { return false }
            return !prefixed || node.name.namespaceURI == namespaceURI
        case let .name(namespaceURI, local):
            guard node.kind == principal, node.name.local == local else { return false }
            // Without namespaces, WireMock's document is namespace-unaware: local names match.
            return namespaceAware ? node.name.namespaceURI == namespaceURI : true
        }
    }

    // MARK: Operators

    private mutating func binary(_ op: XPathOperator, _ lhs: XPathSyntax, _ rhs: XPathSyntax, _ context: Context) throws(Abandoned) -> XPathValue {
        switch op {
        case .or, .and:
            let left = try evaluate(lhs, context).boolean
            // Both short-circuit: the right side is evaluated only when it decides.
            if left == (op == .or) { return .boolean(left) }
            return .boolean(try evaluate(rhs, context).boolean)
        case .plus, .minus, .multiply, .div, .mod:
            let a = try evaluate(lhs, context).number(in: tree)
            let b = try evaluate(rhs, context).number(in: tree)
            switch op {
            case .plus: return .number(a + b)
            case .minus: return .number(a - b)
            case .multiply: return .number(a * b)
            case .div: return .number(a / b)
            default: return .number(a.truncatingRemainder(dividingBy: b))
            }
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            let left = try evaluate(lhs, context)
            let right = try evaluate(rhs, context)
            // Node-set against node-set compares every pair: count them against the budget.
            if case .nodes(let a) = left, case .nodes(let b) = right {
                try tick(a.count.multipliedReportingOverflow(by: b.count).overflow ? Self.maxSteps : a.count * b.count)
            }
            return .boolean(compare(left, op, right))
        }
    }

    /// XPath 1.0 comparison (section 3.4), node-sets compared node by node.
    private func compare(_ lhs: XPathValue, _ op: XPathOperator, _ rhs: XPathValue) -> Bool {
        switch (lhs, rhs) {
        case (.nodes, .boolean), (.boolean, .nodes):
            return compareAtoms(.boolean(lhs.boolean), op, .boolean(rhs.boolean))
        case (.nodes(let nodes), _):
            return nodes.contains { compare(.string(tree.stringValue($0)), op, rhs) }
        case (_, .nodes(let nodes)):
            return nodes.contains { compare(lhs, op, .string(tree.stringValue($0))) }
        default:
            return compareAtoms(lhs, op, rhs)
        }
    }

    private func compareAtoms(_ lhs: XPathValue, _ op: XPathOperator, _ rhs: XPathValue) -> Bool {
        switch op {
        case .equal, .notEqual:
            let equal: Bool
            switch (lhs, rhs) {
            case (.boolean, _), (_, .boolean): equal = lhs.boolean == rhs.boolean
            case (.number, _), (_, .number): equal = lhs.number(in: tree) == rhs.number(in: tree)
            default: equal = lhs.string(in: tree) == rhs.string(in: tree)
            }
            return op == .equal ? equal : !equal
        default:
            let a = lhs.number(in: tree)
            let b = rhs.number(in: tree)
            switch op {
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            default: return a >= b
            }
        }
    }

    // MARK: Functions

    private mutating func call(_ function: XPathFunction, _ arguments: [XPathSyntax], _ context: Context) throws(Abandoned) -> XPathValue {
        var values: [XPathValue] = []
        for argument in arguments { values.append(try evaluate(argument, context)) }
        func string(_ index: Int) -> String {
            index < values.count ? values[index].string(in: tree) : tree.stringValue(context.node)
        }
        func number(_ index: Int) -> Double { values[index].number(in: tree) }
        /// The first node of a node-set argument, or the context node without one.
        func firstNode() -> Int? {
            guard let first = values.first else { return context.node }
            if case .nodes(let nodes) = first { return nodes.first }
            return nil
        }
        switch function {
        case .last: return .number(Double(context.size))
        case .position: return .number(Double(context.position))
        case .count:
            if case .nodes(let nodes) = values[0] { return .number(Double(nodes.count)) }
            return .number(.nan)
        case .sum:
            guard case .nodes(let nodes) = values[0] else { return .number(.nan) }
            return .number(nodes.reduce(0) { $0 + XPathValue.number(tree.stringValue($1)) })
        case .localName:
            guard let node = firstNode(), [.element, .attribute, .processingInstruction].contains(tree[node].kind) else { return .string("") }
            return .string(tree[node].name.local)
        case .namespaceURI:
            guard namespaceAware, let node = firstNode(), [.element, .attribute].contains(tree[node].kind) else { return .string("") }
            return .string(tree[node].name.namespaceURI ?? "")
        case .name:
            guard let node = firstNode(), [.element, .attribute, .processingInstruction].contains(tree[node].kind) else { return .string("") }
            return .string(tree[node].name.qualified)
        case .string: return .string(string(0))
        case .concat: return .string(values.map { $0.string(in: tree) }.joined())
        case .startsWith: return .boolean(string(0).hasPrefix(string(1)))
        case .contains: return .boolean(string(1).isEmpty || string(0).contains(string(1)))
        case .substringBefore:
            let (text, separator) = (string(0), string(1))
            guard let range = text.range(of: separator) else { return .string("") }
            return .string(String(text[..<range.lowerBound]))
        case .substringAfter:
            let (text, separator) = (string(0), string(1))
            if separator.isEmpty { return .string(text) }
            guard let range = text.range(of: separator) else { return .string("") }
            return .string(String(text[range.upperBound...]))
        case .substring:
            return .string(Self.substring(string(0), start: number(1), length: values.count > 2 ? number(2) : nil))
        case .stringLength: return .number(Double(string(0).unicodeScalars.count))
        case .normalizeSpace:
            return .string(string(0).split(whereSeparator: { " \t\r\n".contains($0) }).joined(separator: " "))
        case .translate:
            let from = Array(string(1).unicodeScalars)
            let to = Array(string(2).unicodeScalars)
            var result = String.UnicodeScalarView()
            for scalar in string(0).unicodeScalars {
                if let position = from.firstIndex(of: scalar) {
                    if position < to.count { result.append(to[position]) }
                } else {
                    result.append(scalar)
                }
            }
            return .string(String(result))
        case .boolean: return .boolean(values[0].boolean)
        case .not: return .boolean(!values[0].boolean)
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .number: return .number(values.isEmpty ? XPathValue.number(tree.stringValue(context.node)) : number(0))
        case .floor: return .number(number(0).rounded(.down))
        case .ceiling: return .number(number(0).rounded(.up))
        case .round:
            let value = number(0)
            return .number(value.isFinite ? (value + 0.5).rounded(.down) : value)
        }
    }

    /// XPath's `substring()`: characters at positions p with round(start) ≤ p < round(start) + round(length).
    private static func substring(_ text: String, start: Double, length: Double?) -> String {
        func round(_ value: Double) -> Double { value.isFinite ? (value + 0.5).rounded(.down) : value }
        let first = round(start)
        let end = length.map { first + round($0) } ?? .infinity
        var result = String.UnicodeScalarView()
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let position = Double(offset + 1)
            if position >= first, position < end { result.append(scalar) }
        }
        return String(result)
    }
}
