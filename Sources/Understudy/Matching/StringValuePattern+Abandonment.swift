/// Near-miss reports say when a regex was abandoned rather than leaving a plain ✗: the
/// pattern backtracks catastrophically on that value, and the fix is in the pattern.
extension StringValuePattern {
    /// Whether one of this pattern's regexes (`matches`, `doesNotMatch`, also inside `and`,
    /// `or` and `not`) gave up on `value` (``RegexOutcome/gaveUp``).
    func abandonsRegex(on value: String) -> Bool {
        switch kind {
        case .matches(let regex), .doesNotMatch(let regex): regex.outcome(value) == .gaveUp
        case .and(let patterns), .or(let patterns): patterns.contains { $0.abandonsRegex(on: value) }
        case .not(let pattern): pattern.abandonsRegex(on: value)
        default: false
        }
    }
}

extension MultiValuePattern {
    /// Whether one of the patterns gave up a regex on one of the values.
    func abandonsRegex(on values: [String]) -> Bool {
        patterns.contains { pattern in values.contains { pattern.abandonsRegex(on: $0) } }
    }
}

extension RegexOutcome {
    /// What a near-miss line adds after the expected value when a regex was abandoned.
    static let abandonedNote = "(the regex was abandoned: it backtracks too long on this value; "
        + "make nested quantifiers possessive, a++, or atomic, (?>a+))"
}
