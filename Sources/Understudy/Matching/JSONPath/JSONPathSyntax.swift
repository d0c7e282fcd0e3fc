/// The parsed form of a JSONPath expression (RFC 9535 with the Jayway forms WireMock users write).
enum JSONPathSyntax {
    /// One step: `.name`, `[0,1]`, `..name`.
    struct Segment: Sendable, Hashable {
        var descendant: Bool
        var selectors: [Selector]
    }

    enum Selector: Sendable, Hashable {
        case name(String)
        case wildcard
        case index(Int)
        case slice(start: Int?, end: Int?, step: Int?)
        case filter(Filter)
    }

    /// A path inside a filter: `@.price` (relative) or `$.limit` (absolute).
    struct Query: Sendable, Hashable {
        var relative: Bool
        var segments: [Segment]

        /// Whether the query selects at most one node.
        var isSingular: Bool {
            segments.allSatisfy { segment in
                !segment.descendant && segment.selectors.count == 1 && {
                    switch segment.selectors[0] {
                    case .name, .index: true
                    default: false
                    }
                }()
            }
        }
    }

    indirect enum Operand: Sendable, Hashable {
        case literal(JSONValue)
        case query(Query)
        case function(String, [Operand])
        case array([Operand])
    }

    enum ComparisonOperator: String, Sendable, Hashable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case `in`, nin
    }

    indirect enum Filter: Sendable, Hashable {
        case or(Filter, Filter)
        case and(Filter, Filter)
        case not(Filter)
        case exists(Operand)
        case comparison(Operand, ComparisonOperator, Operand)
        case regex(Operand, RegexPattern)
        case empty(Operand, Bool)
    }
}
