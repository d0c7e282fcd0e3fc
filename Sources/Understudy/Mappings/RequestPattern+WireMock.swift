import UnderstudyClient
public import UnderstudyJSON
import UnderstudySupport
extension RequestPattern {
    private static let urlKeys = ["url", "urlPattern", "urlPath", "urlPathPattern", "urlPathTemplate"]
    private static let knownKeys = urlKeys + [
        "method", "scheme", "host", "port", "pathParameters", "queryParameters", "formParameters", "headers",
        "cookies", "basicAuthCredentials", "basicAuth", "bodyPatterns", "multipartPatterns", "clientIp",
        "operationId", "customMatcher",
    ]

    /// The pattern as WireMock JSON (the `request` object of a mapping). An ``operationId``
    /// constraint is written as `"operationId"`, a string-value pattern such as
    /// `{"equalTo": "getPetById"}`: an Understudy extension that WireMock 3.13 does not load.
    public var wireMockJSON: JSONValue {
        var object = JSONObject()
        if let key = url.key, let value = url.value { object[key] = .string(value) }
        if let methods {
            object["method"] = [methods.key: .array(methods.methods.map { .string($0.rawValue) })]
        } else {
            object["method"] = .string(method.rawValue)
        }
        if let scheme { object["scheme"] = .string(scheme) }
        if let host { object["host"] = host.wireMockJSON }
        if let port { object["port"] = .number(JSONNumber(port)) }
        if let clientIp { object["clientIp"] = clientIp.wireMockJSON }
        if !pathParameters.isEmpty { object["pathParameters"] = pathParameters.wireMockJSON }
        if !queryParameters.isEmpty { object["queryParameters"] = queryParameters.wireMockJSON }
        if !formParameters.isEmpty { object["formParameters"] = formParameters.wireMockJSON }
        if !headers.isEmpty { object["headers"] = headers.wireMockJSON }
        if !cookies.isEmpty { object["cookies"] = cookies.wireMockJSON }
        if let basicAuthCredentials {
            object["basicAuthCredentials"] = [
                "username": .string(basicAuthCredentials.username), "password": .string(basicAuthCredentials.password),
            ]
        }
        if !bodyPatterns.isEmpty { object["bodyPatterns"] = .array(bodyPatterns.map(\.wireMockJSON)) }
        if !multipartPatterns.isEmpty { object["multipartPatterns"] = .array(multipartPatterns.map(\.wireMockJSON)) }
        if let operationId { object["operationId"] = operationId.wireMockJSON }
        if let customMatcher { object["customMatcher"] = customMatcher.wireMockJSON }
        return .object(object)
    }

    /// Decodes WireMock's `request` object.
    package init(wireMock reader: JSONReader) throws {
        let object = try reader.object()
        try reader.rejectUnknownKeys(Self.knownKeys, in: "the request pattern")
        self.init()
        // WireMock's UrlPattern.fromOneOf: one key by fixed priority, whatever the order in the
        // text; the others are not read at all (a bad regex there is no error).
        let urlKeys = Self.urlKeys.filter { object[$0] != nil && object[$0] != .null }
        if let key = urlKeys.first, let member = reader.member(key) {
            for ignored in urlKeys.dropFirst() {
                reader.warn(at: ignored, "\"\(ignored)\" is ignored: a request matches one URL key, and \"\(key)\" comes first in WireMock's order \(Self.urlKeys.joined(separator: " > ")); keep one")
            }
            let value = try member.string()
            switch key {
            case "url": url = .url(value)
            case "urlPattern": url = URLPattern(kind: .urlPattern(member.regex(value)))
            case "urlPath": url = .urlPath(value)
            case "urlPathPattern": url = URLPattern(kind: .urlPathPattern(member.regex(value)))
            default: url = .urlPathTemplate(value)
            }
            if let problem = url.problems.first { throw member.error(problem) }
            if let warning = url.regex?.backtrackingWarning { member.warn(warning) }
        }
        if let member = reader.member("method"), case .object = member.value {
            // WireMock 4 (`http/RequestMethodJsonDeserializer.java`): `oneOf` first, then
            // `noneOf`; other keys are not read there, so a typo is an error here.
            try member.rejectUnknownKeys(["oneOf", "noneOf"], in: "a method pattern")
            guard let key = ["oneOf", "noneOf"].first(where: { member.member($0) != nil }) else {
                throw member.error("a method pattern names its methods: {\"oneOf\": [\"GET\", \"HEAD\"]} or {\"noneOf\": [\"DELETE\"]}")
            }
            let methods = try member.required(key) { try $0.elements().map { HTTPMethod(rawValue: try $0.string()) } }
            self.methods = key == "oneOf" ? .oneOf(methods) : .noneOf(methods)
            member.warn("a method pattern {\"\(key)\": [...]} is WireMock 4's: WireMock 3.13 will not load this mapping")
        } else {
            method = try reader.optionalString("method").map(HTTPMethod.init(rawValue:)) ?? .any
        }
        scheme = try reader.optionalString("scheme")
        host = try reader.optional("host") { try StringValuePattern(wireMock: $0) }
        port = try reader.optionalInt("port")
        clientIp = try reader.optional("clientIp") { try StringValuePattern(wireMock: $0) }
        pathParameters = try reader.optional("pathParameters") { try [NamedPattern](wireMock: $0) } ?? []
        queryParameters = try reader.optional("queryParameters") { try [NamedPattern](wireMock: $0) } ?? []
        formParameters = try reader.optional("formParameters") { try [NamedPattern](wireMock: $0) } ?? []
        headers = try reader.optional("headers") { try [NamedPattern](wireMock: $0) } ?? []
        cookies = try reader.optional("cookies") { try [NamedPattern](wireMock: $0) } ?? []
        for key in ["basicAuthCredentials", "basicAuth"] {
            guard let member = reader.member(key) else { continue }
            try member.rejectUnknownKeys(["username", "password"], in: key)
            basicAuthCredentials = BasicCredentials(username: try member.requiredString("username"),
                                                    password: try member.requiredString("password"))
        }
        bodyPatterns = try reader.optional("bodyPatterns") { try [StringValuePattern](wireMockContent: $0) } ?? []
        multipartPatterns = try reader.optional("multipartPatterns") { reader in
            var patterns: [MultipartPattern] = []
            for element in try reader.elements() { patterns.append(try MultipartPattern(wireMock: element)) }
            return patterns
        } ?? []
        operationId = try reader.optional("operationId") { member in
            // A bare string is shorthand for `{"equalTo": …}`.
            if case .string(let name) = member.value { return StringValuePattern.equalTo(name) }
            return try StringValuePattern(wireMock: member)
        }
        customMatcher = try reader.optional("customMatcher") { try CustomMatcher(wireMock: $0) }
        if operationId != nil {
            reader.warn(at: "operationId", "\"operationId\" is an Understudy extension: WireMock 3.13 will not load this mapping, and only requests an OpenAPI client sent through mock.clientTransport() carry an operation (a request over a socket never matches it)")
        }
        if let problem = problems.first { throw reader.error(problem) }
    }
}

