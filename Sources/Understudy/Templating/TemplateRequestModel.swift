import Foundation

/// The `request` object templates see, as WireMock builds it: `url`, `path` (printable, with
/// `.[n]` segments and named `urlPathTemplate` parameters), `pathSegments`, `query`, `method`,
/// `host`, `port`, `scheme`, `baseUrl`, `headers` (names ignore case), `cookies`, `body`,
/// `bodyAsBase64`, `id` and `clientIp`.
enum TemplateRequestModel {
    static func make(_ request: RecordedRequest, stub: StubMapping?) -> TemplateValue {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true)
            .map { TemplateValue.string(String($0).removingPercentEncoding ?? String($0)) }
        let pathParameters = (stub?.request.url.pathVariables(request.path) ?? [:]).mapValues(TemplateValue.string)
        var model = TemplateValue.JSONObjectValue()
        model["id"] = .string(request.id.uuidString.lowercased())
        model["url"] = .string(request.url)
        model["path"] = .composite(text: request.path, items: segments, members: pathParameters)
        model["pathSegments"] = .list(segments)
        model["method"] = .string(request.method.rawValue)
        model["scheme"] = .string(request.scheme)
        model["host"] = .string(request.host)
        model["port"] = .integer(request.port)
        model["baseUrl"] = .string(request.baseURL)
        model["query"] = grouped(request.queryItems.map { ($0.name, $0.value ?? "") }, ignoringCase: false)
        model["headers"] = grouped(request.headers.map { ($0.name, $0.value) }, ignoringCase: true)
        model["cookies"] = grouped(request.cookies.map { ($0.name, $0.value) }, ignoringCase: false)
        model["body"] = .string(request.bodyText)
        model["bodyAsBase64"] = .string(request.body.base64EncodedString())
        model["clientIp"] = .string(request.clientIP)
        return .object(model)
    }

    /// Name → values, in first-seen order; with `ignoringCase`, `content-type` and
    /// `Content-Type` are one field (and lookups ignore case anyway, see ``TemplateValue/member(_:)``).
    static func grouped(_ pairs: [(String, String)], ignoringCase: Bool) -> TemplateValue {
        var values: [String: [String]] = [:]
        var names: [(name: String, key: String)] = []
        for (name, value) in pairs {
            let key = ignoringCase ? name.lowercased() : name
            if values[key] == nil { names.append((name, key)) }
            values[key, default: []].append(value)
        }
        var object = TemplateValue.JSONObjectValue()
        for (name, key) in names { object[name] = .values(values[key]!) }
        return .object(object)
    }
}
