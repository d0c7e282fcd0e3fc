import Foundation

/// A regular expression that must match a whole value (WireMock's `matches`), compiled once.
///
/// An invalid expression does not crash: it is kept with its error, never matches, and
/// ``RequestPattern/validate()`` and the JSON decoder report it.
public struct RegexPattern: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written (ICU syntax, close to Java's).
    public let source: String
    private let compiled: CompiledRegex?
    /// Why the expression could not be compiled, or `nil` when it is valid.
    public let compileError: String?

    /// Compiles a full-match regular expression.
    public init(_ source: String) {
        self.source = source
        do {
            // Anchored so that `abc` does not match `xabcx`, as Java's `matches()` does.
            compiled = CompiledRegex(try NSRegularExpression(pattern: "^(?:\(source))$", options: [.dotMatchesLineSeparators]))
            compileError = nil
        } catch {
            compiled = nil
            compileError = "invalid regular expression /\(source)/: the pattern is not valid ICU regular expression syntax; escape special characters such as ( [ { with a backslash"
        }
    }

    /// Whether the whole value matches.
    public func matches(_ value: String) -> Bool {
        guard let regex = compiled?.regex else { return false }
        let range = NSRange(value.startIndex..., in: value)
        return regex.firstMatch(in: value, options: [.anchored], range: range) != nil
    }

    public var description: String { "/\(source)/" }

    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// Holds a compiled `NSRegularExpression`.
///
/// `@unchecked Sendable` is safe: the wrapped expression is never mutated after
/// initialisation, and `NSRegularExpression` is documented as immutable and safe to use
/// from several threads at once ("NSRegularExpression ... is thread safe", Foundation docs).
private final class CompiledRegex: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }
}
