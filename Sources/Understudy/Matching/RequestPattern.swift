public import UnderstudyClient
import UnderstudyJSON
/// What a request must look like: WireMock's `request` object.
///
/// Start from a method and URL, then chain constraints:
/// ```swift
/// let pattern: RequestPattern = .post(urlPath: "/orders")
///     .header("Content-Type", .contains("json"))
///     .queryParameter("dryRun", .absent)
///     .body(.matchesJsonPath("$.items[?(@.quantity > 0)]"))
/// ```
public struct RequestPattern: Sendable, Hashable {
    /// The method; `ANY` matches all. `ANY` when ``methods`` constrains the method instead.
    public var method: HTTPMethod
    /// The methods allowed or refused (WireMock 4's `{"oneOf": [...]}` / `{"noneOf": [...]}`),
    /// when set; ``method`` is then `ANY`.
    public var methods: MethodSetPattern?
    /// The URL constraint.
    public var url: URLPattern
    /// `http` or `https`, when constrained.
    public var scheme: String?
    /// The host, when constrained.
    public var host: StringValuePattern?
    /// The port, when constrained.
    public var port: Int?
    /// The client's address (``RecordedRequest/clientIP``), when constrained (WireMock's `clientIp`).
    public var clientIp: StringValuePattern?
    /// Variables of a `urlPathTemplate`.
    public var pathParameters: [NamedPattern]
    /// Query parameters (percent-decoded values).
    public var queryParameters: [NamedPattern]
    /// `application/x-www-form-urlencoded` body parameters.
    public var formParameters: [NamedPattern]
    /// Headers (names compare case-insensitively).
    public var headers: [NamedPattern]
    /// Cookies.
    public var cookies: [NamedPattern]
    /// Required `Basic` credentials.
    public var basicAuthCredentials: BasicCredentials?
    /// Patterns the body must all match.
    public var bodyPatterns: [StringValuePattern]
    /// Patterns for the parts of a multipart body.
    public var multipartPatterns: [MultipartPattern]
    /// The OpenAPI operation (``RecordedRequest/operationId``), when constrained: an Understudy
    /// extension to WireMock's request, written as `"operationId"` in mapping JSON.
    public var operationId: StringValuePattern?
    /// A matcher from outside the core (WireMock's `customMatcher`), when constrained: the
    /// GraphQL request the body must hold (`UnderstudyGraphQL`'s `RequestPattern.graphQL`),
    /// or any `RequestMatcherExtension`.
    public var customMatcher: CustomMatcher?

    /// Creates a pattern; with no arguments it matches every request.
    public init(
        method: HTTPMethod = .any,
        url: URLPattern = .any,
        scheme: String? = nil,
        host: StringValuePattern? = nil,
        port: Int? = nil,
        pathParameters: [NamedPattern] = [],
        queryParameters: [NamedPattern] = [],
        formParameters: [NamedPattern] = [],
        headers: [NamedPattern] = [],
        cookies: [NamedPattern] = [],
        basicAuthCredentials: BasicCredentials? = nil,
        bodyPatterns: [StringValuePattern] = [],
        multipartPatterns: [MultipartPattern] = [],
        clientIp: StringValuePattern? = nil,
        operationId: StringValuePattern? = nil,
        customMatcher: CustomMatcher? = nil
    ) {
        self.method = method
        self.url = url
        self.scheme = scheme
        self.host = host
        self.port = port
        self.pathParameters = pathParameters
        self.queryParameters = queryParameters
        self.formParameters = formParameters
        self.headers = headers
        self.cookies = cookies
        self.basicAuthCredentials = basicAuthCredentials
        self.bodyPatterns = bodyPatterns
        self.multipartPatterns = multipartPatterns
        self.clientIp = clientIp
        self.operationId = operationId
        self.customMatcher = customMatcher
    }

    /// The operation the pattern names exactly (a case-sensitive `equalTo` on
    /// ``operationId``), or `nil`.
    package var exactOperationId: String? {
        guard case .equalTo(let value, caseInsensitive: false)? = operationId?.kind else { return nil }
        return value
    }

    /// Every request.
    public static var anyRequest: RequestPattern { RequestPattern() }

