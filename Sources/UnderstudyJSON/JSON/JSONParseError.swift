/// Why a JSON text could not be parsed, and where.
///
/// `line` and `column` are 1-based. The column counts Unicode scalars (code points) from the
/// start of the line, so for ASCII text it is the byte offset in the line plus one; a tab counts
/// as one column and a leading UTF-8 byte order mark is not counted. Lines end at `\n`, `\r\n`
/// or a lone `\r`.
///
/// ```
/// line 3, column 14: expected ',' or '}' after object member, found '"'
/// ```
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, in Unicode scalars.
    public let column: Int
    /// What is wrong, with a hint at the fix where one is obvious.
    public let message: String

    /// Creates an error at a position.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 3, column 14: <message>`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
