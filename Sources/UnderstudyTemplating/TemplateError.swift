/// A template that cannot be parsed or rendered, with the line and column (1-based) of the
/// tag at fault.
package struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line of the tag, from 1.
    package let line: Int
    /// The column of the tag, from 1.
    package let column: Int
    /// What is wrong and, where it helps, how to fix it.
    package let message: String

    package var description: String { "line \(line), column \(column): \(message)" }
}
