/// The logical expression of a filter selector `[?expr]`.
indirect enum JSONPathFilter: Sendable, Hashable {
    /// `a || b || ...`
    case or([JSONPathFilter])
    /// `a && b && ...`
    case and([JSONPathFilter])
    /// `!a`
    case not(JSONPathFilter)
    /// `@.isbn`: the query selects at least one node (with a trailing function: it yields a value).
    case exists(JSONPathQuery)
    /// `match(@.a, 'x')`, `search(...)`: a function whose result is true or false.
    case test(JSONPathFunctionCall)
    /// `left op right`, for example `@.price < 10` or `@.size in ['S', 'M']`.
    case comparison(JSONPathOperand, JSONPathComparisonOperator, JSONPathOperand)
    /// Jayway `@.name =~ /pattern/i`: the whole string matches.
    case regex(JSONPathOperand, JSONPathRegex)
    /// Jayway `@.tags empty true`: the string, array or object is empty (`true`) or not (`false`).
    case empty(JSONPathOperand, Bool)
}
