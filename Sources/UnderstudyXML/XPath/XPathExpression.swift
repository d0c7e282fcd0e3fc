import Foundation

/// A compiled XPath 1.0 expression of the subset Understudy evaluates (see
/// <doc:WireMockCompatibility>): location paths with every axis but `namespace`, name, `*`,
/// `text()`, `node()`, `comment()` and `processing-instruction()` tests, predicates, the
/// operators, and the core functions except `id()` and `lang()`. Variables are refused.
///
/// Without `namespaces`, names match by local name whatever their prefix, as WireMock's
/// namespace-unaware document does (`/thing` finds `<t:thing>`), and a prefix in the
/// expression is an error. With `namespaces` (WireMock's `xPathNamespaces`), a prefixed name
/// matches by namespace URI and an unprefixed one only elements in no namespace (XPath 1.0).
package struct XPathExpression: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    package let source: String
    /// Prefix → namespace URI, or `nil` for namespace-unaware matching.
    package let namespaces: [String: String]?
    let syntax: XPathSyntax

    /// Compiles `source`; throws an ``XPathError`` naming a syntax error, an undeclared prefix or
    /// an unsupported construct.
    package init(_ source: String, namespaces: [String: String]? = nil) throws(XPathError) {
        self.source = source
        let namespaces = namespaces.flatMap { $0.isEmpty ? nil : $0 }
        self.namespaces = namespaces
        syntax = try XPathParser.parse(source, namespaces: namespaces)
    }

    package var description: String { source }

    /// Whether the expression yields a node-set rather than a string, number or boolean.
    package var yieldsNodes: Bool { syntax.yieldsNodes }

    package static func == (lhs: XPathExpression, rhs: XPathExpression) -> Bool {
        lhs.source == rhs.source && lhs.namespaces == rhs.namespaces
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(namespaces)
    }

    /// Evaluates the expression with the document node as context; `nil` when the evaluation
    /// ran past its step budget.
    package func evaluate(_ tree: XMLTree) -> XPathValue? {
        var evaluator = XPathEvaluator(tree: tree, namespaceAware: namespaces != nil)
        return try? evaluator.evaluate(syntax)
    }

    /// What the expression selects, rendered as WireMock renders XPath results: each node as
    /// its text (text and attributes) or its XML (elements), a number with up to three
    /// decimals and grouping (`1,234.5`), a boolean as `true`/`false`, a string as itself.
    /// Empty when nothing is selected; `nil` when evaluation was abandoned.
    package func renderedResults(_ tree: XMLTree) -> [String]? {
        guard let value = evaluate(tree) else { return nil }
        switch value {
        case .nodes(let nodes): return nodes.map { tree.renderedValue($0) }
        case .string(let text): return [text]
        case .boolean(let flag): return [flag ? "true" : "false"]
        case .number(let number): return [Self.javaNumberFormat(number)]
        }
    }

    /// Java's `NumberFormat.getInstance()` in an English locale: grouping, at most three
    /// fraction digits rounded half-even.
    package static func javaNumberFormat(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        let scaled = (abs(value) * 1000).rounded(.toNearestOrEven)
        let integer = (scaled / 1000).rounded(.down)
        let fraction = Int(scaled - integer * 1000)
        var digits = String(format: "%.0f", integer)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + String(digits.suffix(3)) + grouped
            digits.removeLast(3)
        }
        grouped = digits + grouped
        var fractionText = fraction == 0 ? "" : String(String(format: "%03d", fraction).reversed().drop { $0 == "0" }.reversed())
        if !fractionText.isEmpty { fractionText = "." + fractionText }
        let negative = value < 0 && (integer != 0 || fraction != 0)
        return (negative ? "-" : "") + grouped + fractionText
    }
}
