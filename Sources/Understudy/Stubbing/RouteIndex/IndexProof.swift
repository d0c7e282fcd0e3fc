/// What finding a stub in the route index proves about a request's URL, so that matching does
/// not check it again.
enum IndexProof: Sendable, Equatable {
    /// Nothing: the URL is checked as usual.
    case none
    /// The URL pattern matches: an exact `url` or `urlPath` key, or a `urlPathTemplate` whose
    /// segments ``PathTemplateTrie`` checks whole.
    case urlMatches
    /// The path starts with the literal text the stub's regular expression starts with
    /// (``RegexPrefixBuckets``), and so with the characters of its first `count` atoms:
    /// ``SimpleRegex`` starts after them.
    case regexStartMatches(count: Int)

    /// What the index proves of a request's URL when it offers the stub filed under `route`.
    init(_ pattern: RequestPattern, route: StubRegistry.Route) {
        switch route {
        case .exact:
            self = .urlMatches
        case .template:
            if case .urlPathTemplate(let template) = pattern.url.kind, template.segmentsAreWhole {
                self = .urlMatches
            } else {
                self = .none
            }
        case .regexPrefix(_, let prefix):
            let count = pattern.url.regex?.leadingCharactersMatched(byPrefix: prefix) ?? 0
            self = count > 0 ? .regexStartMatches(count: count) : .none
        case .operation, .scanned:
            self = .none
        }
    }
}
