/// A JSONPath expression that cannot be compiled, with the offset where the problem was found.
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 0-based offset of the problem, counted in Unicode scalars (characters for ASCII text).
    public let offset: Int
    /// What was expected and what was found, for example `expected ']' to close the bracket selector, found end of expression`.
    public let message: String

    /// Creates an error at `offset` with `message`.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// The message prefixed by its offset: `at offset 7: expected ...`.
    public var description: String { "at offset \(offset): \(message)" }
}
