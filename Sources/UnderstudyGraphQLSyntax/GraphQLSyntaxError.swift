/// A GraphQL query that cannot be parsed: where (line and column in the query text, both
/// counted from 1), what is wrong there, and how to fix it.
///
/// ```swift
/// let pattern = GraphQLPattern(query: "{ hero { name }")
/// #expect(pattern.syntaxError?.description == "GraphQL syntax error at 1:16: expected `}` to close the selection set opened at 1:1, found the end of the query; add the missing `}`")
/// ```
public struct GraphQLSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line of the problem in the query text, from 1.
    public let line: Int
    /// The column of the problem in its line, from 1 (counted in Unicode scalars).
    public let column: Int
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates an error at a position of the query text.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `GraphQL syntax error at LINE:COLUMN: MESSAGE`.
    public var description: String { "GraphQL syntax error at \(line):\(column): \(message)" }
}