extension MultipartPattern {
    /// The pattern as WireMock JSON.
    public var wireMockJSON: JSONValue {
        var object = JSONObject()
        if let name { object["name"] = .string(name) }
        if let fileName { object["fileName"] = .string(fileName) }
        object["matchingType"] = .string(matchingType.rawValue)
        if !headers.isEmpty { object["headers"] = headers.wireMockJSON }
        if !bodyPatterns.isEmpty { object["bodyPatterns"] = .array(bodyPatterns.map(\.wireMockJSON)) }
        return .object(object)
    }

    /// Decodes one entry of `multipartPatterns` (WireMock 3's `MultipartValuePattern`).
    package init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(["name", "fileName", "matchingType", "headers", "bodyPatterns"], in: "a multipart pattern")
        let typeName = try reader.optionalString("matchingType") ?? "ANY"
        guard let type = MatchingType(rawValue: typeName) else {
            throw reader.error(at: "matchingType", "matchingType is \"ANY\" or \"ALL\", not \"\(typeName)\"")
        }
        self.init(matchingType: type,
                  headers: try reader.optional("headers") { try [NamedPattern](wireMock: $0) } ?? [],
                  bodyPatterns: try reader.optional("bodyPatterns") { try [StringValuePattern](wireMockContent: $0) } ?? [],
                  name: try reader.optionalString("name"),
                  fileName: try reader.optionalString("fileName"))
        if let name, !headers.contains(where: { $0.name.caseInsensitiveEquals("Content-Disposition") }) {
            reader.warn(at: "name", "\"name\" does not select a part: WireMock's MultipartValuePattern only keeps it as a label; to match the part named \(quoted(name)), add \"headers\": {\"Content-Disposition\": {\"contains\": \"name=\\\"\(name)\\\"\"}}")
        }
        if fileName != nil, headers.isEmpty, bodyPatterns.isEmpty {
            reader.warn(at: "fileName", "\"fileName\" is not checked: WireMock's MultipartValuePattern compares it only when the pattern also has headers or bodyPatterns, so this pattern matches any part")
        }
    }
}

extension [StringValuePattern] {
    /// Decodes a `bodyPatterns` array, whose entries are WireMock content patterns.
    init(wireMockContent reader: JSONReader) throws {
        var patterns: [StringValuePattern] = []
        for element in try reader.elements() { patterns.append(try StringValuePattern(wireMock: element, content: true)) }
        self = patterns
    }
}

extension CustomMatcher {
    /// Decodes a request's `customMatcher` with the matcher of its `name` among the decoder's
    /// ``MappingExtensions``; other names are Java extensions of WireMock's and cannot run here.
    package init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(["name", "parameters"], in: "a customMatcher")
        let name = try reader.requiredString("name")
        let known = reader.source.extensions.matchers
        guard let kind = known[name] else {
            let offered = known.keys.sorted().map(quoted)
            throw reader.error(at: "name", "custom matcher \(quoted(name)) cannot run here"
                + (offered.isEmpty ? "" : "; this decoder has \(offered.joined(separator: ", "))")
                + ". Other WireMock custom matchers are Java extensions: express the rule with the standard operators or a Swift dynamic stub. "
                + MappingExtensions.unknownKeyHint)
        }
        self.init(try kind.init(wireMockCustomMatcher: reader))
    }
}
