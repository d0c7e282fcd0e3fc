package import Foundation

/// The one place Understudy runs regular expressions (stub `matches`, JSONPath filters,
/// template helpers), with the work bounded so that a hostile stub or request cannot hang the
/// matcher.
///
/// ICU, which backs `NSRegularExpression`, backtracks: a pattern such as `(a+)+b` takes
/// exponential time on `aaaa…c`, and no size limit prevents that. So every match runs with
/// `.reportProgress`, which makes ICU report back about every 10 000 steps, and is abandoned
/// after ``baseProgressReports`` reports plus one per ``charactersPerExtraReport`` characters
/// of input (a few hundred milliseconds at most here; a linear scan of a 16 MiB body fits).
/// An abandoned match is ``Outcome/gaveUp``, which callers treat as "does not match".
/// The budget counts ICU's steps, not the clock, so the outcome does not depend on load.
package struct BoundedRegex: Sendable {
    /// The longest pattern accepted, in UTF-16 code units.
    package static let maxPatternLength = 10_000
    /// The deepest nesting of groups accepted.
    static let maxGroupNesting = 64
    /// Progress reports (each about 10 000 ICU steps) allowed for any input.
    static let baseProgressReports = 1_000
    /// One more progress report is allowed per this many characters of input.
    static let charactersPerExtraReport = 2_500

    /// What one match attempt found.
    package enum Outcome: Equatable {
        /// The first match: each group's range, the whole match first (`nil` for a group that took no part).
        case matched([Range<String.Index>?])
        /// No match.
        case noMatch
        /// The step budget ran out before ICU decided; treat as no match.
        case gaveUp
    }

    /// Why a pattern was refused.
    package struct Refusal: Error, CustomStringConvertible {
        package let description: String
    }

    private let storage: Storage

    /// Compiles `pattern`, refusing one over ``maxPatternLength`` characters, nested deeper
    /// than ``maxGroupNesting`` groups, or not valid ICU syntax. With `wholeValue`, the
    /// expression only matches a whole text (Java's `matches()`): it is wrapped in `\A(?:…)\z`.
    package init(_ pattern: String, options: NSRegularExpression.Options = [], wholeValue: Bool = false) throws(Refusal) {
        let length = pattern.utf16.count
        guard length <= Self.maxPatternLength else {
            throw Refusal(description: "the regular expression is \(length) characters long; the limit is \(Self.maxPatternLength)")
        }
        let depth = Self.groupNesting(of: pattern)
        guard depth <= Self.maxGroupNesting else {
            throw Refusal(description: "the regular expression nests groups \(depth) deep; the limit is \(Self.maxGroupNesting)")
        }
        // With `x`, a `#` comment runs to the end of the line: end it before closing the group.
        let compiled = wholeValue
            ? "\\A(?:" + pattern + (options.contains(.allowCommentsAndWhitespace) ? "\n" : "") + ")\\z"
            : pattern
        do {
            storage = Storage(try NSRegularExpression(pattern: compiled, options: options))
        } catch {
            throw Refusal(description: "the pattern is not valid ICU regular expression syntax; escape special characters such as ( [ { with a backslash")
        }
    }

    /// The first match in `text` (only at its start when `anchored`), within the step budget;
    /// without `capturing`, a match comes with no ranges (converting them costs a pass over the text).
    package func firstMatch(in text: String, anchored: Bool = false, capturing: Bool = true) -> Outcome {
        let range = NSRange(text.startIndex..., in: text)
        let allowedReports = Self.baseProgressReports + range.length / Self.charactersPerExtraReport
        var reports = 0
        var found: NSTextCheckingResult?
        var options: NSRegularExpression.MatchingOptions = [.reportProgress]
        if anchored { options.insert(.anchored) }
        storage.regex.enumerateMatches(in: text, options: options, range: range) { result, _, stop in
            if let result {
                found = result
                stop.pointee = true
                return
            }
            reports += 1
            if reports > allowedReports { stop.pointee = true }
        }
        guard let found else { return reports > allowedReports ? .gaveUp : .noMatch }
        guard capturing else { return .matched([]) }
        return .matched((0..<found.numberOfRanges).map { Range(found.range(at: $0), in: text) })
    }

    /// How deeply `pattern` nests parenthesised groups (escapes and character classes skipped).
    static func groupNesting(of pattern: String) -> Int {
        var depth = 0
        var deepest = 0
        var inClass = false
        var escaped = false
        for character in pattern.utf8 {
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case UInt8(ascii: "\\"): escaped = true
            case UInt8(ascii: "[") where !inClass: inClass = true
            case UInt8(ascii: "]") where inClass: inClass = false
            case UInt8(ascii: "(") where !inClass:
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: ")") where !inClass: depth = max(depth - 1, 0)
            default: break
            }
        }
        return deepest
    }

    /// Holds the compiled expression.
    ///
    /// `@unchecked Sendable` is safe: `regex` is a `let` never mutated after initialisation,
    /// and `NSRegularExpression` is immutable and documented as safe to use from several
    /// threads at once ("NSRegularExpression ... is thread safe", Foundation docs).
    private final class Storage: @unchecked Sendable {
        let regex: NSRegularExpression
        init(_ regex: NSRegularExpression) { self.regex = regex }
    }
}
