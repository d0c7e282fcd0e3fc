import UnderstudyHTTPParsing
package import Foundation
import UnderstudySupport

extension RequestPattern {
    /// The graded match of a request: exact when every field matches; otherwise the
    /// weighted mean distance of the fields (URL, host and port weigh 10, method and
    /// scheme 3, every other field 1, as in WireMock; the OpenAPI operation, which WireMock
    /// does not have, weighs 10, as it names a method and URL).
    public func match(_ request: RecordedRequest) -> MatchResult {
        var evaluation = RequestPatternEvaluation(mode: .graded)
        evaluate(request, &evaluation)
        return evaluation.result
    }

    /// Whether the request matches; stops at the first field that differs.
    public func matches(_ request: RecordedRequest) -> Bool {
        matches(request, given: .none)
    }

    /// Whether the request matches, given what the route index proved about its URL when it
    /// offered the stub.
    func matches(_ request: RecordedRequest, given proof: IndexProof) -> Bool {
        constrainsOnlyMethodAndURL ? matchesMethodAndURL(request, given: proof) : matchesFieldByField(request, given: proof)
    }

    /// ``matches(_:given:)`` by evaluating every field the pattern constrains.
    func matchesFieldByField(_ request: RecordedRequest, given proof: IndexProof) -> Bool {
        var evaluation = RequestPatternEvaluation(firstMissGiven: proof)
        evaluate(request, &evaluation)
        return !evaluation.missed
    }

    /// Whether the pattern constrains nothing but its one method and its URL, as most stubs do.
    /// Matching such a pattern skips the field-by-field evaluation (a stub's entry works this out
    /// once: it costs about as much as the match it saves).
    /// (`RequestPatternShortcutTests.theShortcutKnowsEveryField` fails when a field is added, so
    /// that this list is kept whole.)
    var constrainsOnlyMethodAndURL: Bool {
        methods == nil && scheme == nil && host == nil && port == nil && clientIp == nil && pathParameters.isEmpty
            && queryParameters.isEmpty && formParameters.isEmpty && headers.isEmpty && cookies.isEmpty
            && basicAuthCredentials == nil && bodyPatterns.isEmpty && multipartPatterns.isEmpty && operationId == nil && customMatcher == nil
    }

    /// ``matches(_:given:)`` for a pattern that ``constrainsOnlyMethodAndURL``.
    func matchesMethodAndURL(_ request: RecordedRequest, given proof: IndexProof) -> Bool {
        (method == .any || method == request.method) && (proof == .urlMatches || url.accepts(request, given: proof))
    }

    /// Every constrained field compared with the request, in a fixed order, for reports.
    public func compare(_ request: RecordedRequest) -> [FieldComparison] {
        var evaluation = RequestPatternEvaluation(mode: .detailed)
        evaluate(request, &evaluation)
        return evaluation.comparisons
    }

    /// The summed weight of the fields the pattern constrains: what a request's weighted
    /// distance is divided by. (Weights are whole numbers, so the sum is exact in any order.)
    var totalFieldWeight: Double {
        var evaluation = RequestPatternEvaluation(mode: .weighing)
        evaluate(Self.weighingRequest, &evaluation)
        return evaluation.totalWeight
    }

    /// Any request: weighing reads none of it.
    private static let weighingRequest = RecordedRequest(method: .get, url: "/")

    /// How much each field counts towards a request's distance (WireMock's weights).
    enum FieldWeight {
        static let method = 3.0
        static let url = 10.0
        static let scheme = 3.0
        static let host = 10.0
        static let port = 10.0
        static let clientIp = 3.0
        /// An operation names a method and a path template, so it weighs what a URL does.
        static let operationId = 10.0
        /// Each named header, query, cookie, form or path parameter, basic auth, and each body
        /// or multipart pattern.
        static let other = 1.0
    }

    /// Every constrained field, in the order near-miss reports list them.
    private func evaluate(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        operationMatch(request, &e)
        methodMatch(request, &e)
        urlMatch(request, &e)
        schemeMatch(request, &e)
        hostMatch(request, &e)
        portMatch(request, &e)
        clientIpMatch(request, &e)
        // Each source is built only when patterns need it (no closure: a closure's context
        // would copy the request for every candidate stub).
        if needs(pathParameters, e) { namedValuesMatch(pathParameters, in: .pathVariables(url.pathVariables(request.path)), &e) }
        if needs(headers, e) { namedValuesMatch(headers, in: .headers(request.headers), &e) }
        basicAuthMatch(request, &e)
        if needs(queryParameters, e) { namedValuesMatch(queryParameters, in: .query(request.queryItems), &e) }
        if needs(cookies, e) { namedValuesMatch(cookies, in: .cookies(request.cookies), &e) }
        if needs(formParameters, e) { namedValuesMatch(formParameters, in: .form(FormURLEncoded.parse(request.body)), &e) }
        bodyMatch(request, &e)
        multipartMatch(request, &e)
        customMatch(request, &e)
    }

