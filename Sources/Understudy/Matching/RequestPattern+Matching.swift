import Foundation

extension RequestPattern {
    /// The graded match of a request: exact when every field matches; otherwise the
    /// weighted mean distance of the fields (URL, host and port weigh 10, method and
    /// scheme 3, every other field 1, as in WireMock).
    public func match(_ request: RecordedRequest) -> MatchResult {
        var evaluation = Evaluation(request: request, mode: .graded)
        evaluate(&evaluation)
        return evaluation.result
    }

    /// Whether the request matches; stops at the first field that differs.
    public func matches(_ request: RecordedRequest) -> Bool {
        var evaluation = Evaluation(request: request, mode: .firstMiss)
        evaluate(&evaluation)
        return !evaluation.missed
    }

    /// Every constrained field compared with the request, in a fixed order, for reports.
    public func compare(_ request: RecordedRequest) -> [FieldComparison] {
        var evaluation = Evaluation(request: request, mode: .detailed)
        evaluate(&evaluation)
        return evaluation.comparisons
    }

    private func evaluate(_ e: inout Evaluation) {
        let request = e.request
        e.check("method", method.rawValue, 3, actual: { request.method.rawValue }) {
            .of(method == .any || method == request.method)
        }
        if let key = url.key {
            e.check(key, url.value.map(quoted) ?? "", 10, actual: { quoted(url.includesQuery ? request.url : request.path) },
                    abandoned: { url.abandonsRegex(on: request) }) {
                url.match(request)
            }
        }
        if e.done { return }
        if let scheme {
            e.check("scheme", scheme, 3, actual: { request.scheme }) { .of(scheme.lowercased() == request.scheme.lowercased()) }
        }
        if let host {
            e.check("host", host.description, 10, actual: { quoted(request.host) }) { host.match(request.host) }
        }
        if let port {
            e.check("port", String(port), 10, actual: { String(request.port) }) { .of(port == request.port) }
        }
        if !pathParameters.isEmpty {
            let values = url.pathVariables(request.path)
            for named in pathParameters {
                let value = values?[named.name]
                e.check("path parameter \(named.name)", named.pattern.description, 1, actual: { Self.render(value.map { [$0] } ?? []) },
                        abandoned: { named.pattern.abandonsRegex(on: value.map { [$0] } ?? []) }) {
                    named.pattern.match(value.map { [$0] } ?? [])
                }
            }
        }
        if !headers.isEmpty {
            for named in headers {
                let values = request.headers.values(for: named.name)
                e.check("header \(named.name)", named.pattern.description, 1, actual: { Self.render(values) },
                        abandoned: { named.pattern.abandonsRegex(on: values) }) {
                    named.pattern.match(values)
                }
            }
        }
        if let basicAuthCredentials {
            let values = request.headers.values(for: "Authorization")
            let expected = basicAuthCredentials.headerValue
            e.check("basic auth", "username \(quoted(basicAuthCredentials.username)) with its password", 1, actual: {
                values.compactMap(BasicAuthorization.decode).map { "username \(quoted($0.username))" }.first ?? "(absent)"
            }) {
                .of(values.contains(expected))
            }
        }
        if !queryParameters.isEmpty {
            let items = request.queryItems
            for named in queryParameters {
                let values = items.filter { $0.name == named.name }.map { $0.value ?? "" }
                e.check("query \(named.name)", named.pattern.description, 1, actual: { Self.render(values) },
                        abandoned: { named.pattern.abandonsRegex(on: values) }) {
                    named.pattern.match(values)
                }
            }
        }
        if !cookies.isEmpty {
            let all = request.cookies
            for named in cookies {
                let values = all.filter { $0.name == named.name }.map(\.value)
                e.check("cookie \(named.name)", named.pattern.description, 1, actual: { Self.render(values) },
                        abandoned: { named.pattern.abandonsRegex(on: values) }) {
                    named.pattern.match(values)
                }
            }
        }
        if !formParameters.isEmpty {
            let items = FormURLEncoded.parse(request.body)
            for named in formParameters {
                let values = items.filter { $0.name == named.name }.map { $0.value ?? "" }
                e.check("form \(named.name)", named.pattern.description, 1, actual: { Self.render(values) },
                        abandoned: { named.pattern.abandonsRegex(on: values) }) {
                    named.pattern.match(values)
                }
            }
        }
        for pattern in bodyPatterns {
            e.check("body", pattern.description, 1, actual: { Self.renderBody(request.body) },
                    abandoned: { pattern.abandonsRegex(on: String(decoding: request.body, as: UTF8.self)) }) {
                pattern.match(body: request.body)
            }
        }
        if !multipartPatterns.isEmpty {
            let parts = request.multipartParts
            for pattern in multipartPatterns {
                e.check("multipart", pattern.description, 1, actual: {
                    parts.map { "\($0.count) part(s)" } ?? "not a multipart request"
                }) {
                    pattern.match(parts)
                }
            }
        }
    }

