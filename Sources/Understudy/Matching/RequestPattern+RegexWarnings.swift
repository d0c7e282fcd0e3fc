extension RegexPattern {
    /// Advice when the expression repeats a group that itself repeats (`(a+)+`), which can
    /// backtrack catastrophically; `nil` otherwise. See ``RegexOutcome/gaveUp``.
    public var backtrackingWarning: String? {
        guard compileError == nil, let group = NestedRepetitionCheck.riskyGroup(in: source) else { return nil }
        return "regular expression \(self) repeats \(group), a group that itself repeats: it can backtrack catastrophically "
            + "(such matches are abandoned as misses); make the inner repetition possessive (a++) or the group atomic ((?>...))"
    }
}

extension StringValuePattern {
    /// Every regular expression in the pattern, nested ones included.
    var regexes: [RegexPattern] {
        switch kind {
        case .matches(let regex), .doesNotMatch(let regex): [regex]
        case .and(let patterns), .or(let patterns): patterns.flatMap(\.regexes)
        case .not(let pattern): pattern.regexes
        case .matchesJsonPath(_, let nested): nested?.regexes ?? []
        default: []
        }
    }
}

extension RequestPattern {
    /// Advice about regular expressions that can backtrack catastrophically, one message each
    /// (``RegexPattern/backtrackingWarning``). Unlike ``problems``, these do not stop a stub
    /// from loading; `understudy lint` prints them.
    public var regexWarnings: [String] {
        var regexes: [RegexPattern] = []
        switch url.kind {
        case .urlPattern(let regex), .urlPathPattern(let regex): regexes.append(regex)
        default: break
        }
        var patterns = (host.map { [$0] } ?? []) + bodyPatterns
        for named in pathParameters + queryParameters + formParameters + headers + cookies {
            patterns += named.pattern.patterns
        }
        for multipart in multipartPatterns {
            patterns += multipart.bodyPatterns + multipart.headers.flatMap(\.pattern.patterns)
        }
        regexes += patterns.flatMap(\.regexes)
        return regexes.compactMap(\.backtrackingWarning)
    }
}
