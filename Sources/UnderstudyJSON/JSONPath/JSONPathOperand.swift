/// A value inside a filter: a literal, a query, a function result or a Jayway array literal.
indirect enum JSONPathOperand: Sendable, Hashable {
    /// `10`, `'text'`, `true`, `null`.
    case literal(JSONValue)
    /// `@.price`, `$.limit`: a singular query yields its node (or nothing), any other query the array of its nodes.
    case query(JSONPathQuery)
    /// `length(@.title)`, `value(@..price)`.
    case function(JSONPathFunctionCall)
    /// Jayway `['S', 'M']`, the right-hand side of `in` and `nin`.
    case list([JSONPathOperand])
}