    /// Problems that make the pattern unusable (invalid regular expressions, templates,
    /// JSONPaths, path parameters without a template), one message each; empty when valid.
    public var problems: [String] {
        var found = url.problems + stringValuePatterns.flatMap(\.problems)
        if let customMatcher { found += customMatcher.matcher.problems }
        if !pathParameters.isEmpty {
            if case .urlPathTemplate(let template) = url.kind {
                for named in pathParameters where !template.variableNames.contains(named.name) {
                    found.append("path parameter \"\(named.name)\" is not a variable of urlPathTemplate \"\(template.template)\"; its variables are \(template.variableNames.map { "{\($0)}" }.joined(separator: ", "))")
                }
            } else if case .invalidTemplate = url.kind {
            } else {
                found.append("pathParameters need a urlPathTemplate such as \"/users/{id}\"; this pattern uses \(url)")
            }
        }
        return found
    }

    /// Every string-value pattern in the request pattern: host, client address, operation, path,
    /// query, form, header and cookie parameters, body patterns, and the bodies and headers of multipart patterns.
    var stringValuePatterns: [StringValuePattern] {
        var patterns = (host.map { [$0] } ?? []) + (clientIp.map { [$0] } ?? []) + (operationId.map { [$0] } ?? []) + bodyPatterns
        for named in pathParameters + queryParameters + formParameters + headers + cookies {
            patterns += named.pattern.patterns
        }
        for multipart in multipartPatterns {
            patterns += multipart.bodyPatterns + multipart.headers.flatMap(\.pattern.patterns)
        }
        return patterns
    }

    /// Throws ``InvalidPatternError`` listing every problem, when there are any.
    public func validate() throws(InvalidPatternError) {
        let problems = self.problems
        if !problems.isEmpty { throw InvalidPatternError(problems: problems) }
    }
}

/// A request pattern that cannot match anything because part of it is invalid.
public struct InvalidPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One message per problem.
    public let problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}

extension RequestPattern {
    /// The same pattern for a request whose method is one of `methods` (WireMock 4's
    /// `"method": {"oneOf": [...]}`): `.anyRequest.method(oneOf: .get, .head)`.
    public func method(oneOf methods: HTTPMethod...) -> RequestPattern {
        var pattern = self
        pattern.method = .any
        pattern.methods = .oneOf(methods)
        return pattern
    }

    /// The same pattern for a request whose method is none of `methods` (WireMock 4's
    /// `"method": {"noneOf": [...]}`): `.any(urlPath: "/items").method(noneOf: .delete)`.
    public func method(noneOf methods: HTTPMethod...) -> RequestPattern {
        var pattern = self
        pattern.method = .any
        pattern.methods = .noneOf(methods)
        return pattern
    }

    /// A pattern for a method and URL.
    public static func request(_ method: HTTPMethod, _ url: URLPattern) -> RequestPattern {
        RequestPattern(method: method, url: url)
    }

    /// `GET` with exactly this path and query (WireMock `url`).
    public static func get(url: String) -> RequestPattern { .request(.get, .url(url)) }
    /// `GET` with exactly this path, any query (WireMock `urlPath`).
    public static func get(urlPath: String) -> RequestPattern { .request(.get, .urlPath(urlPath)) }
    /// `POST` with exactly this path and query.
    public static func post(url: String) -> RequestPattern { .request(.post, .url(url)) }
    /// `POST` with exactly this path, any query.
    public static func post(urlPath: String) -> RequestPattern { .request(.post, .urlPath(urlPath)) }
    /// `PUT` with exactly this path and query.
    public static func put(url: String) -> RequestPattern { .request(.put, .url(url)) }
    /// `PUT` with exactly this path, any query.
    public static func put(urlPath: String) -> RequestPattern { .request(.put, .urlPath(urlPath)) }
    /// `PATCH` with exactly this path and query.
    public static func patch(url: String) -> RequestPattern { .request(.patch, .url(url)) }
    /// `PATCH` with exactly this path, any query.
    public static func patch(urlPath: String) -> RequestPattern { .request(.patch, .urlPath(urlPath)) }
    /// `DELETE` with exactly this path and query.
    public static func delete(url: String) -> RequestPattern { .request(.delete, .url(url)) }
    /// `DELETE` with exactly this path, any query.
    public static func delete(urlPath: String) -> RequestPattern { .request(.delete, .urlPath(urlPath)) }
    /// `HEAD` with exactly this path, any query.
    public static func head(urlPath: String) -> RequestPattern { .request(.head, .urlPath(urlPath)) }
    /// `OPTIONS` with exactly this path, any query.
    public static func options(urlPath: String) -> RequestPattern { .request(.options, .urlPath(urlPath)) }
    /// Any method with exactly this path and query.
    public static func any(url: String) -> RequestPattern { .request(.any, .url(url)) }
    /// Any method with exactly this path, any query.
    public static func any(urlPath: String) -> RequestPattern { .request(.any, .urlPath(urlPath)) }