    private func operationMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        guard let operationId else { return }
        e.check("operationId", operationId.description, FieldWeight.operationId, actual: {
            request.operationId.map(quoted) ?? "(none: the request was not sent for an OpenAPI operation)"
        }) {
            operationId.match(request.operationId)
        }
    }

    private func methodMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        let matched = MatchResult.of(methods.map { $0.matches(request.method) } ?? (method == .any || method == request.method))
        if e.tookFirstMiss(matched) { return }
        e.check("method", methods?.description ?? method.rawValue, FieldWeight.method, actual: { request.method.rawValue }) { matched }
    }

    private func urlMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        let proof = e.indexProof
        guard let key = url.key, proof != .urlMatches else { return }
        if e.tookFirstMiss(url.match(request, given: proof)) { return }
        e.check(key, url.value.map(quoted) ?? "", FieldWeight.url, actual: { quoted(url.includesQuery ? request.url : request.path) },
                abandoned: { url.abandonsRegex(on: request) }) {
            url.match(request)
        }
    }

    private func schemeMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        guard let scheme else { return }
        e.check("scheme", scheme, FieldWeight.scheme, actual: { request.scheme }) {
            .of(scheme.lowercased() == request.scheme.lowercased())
        }
    }

    private func hostMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        guard let host else { return }
        e.check("host", host.description, FieldWeight.host, actual: { quoted(request.host) }) { host.match(request.host) }
    }

    private func clientIpMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        guard let clientIp else { return }
        e.check("clientIp", clientIp.description, FieldWeight.clientIp, actual: { quoted(request.clientIP) }) { clientIp.match(request.clientIP) }
    }

    private func portMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        guard let port else { return }
        e.check("port", String(port), FieldWeight.port, actual: { String(request.port) }) { .of(port == request.port) }
    }

    /// Whether named patterns of one kind are left to check.
    private func needs(_ patterns: [NamedPattern], _ e: RequestPatternEvaluation) -> Bool {
        !patterns.isEmpty && !e.done
    }

    /// Headers, query, cookies, form and path parameters: each named pattern is a field of its
    /// own, matched against every value of that name (none when it is absent).
    private func namedValuesMatch(_ patterns: [NamedPattern], in source: NamedValues, _ e: inout RequestPatternEvaluation) {
        for named in patterns {
            if e.done { return }
            let values = source.values(named: named.name)
            e.check("\(source.label) \(named.name)", named.pattern.description, FieldWeight.other, actual: { Self.render(values) },
                    abandoned: { named.pattern.abandonsRegex(on: values) }) {
                named.pattern.match(values)
            }
        }
    }

    private func basicAuthMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        guard let basicAuthCredentials, !e.done else { return }
        let values = request.headers.values(for: "Authorization")
        e.check("basic auth", "username \(quoted(basicAuthCredentials.username)) with its password", FieldWeight.other, actual: {
            values.compactMap(BasicAuthorization.decode).map { "username \(quoted($0.username))" }.first ?? "(absent)"
        }) {
            .of(values.contains(basicAuthCredentials.headerValue))
        }
    }

    private func bodyMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        for pattern in bodyPatterns {
            if e.done { return }
            e.check("body", pattern.description, FieldWeight.other, actual: { Self.renderBody(request.body) },
                    abandoned: { pattern.abandonsRegex(on: String(decoding: request.body, as: UTF8.self)) },
                    explanation: { pattern.explainMiss(on: String(decoding: request.body, as: UTF8.self)) }) {
                pattern.match(body: request.body)
            }
        }
    }

    /// A matcher from outside the core checks its own fields (each weighs 1 unless it says).
    private func customMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        guard let customMatcher, !e.done else { return }
        // The evaluation is moved in and out rather than copied, so that its parts are not.
        var fields = MatcherFields(evaluation: RequestPatternEvaluation(mode: .weighing))
        swap(&fields.evaluation, &e)
        customMatcher.matcher.evaluate(request, &fields)
        swap(&fields.evaluation, &e)
    }

    private func multipartMatch(_ request: RecordedRequest, _ e: inout RequestPatternEvaluation) {
        guard !multipartPatterns.isEmpty, !e.done else { return }
        let parts = request.multipartParts
        for pattern in multipartPatterns {
            if e.done { return }
            e.check("multipart", pattern.description, FieldWeight.other, actual: {
                parts.map(Self.renderParts) ?? "not a multipart request"
            }) {
                pattern.match(parts)
            }
        }
    }

    /// `2 part(s): name "file" fileName "a.txt", name "meta"`: what a multipart pattern can select by.
    static func renderParts(_ parts: [MultipartPart]) -> String {
        let described = parts.map { part in
            [part.name.map { "name \(quoted($0))" }, part.fileName.map { "fileName \(quoted($0))" }]
                .compactMap { $0 }.joined(separator: " ")
        }
        let named = described.filter { !$0.isEmpty }
        return "\(parts.count) part(s)" + (named.isEmpty ? "" : ": " + described.map { $0.isEmpty ? "unnamed" : $0 }.joined(separator: ", "))
    }

    /// Values as `"a"`, `"a", "b"`, or `(absent)`.
    static func render(_ values: [String]) -> String {
        values.isEmpty ? "(absent)" : values.map(quoted).joined(separator: ", ")
    }

    /// A body as text, cut at 1 000 characters so reports stay readable.
    package static func renderBody(_ body: Data) -> String {
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

/// Where a multi-valued field of a request finds the values of a name.
private enum NamedValues {
    case pathVariables([String: String]?)
    case headers(HTTPHeaders)
    case query([QueryItem])
    case cookies([RecordedRequest.Cookie])
    case form([QueryItem])

    /// The field's label in reports, before the name: `header Accept`, `query page`.
    var label: String {
        switch self {
        case .pathVariables: "path parameter"
        case .headers: "header"
        case .query: "query"
        case .cookies: "cookie"
        case .form: "form"
        }
    }

    /// Every value of the name, in order; empty when the name is absent.
    func values(named name: String) -> [String] {
        switch self {
        case .pathVariables(let variables): variables?[name].map { [$0] } ?? []
        case .headers(let headers): headers.values(for: name)
        case .query(let items), .form(let items): items.filter { $0.name == name }.map { $0.value ?? "" }
        case .cookies(let cookies): cookies.filter { $0.name == name }.map(\.value)
        }
    }
}
