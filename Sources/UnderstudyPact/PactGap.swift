/// A stub's pattern that a Pact contract cannot carry: Pact has no rule that means the same
/// (`doesNotMatch`, a date-time comparison, a cookie), so the contract holds the request as
/// sent and compares that part by its example, or not at all. A contract lists each one,
/// rather than dropping it silently.
public struct PactGap: Sendable, Hashable, CustomStringConvertible {
    /// The description of the interaction whose stub holds the pattern.
    public let interaction: String
    /// Where the pattern applies: `header X-Trace`, `query page`, `body`, `path`, `cookie session`.
    public let field: String
    /// The pattern as WireMock JSON text, such as `{"doesNotMatch":"^test-.*"}`.
    public let pattern: String
    /// Why Pact cannot say it, and what the contract holds instead.
    public let reason: String

    /// Creates a gap.
    public init(interaction: String, field: String, pattern: String, reason: String) {
        (self.interaction, self.field, self.pattern, self.reason) = (interaction, field, pattern, reason)
    }

    /// `"Get user": header X-Trace {"doesNotMatch":"^test-.*"}: Pact has no negative rule; …`
    public var description: String { "\"\(interaction)\": \(field) \(pattern): \(reason)" }

    /// The gap as an entry of the contract's `metadata.understudy.patternsWithoutPactEquivalent`.
    var json: JSONValue {
        ["interaction": .string(interaction), "field": .string(field), "pattern": .string(pattern), "reason": .string(reason)]
    }
}
