/// An XPath expression that cannot be compiled: a syntax error, a prefix with no namespace,
/// or a construct outside Understudy's XPath 1.0 subset.
public struct XPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let expression: String
    /// The character offset the problem was found at, from 0.
    public let offset: Int
    /// What is wrong and, where it helps, how to fix it.
    public let message: String

    public var description: String { "\(message) (at character \(offset + 1) of \"\(expression)\")" }
}
