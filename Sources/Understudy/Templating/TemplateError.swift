/// A template that cannot be parsed or rendered, with the line and column (1-based) of the
/// tag at fault.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line of the tag, from 1.
    public let line: Int
    /// The column of the tag, from 1.
    public let column: Int
    /// What is wrong and, where it helps, how to fix it.
    public let message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}
