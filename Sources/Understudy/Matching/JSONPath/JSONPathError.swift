/// A JSONPath expression that cannot be parsed, with the offset where parsing stopped.
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 0-based character offset of the problem.
    public let offset: Int
    /// What was expected and found.
    public let message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "at offset \(offset): \(message)" }
}
