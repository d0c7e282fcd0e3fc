import UnderstudySupport

/// How a stub matches the request URL (WireMock's five URL keys, or any URL).
///
/// - `url`: path and query, exactly.
/// - `urlPattern`: a regular expression over path and query.
/// - `urlPath`: the path only, exactly; the query is matched by `queryParameters`.
/// - `urlPathPattern`: a regular expression over the path.
/// - `urlPathTemplate`: a template like `/users/{id}`, whose variables `pathParameters` can constrain.
public struct URLPattern: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case any
        case url(String)
        case urlPattern(RegexPattern)
        case urlPath(String)
        case urlPathPattern(RegexPattern)
        case urlPathTemplate(PathTemplate)
        case invalidTemplate(PathTemplateError)
    }

    let kind: Kind

    /// Any URL.
    public static let any = URLPattern(kind: .any)
    /// Path and query equal `value`, for example `/users?page=2`.
    public static func url(_ value: String) -> URLPattern { URLPattern(kind: .url(value)) }
    /// Path and query match the regular expression.
    public static func urlPattern(_ regex: String) -> URLPattern { URLPattern(kind: .urlPattern(RegexPattern(regex))) }
    /// The path equals `value`; any query.
    public static func urlPath(_ value: String) -> URLPattern { URLPattern(kind: .urlPath(value)) }
    /// The path matches the regular expression; any query.
    public static func urlPathPattern(_ regex: String) -> URLPattern { URLPattern(kind: .urlPathPattern(RegexPattern(regex))) }
    /// The path fits the template, for example `/users/{id}`. An invalid template never matches
    /// and is reported by ``RequestPattern/validate()``.
    public static func urlPathTemplate(_ template: String) -> URLPattern {
        do {
            return URLPattern(kind: .urlPathTemplate(try PathTemplate(template)))
        } catch {
            return URLPattern(kind: .invalidTemplate(error))
        }
    }

    /// The WireMock JSON key: `url`, `urlPattern`, `urlPath`, `urlPathPattern` or `urlPathTemplate`; `nil` for any URL.
    public var key: String? {
        switch kind {
        case .any: nil
        case .url: "url"
        case .urlPattern: "urlPattern"
        case .urlPath: "urlPath"
        case .urlPathPattern: "urlPathPattern"
        case .urlPathTemplate, .invalidTemplate: "urlPathTemplate"
        }
    }

    /// The value written under ``key``.
    public var value: String? {
        switch kind {
        case .any: nil
        case .url(let value), .urlPath(let value): value
        case .urlPattern(let regex), .urlPathPattern(let regex): regex.source
        case .urlPathTemplate(let template): template.template
        case .invalidTemplate(let error): error.template
        }
    }

    /// Whether the pattern looks at the query string as well as the path.
    var includesQuery: Bool {
        switch kind {
        case .url, .urlPattern: true
        default: false
        }
    }

    /// Matches a request's path (and query, for `url` and `urlPattern`), given what the route
    /// index proved about it.
    func match(_ request: RecordedRequest, given proof: IndexProof = .none) -> MatchResult {
        switch kind {
        case .any: return .exactMatch
        case .url(let expected): return equal(expected, request.url)
        case .urlPath(let expected): return equal(expected, request.path)
        case .urlPattern(let regex): return .of(regex.matches(request.url, given: proof))
        case .urlPathPattern(let regex): return .of(regex.matches(request.path, given: proof))
        case .urlPathTemplate(let template):
            if template.matches(request.path) { return .exactMatch }
            return .partialMatch(distance: LevenshteinDistance.normalized(template.template, request.path))
        case .invalidTemplate: return .noMatch
        }
    }

    /// Whether the request's URL matches, without grading a miss (no distance is worked out).
    func accepts(_ request: RecordedRequest, given proof: IndexProof) -> Bool {
        switch kind {
        case .any: true
        case .url(let expected): expected == request.url
        case .urlPath(let expected): expected == request.path
        case .urlPattern(let regex): regex.matches(request.url, given: proof)
        case .urlPathPattern(let regex): regex.matches(request.path, given: proof)
        case .urlPathTemplate(let template): template.matches(request.path)
        case .invalidTemplate: false
        }
    }

    private func equal(_ expected: String, _ actual: String) -> MatchResult {
        expected == actual ? .exactMatch : .partialMatch(distance: LevenshteinDistance.normalized(expected, actual))
    }

    /// Problems that make the pattern unusable.
    var problems: [String] {
        if case .invalidTemplate(let error) = kind { return [error.description] }
        return regex?.compileError.map { [$0] } ?? []
    }

    /// The regular expression of a `urlPattern` or `urlPathPattern`.
    var regex: RegexPattern? {
        switch kind {
        case .urlPattern(let regex), .urlPathPattern(let regex): regex
        default: nil
        }
    }

    /// `urlPath "/users/42"`, or `any URL`.
    public var description: String {
        guard let key, let value else { return "any URL" }
        return "\(key) \(quoted(value))"
    }
}
