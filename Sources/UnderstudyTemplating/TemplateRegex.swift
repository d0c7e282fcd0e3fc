import Foundation
import UnderstudySupport

/// A regular expression from a template (`matches`, `regexExtract`), bounded in size and in
/// matching work (`BoundedRegex`) so that a hostile template or request cannot make
/// rendering slow.
struct TemplateRegex {
    /// The longest pattern accepted.
    static let maxPatternLength = 1_000
    /// The longest input matched.
    static let maxInputLength = 1_000_000

    private let expression: BoundedRegex

    init(_ pattern: String) throws {
        guard pattern.utf16.count <= Self.maxPatternLength else {
            throw HelperFailure("the regular expression is over \(Self.maxPatternLength) characters")
        }
        do {
            expression = try BoundedRegex(pattern)
        } catch {
            throw HelperFailure("\"\(pattern)\" is not a valid regular expression: \(error)")
        }
    }

    func fullMatch(_ text: String) throws -> Bool {
        try checkLength(text)
        switch expression.firstMatch(in: text, anchored: true) {
        case .matched(let groups): return groups.first.flatMap { $0 } == text.startIndex..<text.endIndex
        case .noMatch: return false
        case .gaveUp: throw gaveUp
        }
    }

    /// The first match's groups: the whole match first, then each capturing group.
    func firstMatch(_ text: String) throws -> [String]? {
        try checkLength(text)
        switch expression.firstMatch(in: text) {
        case .matched(let groups): return groups.map { $0.map { String(text[$0]) } ?? "" }
        case .noMatch: return nil
        case .gaveUp: throw gaveUp
        }
    }

    private var gaveUp: HelperFailure {
        HelperFailure("the regular expression backtracked too long on this text and was abandoned; "
            + "make nested quantifiers possessive (a++) or atomic ((?>a+))")
    }

    private func checkLength(_ text: String) throws {
        guard text.utf16.count <= Self.maxInputLength else {
            throw HelperFailure("the text is over \(Self.maxInputLength) characters")
        }
    }
}
