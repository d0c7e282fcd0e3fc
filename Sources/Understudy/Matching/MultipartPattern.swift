import UnderstudySupport

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
    /// The form field name, as WireMock 3's `MultipartValuePattern` keeps it: a label written
    /// back to JSON, not matched. To select the part, match its `Content-Disposition` header
    /// (``MultipartPattern/named(_:matchingType:bodyPatterns:)`` does).
    public var name: String?
    /// The file name the part must carry (the `filename` of its `Content-Disposition`). As in
    /// WireMock 3, it is compared only when the pattern also has headers or body patterns.
    public var fileName: String?

    /// Creates a pattern.
    public init(matchingType: MatchingType = .any, headers: [NamedPattern] = [], bodyPatterns: [StringValuePattern] = [],
                name: String? = nil, fileName: String? = nil) {
        self.matchingType = matchingType
        self.headers = headers
        self.bodyPatterns = bodyPatterns
        self.name = name
        self.fileName = fileName
    }

    /// A pattern for the part named `name`, as WireMock's `aMultipart(name)` builds it: the name
    /// plus a `Content-Disposition` header containing `name="…"`.
    public static func named(_ name: String, matchingType: MatchingType = .any, bodyPatterns: [StringValuePattern] = []) -> MultipartPattern {
        MultipartPattern(matchingType: matchingType,
                         headers: [NamedPattern(name: "Content-Disposition", pattern: .single(.contains("name=\"\(name)\"")))],
                         bodyPatterns: bodyPatterns, name: name)
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
        // WireMock's MultipartValuePattern.match checks the file name only alongside headers or body patterns.
        if let fileName, !fileName.isEmpty, !results.isEmpty {
            results.append(.of(part.fileName == fileName))
        }
        return MatchResult.aggregate(results)
    }

    public var description: String {
        var pieces = ["\(matchingType.rawValue) part"]
        if let name { pieces[0] += " \(quoted(name))" }
        if let fileName { pieces.append("fileName \(quoted(fileName))") }
        pieces += headers.map { "header \($0.name) \($0.pattern)" }
        pieces += bodyPatterns.map { "body \($0)" }
        return pieces.joined(separator: ", ")
    }
}
