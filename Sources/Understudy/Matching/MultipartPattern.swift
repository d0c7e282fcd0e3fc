/// A pattern for the parts of a `multipart/*` request (WireMock's `multipartPatterns` entry).
public struct MultipartPattern: Sendable, Hashable, CustomStringConvertible {
    /// Whether one part (`any`) or every part (`all`) must match.
    public enum MatchingType: String, Sendable, Hashable {
        case any = "ANY"
        case all = "ALL"
    }

    /// `any` or `all` parts.
    public var matchingType: MatchingType
    /// Part headers, for example `Content-Disposition` containing `name="file"`.
    public var headers: [NamedPattern]
    /// Patterns for the part body.
    public var bodyPatterns: [StringValuePattern]

    public init(matchingType: MatchingType = .any, headers: [NamedPattern] = [], bodyPatterns: [StringValuePattern] = []) {
        self.matchingType = matchingType
        self.headers = headers
        self.bodyPatterns = bodyPatterns
    }

    /// Matches the parts of a request; a request that is not multipart never matches.
    func match(_ parts: [MultipartPart]?) -> MatchResult {
        guard let parts, !parts.isEmpty else { return .noMatch }
        let results = parts.map(match)
        switch matchingType {
        case .any:
            return results.first(where: \.isExactMatch) ?? results.min { $0.distance < $1.distance } ?? .noMatch
        case .all:
            return MatchResult.aggregate(results)
        }
    }

    private func match(_ part: MultipartPart) -> MatchResult {
        var results = headers.map { named in
            named.pattern.match(part.headers.filter { $0.name.caseInsensitiveEquals(named.name) }.map(\.value))
        }
        results += bodyPatterns.map { $0.match(body: part.body) }
        return MatchResult.aggregate(results)
    }

    public var description: String {
        var pieces = ["\(matchingType.rawValue) part"]
        pieces += headers.map { "header \($0.name) \($0.pattern)" }
        pieces += bodyPatterns.map { "body \($0)" }
        return pieces.joined(separator: ", ")
    }
}
