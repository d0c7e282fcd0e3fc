/// How one constrained field of a ``RequestPattern`` compares with a request: a line of a
/// near-miss report.
public struct FieldComparison: Sendable, Hashable {
    /// The field, for example `method`, `urlPath`, `header Accept`, `query page`, `body`.
    public let field: String
    /// What the pattern wants, for example `contains "json"`.
    public let expected: String
    /// What the request had, for example `"text/html"` or `(absent)`.
    public let actual: String
    /// The graded result.
    public let result: MatchResult
    /// How much this field counts towards the request's distance (WireMock's weights).
    public let weight: Double

    package init(field: String, expected: String, actual: String, result: MatchResult, weight: Double) {
        self.field = field
        self.expected = expected
        self.actual = actual
        self.result = result
        self.weight = weight
    }
}

extension FieldComparison {
    /// The field's line in a report: `  ✓ method: GET` or
    /// `  ✗ urlPath: expected "/users/42", got "/users/43"`.
    package var reportLine: String {
        result.isExactMatch ? "  ✓ \(field): \(actual)" : "  ✗ \(field): expected \(expected), got \(actual)"
    }
}