    /// Values as `"a"`, `"a", "b"`, or `(absent)`.
    static func render(_ values: [String]) -> String {
        values.isEmpty ? "(absent)" : values.map(quoted).joined(separator: ", ")
    }

    /// A body as text, cut at 1 000 characters so reports stay readable.
    static func renderBody(_ body: Data) -> String {
        if body.isEmpty { return "(empty)" }
        let text = String(decoding: body, as: UTF8.self)
        let limit = 1_000
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.count - limit) more characters)"
    }
}

extension URLPattern {
    /// Whether a `urlPattern` or `urlPathPattern` regex gave up on the request's URL or path.
    func abandonsRegex(on request: RecordedRequest) -> Bool {
        regex?.outcome(includesQuery ? request.url : request.path) == .gaveUp
    }

    /// Variables of a `urlPathTemplate` for the path, or `nil`.
    func pathVariables(_ path: String) -> [String: String]? {
        if case .urlPathTemplate(let template) = kind { return template.match(path) }
        return nil
    }
}

extension RecordedRequest {
    /// The parts of a `multipart/*` body, or `nil` when the request is not multipart or cannot be parsed.
    var multipartParts: [MultipartPart]? {
        guard let contentType = headers["Content-Type"], contentType.lowercased().hasPrefix("multipart/"),
              let boundary = MultipartParser.boundary(fromContentType: contentType)
        else { return nil }
        return try? MultipartParser.parse(body, boundary: boundary)
    }
}

/// The running state of one request-pattern evaluation.
private struct Evaluation {
    enum Mode {
        /// Stop at the first miss; no text.
        case firstMiss
        /// Grade every field; no text.
        case graded
        /// Grade every field and describe it.
        case detailed
    }

    let request: RecordedRequest
    let mode: Mode
    var missed = false
    var parts: [(result: MatchResult, weight: Double)] = []
    var comparisons: [FieldComparison] = []

    init(request: RecordedRequest, mode: Mode) {
        self.request = request
        self.mode = mode
    }

    /// Whether evaluation can stop.
    var done: Bool { mode == .firstMiss && missed }

    var result: MatchResult { MatchResult.aggregate(parts) }

    mutating func check(
        _ field: String,
        _ expected: @autoclosure () -> String,
        _ weight: Double,
        actual: () -> String,
        abandoned: () -> Bool = { false },
        _ match: () -> MatchResult
    ) {
        if done { return }
        let result = match()
        if !result.isExactMatch { missed = true }
        parts.append((result, weight))
        if mode == .detailed {
            // Only for reports, and only on a miss: asking again costs a second budget.
            let expected = !result.isExactMatch && abandoned() ? expected() + " " + RegexOutcome.abandonedNote : expected()
            comparisons.append(FieldComparison(field: field, expected: expected, actual: actual(), result: result, weight: weight))
        }
    }
}
