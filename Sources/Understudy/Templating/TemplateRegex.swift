import Foundation

/// A regular expression from a template (`matches`, `regexExtract`), bounded in size so that a
/// hostile template or request cannot make matching slow.
struct TemplateRegex {
    /// The longest pattern accepted.
    static let maxPatternLength = 1_000
    /// The longest input matched.
    static let maxInputLength = 1_000_000

    private let expression: NSRegularExpression

    init(_ pattern: String) throws {
        guard pattern.utf16.count <= Self.maxPatternLength else {
            throw HelperFailure("the regular expression is over \(Self.maxPatternLength) characters")
        }
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            throw HelperFailure("\"\(pattern)\" is not a valid regular expression")
        }
    }

    func fullMatch(_ text: String) throws -> Bool {
        try checkLength(text)
        let range = NSRange(text.startIndex..., in: text)
        guard let match = expression.firstMatch(in: text, options: [.anchored], range: range) else { return false }
        return match.range == range
    }

    /// The first match's groups: the whole match first, then each capturing group.
    func firstMatch(_ text: String) throws -> [String]? {
        try checkLength(text)
        guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }

    private func checkLength(_ text: String) throws {
        guard text.utf16.count <= Self.maxInputLength else {
            throw HelperFailure("the text is over \(Self.maxInputLength) characters")
        }
    }
}
