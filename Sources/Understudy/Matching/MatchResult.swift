/// The graded outcome of comparing one value with one pattern.
///
/// `distance` is 0 for an exact match and grows towards 1 as the value gets further
/// from what the pattern wants; near-miss reports rank candidates by it.
public struct MatchResult: Sendable, Hashable, CustomStringConvertible {
    /// Whether the value satisfies the pattern.
    public let isExactMatch: Bool
    /// How far the value is from satisfying the pattern, in 0...1.
    public let distance: Double

    /// A perfect match.
    public static let exactMatch = MatchResult(isExactMatch: true, distance: 0)
    /// A value as far from the pattern as it can be.
    public static let noMatch = MatchResult(isExactMatch: false, distance: 1)

    /// A miss at the given distance (clamped to 0...1). A miss is never at distance 0:
    /// the smallest distance of a miss is a tiny positive number so it still ranks below hits.
    public static func partialMatch(distance: Double) -> MatchResult {
        let clamped = distance.isNaN ? 1 : min(max(distance, 0.000_001), 1)
        return MatchResult(isExactMatch: false, distance: clamped)
    }

    /// `exactMatch` when the condition holds, otherwise `noMatch`.
    public static func of(_ condition: Bool) -> MatchResult { condition ? .exactMatch : .noMatch }

    private init(isExactMatch: Bool, distance: Double) {
        self.isExactMatch = isExactMatch
        self.distance = distance
    }

    /// Combines several results: exact only when all are exact; the distance is the
    /// weighted mean of the parts (WireMock's weighted aggregation).
    public static func aggregate(_ parts: [(result: MatchResult, weight: Double)]) -> MatchResult {
        guard !parts.isEmpty else { return .exactMatch }
        if parts.allSatisfy(\.result.isExactMatch) { return .exactMatch }
        let totalWeight = parts.reduce(0) { $0 + $1.weight }
        let weighted = parts.reduce(0) { $0 + $1.result.distance * $1.weight }
        return .partialMatch(distance: totalWeight > 0 ? weighted / totalWeight : 1)
    }

    /// Combines equally weighted results.
    public static func aggregate(_ parts: [MatchResult]) -> MatchResult {
        aggregate(parts.map { ($0, 1) })
    }

    public var description: String {
        isExactMatch ? "exact match" : "distance \(distance)"
    }
}
