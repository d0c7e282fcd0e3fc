/// One step of a JSONPath query: a child segment (`.name`, `[0, 2]`) or a descendant segment (`..name`, `..[0]`).
struct JSONPathSegment: Sendable, Hashable {
    /// Whether the selectors apply to the input node and all its descendants (`..`), not only to the input node.
    var isDescendant: Bool
    /// The selectors, applied in order; their results are concatenated.
    var selectors: [JSONPathSelector]

    /// Whether the segment selects at most one node: a single name or index, not descendant.
    var isSingular: Bool {
        guard !isDescendant, selectors.count == 1 else { return false }
        switch selectors[0] {
        case .name, .index: return true
        case .wildcard, .slice, .filter: return false
        }
    }
}
