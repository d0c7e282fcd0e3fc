/// An XPath expression that cannot be compiled: a syntax error, a prefix with no namespace,
/// or a construct outside Understudy's XPath 1.0 subset.
package struct XPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    package let expression: String
    /// The character offset the problem was found at, from 0.
    package let offset: Int
    /// What is wrong and, where it helps, how to fix it.
    package let message: String

    package var description: String { "\(message) (at character \(offset + 1) of \"\(expression)\")" }
}
