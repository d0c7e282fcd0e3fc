import Foundation

/// A body rule's path (`$.items[*].id`, `$['odd key']`) and Pact's choice among the rules that
/// apply to one value: rules cascade from a value to everything under it, and of those whose
/// path leads to the value, the one with the largest weight wins (the root 2, a name or index
/// that matches 2, a `*` 1; Pact specification v3, "Matcher selection algorithm").
struct PactRulePath: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case key(String)
        case index(Int)
        case star
    }

    let segments: [Segment]

    init(segments: [Segment]) { self.segments = segments }

    /// Parses a rule's path; `nil` for one that is not Pact's path syntax.
    init?(_ text: String) {
        guard text.hasPrefix("$") else { return nil }
        var segments: [Segment] = []
        var rest = Substring(text.dropFirst())
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                segments.append(name == "*" ? .star : .key(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                var inside = rest[rest.index(after: rest.startIndex)..<close]
                if inside == "*" {
                    segments.append(.star)
                } else if let index = Int(inside) {
                    segments.append(.index(index))
                } else if inside.count >= 2, inside.first == "'" || inside.first == "\"", inside.last == inside.first {
                    inside = inside.dropFirst().dropLast()
                    segments.append(.key(String(inside).replacingOccurrences(of: "\\'", with: "'")))
                } else {
                    return nil
                }
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        self.segments = segments
    }

    /// The path's weight for the value at `value` (a path of keys and indices): 0 when it does
    /// not lead there.
    func weight(for value: [Segment]) -> Int {
        guard segments.count <= value.count else { return 0 }
        var weight = 2
        for (rule, actual) in zip(segments, value) {
            switch (rule, actual) {
            case (.star, _): weight *= 1
            case let (.key(a), .key(b)) where a == b: weight *= 2
            case let (.index(a), .index(b)) where a == b: weight *= 2
            default: return 0
            }
        }
        return weight
    }
}
