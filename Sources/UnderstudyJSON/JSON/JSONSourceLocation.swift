/// A position in a JSON text: 1-based line and 1-based column (in Unicode scalars, like
/// `JSONParseError`).
public struct JSONSourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, counted in Unicode scalars from the start of the line.
    public let column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line 12, column 5`.
    public var description: String { "line \(line), column \(column)" }
}
