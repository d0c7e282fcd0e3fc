/// A query: `$` or `@` followed by segments, optionally ending in a Jayway function such as `.length()`.
struct JSONPathQuery: Sendable, Hashable {
    /// Whether the query starts at the current node `@` (inside a filter) rather than at the root `$`.
    var isRelative: Bool
    /// The segments, applied in order.
    var segments: [JSONPathSegment]
    /// A Jayway function applied to the query's result, such as `.length()`.
    var trailingFunction: JSONPathTrailingFunction?

    /// Whether the segments select at most one node (only single names and indexes).
    var isSingular: Bool { segments.allSatisfy(\.isSingular) }
}
