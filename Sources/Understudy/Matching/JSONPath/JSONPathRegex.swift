import Foundation

/// A regular expression used by a filter (`=~ /x/i`, `match()`, `search()`), compiled once
/// with `NSRegularExpression` (ICU syntax, close to Java's and to RFC 9485 I-Regexp).
struct JSONPathRegex: Sendable, Hashable {
    /// The pattern as written.
    let pattern: String
    /// The Jayway flags as written (`i`, `m`, `s`, `x`).
    let flags: String
    private let storage: Storage

    /// The flags Jayway regex literals accept, and what they switch on.
    static let supportedFlags: [Character: NSRegularExpression.Options] = [
        "i": .caseInsensitive, "m": .anchorsMatchLines, "s": .dotMatchesLineSeparators, "x": .allowCommentsAndWhitespace,
    ]

    /// Compiles `pattern`; `nil` when it is not a valid regular expression or a flag is unknown.
    init?(pattern: String, flags: String = "") {
        var options: NSRegularExpression.Options = []
        for flag in flags {
            guard let option = Self.supportedFlags[flag] else { return nil }
            options.insert(option)
        }
        // With `x`, a `#` comment runs to the end of the line: end it before closing the group.
        let anchoredPattern = "\\A(?:" + pattern + (options.contains(.allowCommentsAndWhitespace) ? "\n" : "") + ")\\z"
        guard let compiled = try? NSRegularExpression(pattern: pattern, options: options),
              let anchored = try? NSRegularExpression(pattern: anchoredPattern, options: options)
        else { return nil }
        self.pattern = pattern
        self.flags = flags
        self.storage = Storage(regex: compiled, anchored: anchored)
    }

    /// Whether the whole string matches (Java's `matches()`, RFC 9535 `match()`).
    func matchesWhole(_ text: String) -> Bool {
        storage.anchored.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether some part of the string matches (RFC 9535 `search()`).
    func matchesSomewhere(_ text: String) -> Bool {
        storage.regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static func == (lhs: JSONPathRegex, rhs: JSONPathRegex) -> Bool { lhs.pattern == rhs.pattern && lhs.flags == rhs.flags }
    func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(flags)
    }

    /// Holds the compiled expressions.
    ///
    /// `@unchecked Sendable` is safe: both properties are `let` and never mutated after
    /// initialisation, and `NSRegularExpression` instances are immutable and documented as
    /// safe to use from several threads at once.
    private final class Storage: @unchecked Sendable {
        let regex: NSRegularExpression
        /// The same expression wrapped in `\A(?:...)\z`, for whole-string matches.
        let anchored: NSRegularExpression
        init(regex: NSRegularExpression, anchored: NSRegularExpression) {
            self.regex = regex
            self.anchored = anchored
        }
    }
}
