import UnderstudySupport
extension RegexPattern {
    /// Advice when the expression repeats a group that itself repeats (`(a+)+`), which can
    /// backtrack catastrophically; `nil` otherwise. A match that backtracks past its step budget
    /// is abandoned and counts as a miss.
    public var backtrackingWarning: String? {
        guard compileError == nil, let group = NestedRepetitionCheck.riskyGroup(in: source) else { return nil }
        return "regular expression \(self) repeats \(group), a group that itself repeats: it can backtrack catastrophically "
            + "(such matches are abandoned as misses); make the inner repetition possessive (a++) or the group atomic ((?>...))"
    }
}

extension StringValuePattern {
    /// Every regular expression in the pattern, nested ones included. With
    /// `throughJSONPath: false`, only those applied to the value itself, not to what a
    /// `matchesJsonPath` selects from it.
    func regexes(throughJSONPath: Bool = true) -> [RegexPattern] {
        switch kind {
        case .matches(let regex), .doesNotMatch(let regex): [regex]
        case .matchesJsonPath, .matchesXPath: throughJSONPath ? nestedPatterns.flatMap { $0.regexes() } : []
        default: nestedPatterns.flatMap { $0.regexes(throughJSONPath: throughJSONPath) }
        }
    }
}

extension RequestPattern {
    /// Advice about regular expressions that can backtrack catastrophically, one message each
    /// (``RegexPattern/backtrackingWarning``). Unlike ``problems``, these do not stop a stub
    /// from loading; `understudy lint` prints them.
    public var regexWarnings: [String] {
        ((url.regex.map { [$0] } ?? []) + stringValuePatterns.flatMap { $0.regexes() }).compactMap(\.backtrackingWarning)
    }
}
