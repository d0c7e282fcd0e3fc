/// A compiled JSONPath expression: RFC 9535 plus the Jayway forms WireMock stubs use
/// (`[?(@.a > 1)]`, `=~ /regex/i`, `in`/`nin`, `empty`, `.length()` at the end of a path).
///
/// ```swift
/// let cheap = try JSONPath("$.store.book[?(@.price < 10)].title")
/// let titles = cheap.evaluate(document)
/// ```
///
/// Where the two disagree, Jayway's spelling gets Jayway's meaning: `[?(...)]` applied to an
/// object tests the object itself (`$.things[?(@.name == 'x')]` matches `{"things": {"name": "x"}}`),
/// while RFC 9535's `[?...]` tests the object's member values.
///
/// Two paths are equal when their expressions are spelled the same.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let expression: String
    let query: JSONPathQuery

    /// Compiles `expression`; throws naming the offset and what was expected there.
    ///
    /// Expressions longer than 10 000 characters or nested deeper than 64 levels are refused.
    public init(_ expression: String) throws(JSONPathError) {
        var parser = JSONPathParser(expression)
        self.query = try parser.parse()
        self.expression = expression
    }

    /// The values selected, in document order (RFC 9535 nodelist).
    ///
    /// With a trailing function such as `.length()`, the function's single result (or nothing
    /// when it does not apply); its input is the selected value for a definite path, otherwise
    /// the array of selected values, as in Jayway.
    public func evaluate(_ root: JSONValue) -> [JSONValue] {
        let evaluator = JSONPathEvaluator(root: root)
        guard query.trailingFunction != nil else { return evaluator.nodes(of: query, current: root) }
        return evaluator.value(of: query, current: root).map { [$0] } ?? []
    }

    /// True when the path has only name/index segments (selects at most one node), Jayway's
    /// "definite" path; also true for a path ending in a function, which gives one value.
    public var isDefinite: Bool { query.isSingular || query.trailingFunction != nil }

    /// The expression as written.
    public var description: String { expression }

    /// Paths are equal when their expressions are spelled the same.
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool { lhs.expression == rhs.expression }

    /// Hashes the expression, agreeing with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(expression) }
}
