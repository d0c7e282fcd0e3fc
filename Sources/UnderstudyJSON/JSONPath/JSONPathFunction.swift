/// The RFC 9535 function extensions usable inside filters (section 2.4).
enum JSONPathFunction: String, Sendable, Hashable, CaseIterable {
    /// `length(value)`: characters of a string, elements of an array, members of an object.
    case length
    /// `count(query)`: how many nodes the query selects.
    case count
    /// `match(string, regex)`: the whole string matches the regular expression.
    case match
    /// `search(string, regex)`: some part of the string matches the regular expression.
    case search
    /// `value(query)`: the value of the query's only node, or nothing.
    case value

    /// How many arguments the function takes.
    var arity: Int {
        switch self {
        case .match, .search: 2
        case .length, .count, .value: 1
        }
    }

    /// Whether the result is true or false (usable as a test), rather than a value (usable in comparisons).
    var returnsLogical: Bool { self == .match || self == .search }

    /// Whether the (first) argument must be a query, whose nodes the function reads.
    var takesQuery: Bool { self == .count || self == .value }

    /// The RFC 9535 length of a value: Unicode scalars of a string, elements of an array,
    /// members of an object; nothing for other values.
    static func length(of value: JSONValue) -> Int? {
        switch value {
        case .string(let text): text.unicodeScalars.count
        case .array(let items): items.count
        case .object(let object): object.count
        case .null, .bool, .number: nil
        }
    }
}

/// A call of a filter function with its arguments.
struct JSONPathFunctionCall: Sendable, Hashable {
    /// The function called.
    var function: JSONPathFunction
    /// The arguments, as many as the function's arity.
    var arguments: [JSONPathOperand]
    /// For `match`/`search` with a literal pattern: the pattern compiled once, at parse time.
    var compiledPattern: JSONPathRegex?
}
