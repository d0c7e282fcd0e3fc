/// A parsed XPath 1.0 expression.
indirect enum XPathSyntax: Sendable {
    case number(Double)
    case literal(String)
    /// An absolute (`/a/b`) or relative (`a/b`) location path.
    case path(absolute: Bool, steps: [XPathStep])
    /// A primary expression with predicates, then an optional relative path:
    /// `(//a)[1]/b`, `count(x)`.
    case filter(XPathSyntax, predicates: [XPathSyntax], steps: [XPathStep])
    case call(XPathFunction, [XPathSyntax])
    case binary(XPathOperator, XPathSyntax, XPathSyntax)
    case negate(XPathSyntax)
    case union(XPathSyntax, XPathSyntax)

    /// Whether the expression yields a node-set rather than a string, number or boolean.
    var yieldsNodes: Bool {
        switch self {
        case .path, .union: true
        case .filter(let primary, _, _): primary.yieldsNodes
        case .number, .literal, .call, .binary, .negate: false
        }
    }
}

/// One step of a location path: `child::a[1]`.
struct XPathStep: Sendable {
    var axis: XPathAxis
    var test: XPathNodeTest
    var predicates: [XPathSyntax]

    /// `//` between steps: `descendant-or-self::node()`.
    static let anyDescendantOrSelf = XPathStep(axis: .descendantOrSelf, test: .node, predicates: [])
}

/// XPath 1.0's axes, without `namespace` (which the subset refuses).
enum XPathAxis: String, Sendable, CaseIterable {
    case child
    case descendant
    case descendantOrSelf = "descendant-or-self"
    case parent
    case ancestor
    case ancestorOrSelf = "ancestor-or-self"
    case followingSibling = "following-sibling"
    case precedingSibling = "preceding-sibling"
    case following
    case preceding
    case attribute
    case `self`

    /// Whether proximity positions count backwards from the context node.
    var isReverse: Bool {
        switch self {
        case .ancestor, .ancestorOrSelf, .preceding, .precedingSibling: true
        default: false
        }
    }
}

/// What a step keeps of the nodes on its axis.
enum XPathNodeTest: Sendable {
    /// A name (`a`, `p:a`); `namespaceURI` is the URI the prefix maps to.
    case name(namespaceURI: String?, local: String)
    /// `*` or `p:*`.
    case anyName(namespaceURI: String?, prefixed: Bool)
    case text
    case node
    case comment
    case processingInstruction(String?)
}

/// Binary operators, `or` to `mod`.
enum XPathOperator: String, Sendable {
    case or, and
    case equal = "=", notEqual = "!="
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case plus = "+", minus = "-", multiply = "*", div, mod
}
