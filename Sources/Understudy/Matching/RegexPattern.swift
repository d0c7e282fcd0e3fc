import Foundation
import UnderstudySupport

/// A regular expression that must match a whole value (WireMock's `matches`), compiled once.
///
/// An invalid expression does not crash: it is kept with its error, never matches, and
/// ``RequestPattern/validate()`` and the JSON decoder report it.
public struct RegexPattern: Sendable, Hashable, CustomStringConvertible {
    /// Everything in one immutable box: a pattern is copied out of its stub each time a request
    /// is checked against it, and copying one reference costs one retain where copying the
    /// fields (a string, the compiled expression, the shortcut's three arrays, the error) cost
    /// a retain and a release each, about as much as matching a short path.
    private final class Storage: Sendable {
        let source: String
        let compiled: BoundedRegex?
        let shortcut: Shortcut?
        let compileError: String?

        init(source: String, compiled: BoundedRegex?, shortcut: Shortcut?, compileError: String?) {
            self.source = source
            self.compiled = compiled
            self.shortcut = shortcut
            self.compileError = compileError
        }
    }

    private let storage: Storage

    /// How the expression is matched without ICU: `.*` and `.+` match every value, or every
    /// non-empty one (`.` matches line breaks too; the catch-all of a message stub runs on
    /// every message), and a plain expression such as `/users/[0-9]+` is matched by
    /// ``SimpleRegex``, which is neither compiled by ICU nor run by it.
    private enum Shortcut {
        case anything, nonEmpty
        case simple(SimpleRegex)
    }

    /// The expression as written (ICU syntax, close to Java's).
    public var source: String { storage.source }
    /// Why the expression could not be compiled, or `nil` when it is valid.
    public var compileError: String? { storage.compileError }
    private var compiled: BoundedRegex? { storage.compiled }
    private var shortcut: Shortcut? { storage.shortcut }

    /// Compiles a full-match regular expression (`.` matches line breaks too).
    ///
    /// Expressions over 10 000 characters or nesting groups deeper than 64 are refused, and a
    /// match that backtracks for too long (such as `(a+)+b` on a long `aaa…c`) is abandoned
    /// and counts as a miss, for `doesNotMatch` too: see ``matches(_:)``.
    public init(_ source: String) {
        if source.utf16.count <= BoundedRegex.maxPatternLength, let simple = SimpleRegex(source) {
            let shortcut: Shortcut = switch source {
            case ".*": .anything
            case ".+": .nonEmpty
            default: .simple(simple)
            }
            storage = Storage(source: source, compiled: nil, shortcut: shortcut, compileError: nil)
            return
        }
        do {
            // Whole-value, so that `abc` does not match `xabcx`, as Java's `matches()` does.
            let compiled = try BoundedRegex(source, options: [.dotMatchesLineSeparators], wholeValue: true)
            storage = Storage(source: source, compiled: compiled, shortcut: nil, compileError: nil)
        } catch {
            storage = Storage(source: source, compiled: nil, shortcut: nil, compileError: "invalid regular expression /\(source)/: \(error)")
        }
    }

    /// Whether the whole value matches.
    public func matches(_ value: String) -> Bool {
        outcome(value) == .matched
    }

    /// Whether the whole value matches, given that it starts with the characters of the
    /// expression's first atoms when `proof` says so (the route index found it by that text).
    func matches(_ value: String, given proof: IndexProof) -> Bool {
        if case .regexStartMatches(let count) = proof, case .simple(let simple) = shortcut {
            return simple.matches(value, skippingLeading: count)
        }
        return matches(value)
    }

    /// How many of the expression's first atoms a value starting with `prefix` is sure to
    /// match: the leading atoms that each match one given character once, as far as their
    /// characters are `prefix`'s. 0 when ICU matches the expression.
    func leadingCharactersMatched(byPrefix prefix: String) -> Int {
        guard case .simple(let simple) = shortcut else { return 0 }
        return zip(simple.leadingCharacters, prefix.unicodeScalars).prefix { $0 == $1 }.count
    }

    /// Whether the whole value matches, does not, or matching was abandoned because the
    /// expression backtracked past its step budget (catastrophic backtracking).
    package func outcome(_ value: String) -> RegexOutcome {
        switch shortcut {
        case .anything: return .matched
        case .nonEmpty: return value.isEmpty ? .noMatch : .matched
        case .simple(let simple): return simple.matches(value) ? .matched : .noMatch
        case nil: break
        }
        guard let compiled else { return .noMatch }
        switch compiled.firstMatch(in: value, anchored: true, capturing: false) {
        case .matched: return .matched
        case .noMatch: return .noMatch
        case .gaveUp: return .gaveUp
        }
    }

    public var description: String { "/\(source)/" }

    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// What matching a ``RegexPattern`` against a value found.
package enum RegexOutcome: Sendable, Hashable {
    /// The whole value matches.
    case matched
    /// The value does not match.
    case noMatch
    /// Matching was abandoned after its step budget: the expression backtracks
    /// catastrophically on this value (nested quantifiers such as `(a+)+`). Rewrite it with a
    /// possessive quantifier (`a++`) or an atomic group (`(?>a+)`). Counts as a miss.
    case gaveUp
}
