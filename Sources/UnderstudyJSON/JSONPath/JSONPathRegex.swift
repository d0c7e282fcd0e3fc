import Foundation
import UnderstudySupport

/// A regular expression used by a filter (`=~ /x/i`, `match()`, `search()`), compiled once
/// with `NSRegularExpression` (ICU syntax, close to Java's and to RFC 9485 I-Regexp).
struct JSONPathRegex: Sendable, Hashable {
    /// The pattern as written.
    let pattern: String
    /// The Jayway flags as written (`i`, `m`, `s`, `x`).
    let flags: String
    private let regex: BoundedRegex
    /// The same expression for whole-string matches.
    private let anchored: BoundedRegex

    /// The flags Jayway regex literals accept, and what they switch on.
    static let supportedFlags: [Character: NSRegularExpression.Options] = [
        "i": .caseInsensitive, "m": .anchorsMatchLines, "s": .dotMatchesLineSeparators, "x": .allowCommentsAndWhitespace,
    ]

    /// Compiles `pattern`; `nil` when it is not a valid regular expression, is over
    /// `BoundedRegex`'s size limits, or a flag is unknown.
    init?(pattern: String, flags: String = "") {
        var options: NSRegularExpression.Options = []
        for flag in flags {
            guard let option = Self.supportedFlags[flag] else { return nil }
            options.insert(option)
        }
        guard let compiled = try? BoundedRegex(pattern, options: options),
              let anchored = try? BoundedRegex(pattern, options: options, wholeValue: true)
        else { return nil }
        self.pattern = pattern
        self.flags = flags
        self.regex = compiled
        self.anchored = anchored
    }

    /// Whether the whole string matches (Java's `matches()`, RFC 9535 `match()`); a match
    /// abandoned after its step budget counts as no match.
    func matchesWhole(_ text: String) -> Bool {
        if case .matched = anchored.firstMatch(in: text) { return true }
        return false
    }

    /// Whether some part of the string matches (RFC 9535 `search()`).
    func matchesSomewhere(_ text: String) -> Bool {
        if case .matched = regex.firstMatch(in: text) { return true }
        return false
    }

    static func == (lhs: JSONPathRegex, rhs: JSONPathRegex) -> Bool { lhs.pattern == rhs.pattern && lhs.flags == rhs.flags }
    func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(flags)
    }
}
