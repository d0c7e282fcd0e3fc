extension RequestPattern {
    private static let urlKeys = ["url", "urlPattern", "urlPath", "urlPathPattern", "urlPathTemplate"]
    private static let knownKeys = urlKeys + [
        "method", "scheme", "host", "port", "pathParameters", "queryParameters", "formParameters", "headers",
        "cookies", "basicAuthCredentials", "basicAuth", "bodyPatterns", "multipartPatterns",
    ]

    /// The pattern as WireMock JSON (the `request` object of a mapping).
    public var wireMockJSON: JSONValue {
        var object = JSONObject()
        if let key = url.key, let value = url.value { object[key] = .string(value) }
        object["method"] = .string(method.rawValue)
        if let scheme { object["scheme"] = .string(scheme) }
        if let host { object["host"] = host.wireMockJSON }
        if let port { object["port"] = .number(JSONNumber(port)) }
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
        return .object(object)
    }

    /// Decodes WireMock's `request` object.
    init(wireMock reader: JSONReader) throws {
        let object = try reader.object()
        if object["customMatcher"] != nil {
            throw reader.error(at: "customMatcher", "custom matchers are Java extensions and cannot run here; express the rule with the standard operators or a Swift dynamic stub")
        }
        try reader.rejectUnknownKeys(Self.knownKeys, in: "the request pattern")
        self.init()
        let urlKeys = Self.urlKeys.filter { object[$0] != nil }
        if urlKeys.count > 1 {
            throw reader.error(at: urlKeys[1], "a request pattern has one URL key, found \(urlKeys.map { "\"\($0)\"" }.joined(separator: " and ")); keep one")
        }
        if let key = urlKeys.first, let member = reader.member(key) {
            let value = try member.string()
            switch key {
            case "url": url = .url(value)
            case "urlPattern": url = .urlPattern(value)
            case "urlPath": url = .urlPath(value)
            case "urlPathPattern": url = .urlPathPattern(value)
            default: url = .urlPathTemplate(value)
            }
            if let problem = url.problems.first { throw member.error(problem) }
        }
        method = try reader.optionalString("method").map(HTTPMethod.init(rawValue:)) ?? .any
        scheme = try reader.optionalString("scheme")
        host = try reader.optional("host") { try StringValuePattern(wireMock: $0) }
        port = try reader.optionalInt("port")
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
        bodyPatterns = try reader.optional("bodyPatterns") { reader in
            var patterns: [StringValuePattern] = []
            for element in try reader.elements() { patterns.append(try StringValuePattern(wireMock: element)) }
            return patterns
        } ?? []
        multipartPatterns = try reader.optional("multipartPatterns") { reader in
            var patterns: [MultipartPattern] = []
            for element in try reader.elements() { patterns.append(try MultipartPattern(wireMock: element)) }
            return patterns
        } ?? []
        if let problem = problems.first { throw reader.error(problem) }
    }
}

extension MultipartPattern {
    /// The pattern as WireMock JSON.
    public var wireMockJSON: JSONValue {
        var object: JSONObject = ["matchingType": .string(matchingType.rawValue)]
        if !headers.isEmpty { object["headers"] = headers.wireMockJSON }
        if !bodyPatterns.isEmpty { object["bodyPatterns"] = .array(bodyPatterns.map(\.wireMockJSON)) }
        return .object(object)
    }

    init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(["matchingType", "headers", "bodyPatterns"], in: "a multipart pattern")
        let typeName = try reader.optionalString("matchingType") ?? "ANY"
        guard let type = MatchingType(rawValue: typeName) else {
            throw reader.error(at: "matchingType", "matchingType is \"ANY\" or \"ALL\", not \"\(typeName)\"")
        }
        var bodyPatterns: [StringValuePattern] = []
        if let member = reader.member("bodyPatterns") {
            for element in try member.elements() { bodyPatterns.append(try StringValuePattern(wireMock: element)) }
        }
        self.init(matchingType: type,
                  headers: try reader.optional("headers") { try [NamedPattern](wireMock: $0) } ?? [],
                  bodyPatterns: bodyPatterns)
    }
}
