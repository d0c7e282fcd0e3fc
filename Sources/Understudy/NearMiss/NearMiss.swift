import Foundation

/// A stub and a request that almost matched, with the field-by-field comparison.
public struct NearMiss: Sendable {
    /// The stub (for a request's near misses) or `nil` (for a pattern's near misses).
    public let stub: StubMapping?
    /// The request that was compared.
    public let request: RecordedRequest
    /// The pattern the request was compared with.
    public let pattern: RequestPattern
    /// The overall graded result.
    public let result: MatchResult
    /// Every constrained field, in a fixed order, including the scenario state when the stub needs one.
    public let comparisons: [FieldComparison]

    /// The distance, in 0...1.
    public var distance: Double { result.distance }
}

extension NearMiss {
    /// The comparison block of a report:
    /// ```
    ///   ✓ method: GET
    ///   ✗ urlPath: expected "/users/42", got "/users/43"
    /// ```
    var comparisonLines: [String] { comparisons.map(\.reportLine) }

    /// The distance with two decimals, as reports print it.
    var distanceText: String { String(format: "%.2f", distance) }
}