    /// Any method and URL, sent for the OpenAPI operation with this `operationId` (the
    /// generated client's `operationID`, which the OpenAPI client transport records):
    /// ```swift
    /// let mock = HTTPMock()
    /// mock.stub(.operation("getPetById"), .ok.json(["id": 1, "name": "Rex"]))
    /// ```
    /// Requests that arrive with no operation (over a socket, or from another transport) do not
    /// match it.
    public static func operation(_ operationId: String) -> RequestPattern {
        RequestPattern(operationId: .equalTo(operationId))
    }

    /// Any method and URL, sent for an OpenAPI operation whose id matches the pattern, for
    /// example `.operation(.matches("list.*"))`.
    public static func operation(_ pattern: StringValuePattern) -> RequestPattern {
        RequestPattern(operationId: pattern)
    }

    /// Adds an operation constraint to a pattern: `.get(urlPath: "/pets").operation("listPets")`.
    public func operation(_ operationId: String) -> RequestPattern {
        operation(.equalTo(operationId))
    }

    /// Adds an operation constraint (any string-value pattern) to a pattern.
    public func operation(_ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.operationId = pattern
        return copy
    }

    /// Adds a header constraint (names compare case-insensitively).
    public func header(_ name: String, _ pattern: StringValuePattern) -> RequestPattern {
        header(name, .single(pattern))
    }

    /// Adds a multi-value header constraint (`hasExactly`, `includes`).
    public func header(_ name: String, _ pattern: MultiValuePattern) -> RequestPattern {
        var copy = self
        copy.headers.append(NamedPattern(name: name, pattern: pattern))
        return copy
    }

    /// Adds a query parameter constraint.
    public func queryParameter(_ name: String, _ pattern: StringValuePattern) -> RequestPattern {
        queryParameter(name, .single(pattern))
    }

    /// Adds a multi-value query parameter constraint.
    public func queryParameter(_ name: String, _ pattern: MultiValuePattern) -> RequestPattern {
        var copy = self
        copy.queryParameters.append(NamedPattern(name: name, pattern: pattern))
        return copy
    }

    /// Adds a form parameter constraint (`application/x-www-form-urlencoded` bodies).
    public func formParameter(_ name: String, _ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.formParameters.append(NamedPattern(name: name, pattern: .single(pattern)))
        return copy
    }

    /// Adds a cookie constraint.
    public func cookie(_ name: String, _ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.cookies.append(NamedPattern(name: name, pattern: .single(pattern)))
        return copy
    }

    /// Constrains a variable of the `urlPathTemplate`.
    public func pathParameter(_ name: String, _ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.pathParameters.append(NamedPattern(name: name, pattern: .single(pattern)))
        return copy
    }

    /// Adds a body pattern; all body patterns must match.
    public func body(_ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.bodyPatterns.append(pattern)
        return copy
    }

    /// Adds a multipart pattern.
    public func multipart(_ pattern: MultipartPattern) -> RequestPattern {
        var copy = self
        copy.multipartPatterns.append(pattern)
        return copy
    }

    /// Requires `Basic` credentials.
    public func basicAuth(username: String, password: String) -> RequestPattern {
        var copy = self
        copy.basicAuthCredentials = BasicCredentials(username: username, password: password)
        return copy
    }

    /// Constrains the host.
    public func host(_ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.host = pattern
        return copy
    }

    /// Constrains the client's address, for example `.equalTo("127.0.0.1")`.
    public func clientIp(_ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.clientIp = pattern
        return copy
    }

    /// Constrains the port.
    public func port(_ port: Int) -> RequestPattern {
        var copy = self
        copy.port = port
        return copy
    }

    /// Constrains the scheme (`http` or `https`).
    public func scheme(_ scheme: String) -> RequestPattern {
        var copy = self
        copy.scheme = scheme
        return copy
    }
}
