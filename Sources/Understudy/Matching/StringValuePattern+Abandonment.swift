/// Near-miss reports say when a regex was abandoned rather than leaving a plain ✗: the
/// pattern backtracks catastrophically on that value, and the fix is in the pattern.
extension StringValuePattern {
    /// Whether one of this pattern's regexes (`matches`, `doesNotMatch`, also inside `and`,
    /// `or` and `not`) gave up on `value` (``RegexOutcome/gaveUp``).
    func abandonsRegex(on value: String) -> Bool {
        regexes(throughJSONPath: false).contains { $0.outcome(value) == .gaveUp }
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
