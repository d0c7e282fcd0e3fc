/// A compiled JSONPath expression (RFC 9535, plus the Jayway forms WireMock stubs use:
/// `[?(@.a > 1)]`, `=~ /regex/i`, `in`/`nin`, `empty`, `.length()`), evaluated by our own engine.
///
/// ```swift
/// let cheap = try JSONPath("$.store.book[?(@.price < 10)].title")
/// let titles = cheap.evaluate(document)
/// ```
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let expression: String
    private let segments: [JSONPathSyntax.Segment]
    private let function: String?

    /// Parses an expression; throws naming the offset and what was expected.
    public init(_ expression: String) throws(JSONPathError) {
        var parser = JSONPathParser(expression)
        (segments, function) = try parser.parse()
        self.expression = expression
    }

    /// The selected values in document order (RFC 9535's nodelist); with a trailing
    /// `.length()`/`.size()`, the length of the single selected value.
    public func evaluate(_ root: JSONValue) -> [JSONValue] {
        let nodes = JSONPathEvaluator(root: root).select(segments, from: [root])
        guard function != nil else { return nodes }
        let target: JSONValue? = nodes.count == 1 ? nodes[0] : (nodes.isEmpty ? nil : .array(nodes))
        return target.flatMap(JSONPathEvaluator.length).map { [$0] } ?? []
    }

    /// Whether the path selects at most one node (only names and indexes): Jayway's
    /// "definite" path.
    public var isDefinite: Bool {
        function != nil || JSONPathSyntax.Query(relative: false, segments: segments).isSingular
    }

    public var description: String { expression }

    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool { lhs.expression == rhs.expression }
    public func hash(into hasher: inout Hasher) { hasher.combine(expression) }
}
