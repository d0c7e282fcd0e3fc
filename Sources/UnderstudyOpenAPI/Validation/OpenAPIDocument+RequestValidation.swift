public import Understudy

extension OpenAPIDocument {
    /// Every way a request disagrees with the document: no path fits, the method is not
    /// documented for the path, a required parameter is missing, a parameter or the body does not
    /// fit its schema, the body's media type is not accepted. Empty when the request is valid.
    public func violations(of request: RecordedRequest) -> [OpenAPIViolation] {
        let candidates = operations(forPath: request.path)
        guard !candidates.isEmpty else {
            let known = operations.map(\.mountedPath).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let firstSegment = request.path.split(separator: "/").first.map { "/\($0)" } ?? "/"
            let near = known.filter { $0.hasPrefix(firstSegment) }.prefix(3)
            let hint = near.isEmpty ? "" : "; paths under \(firstSegment): \(near.joined(separator: ", "))"
            return [OpenAPIViolation(kind: .unknownPath, operation: nil, subject: "path",
                                     message: "no path of \(source) fits \(request.path)\(hint)")]
        }
        // An operation whose path key fixes a query the request carries goes first.
        let method = candidates.filter { $0.method == request.method && $0.carriesFixedQuery(request) }
        guard let operation = method.first(where: { !$0.fixedQuery.isEmpty }) ?? method.first else {
            let methods = candidates.map(\.method.rawValue).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            return [OpenAPIViolation(kind: .methodNotAllowed, operation: nil, subject: "method",
                                     message: "\(candidates[0].path) has no \(request.method.rawValue) operation; it has \(methods.joined(separator: ", "))")]
        }
        return operation.violations(of: request)
    }
}

extension OpenAPIOperation {
    private static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// Every way a request to this operation disagrees with it (parameters and body; the path
    /// and method are taken as fitting).
    public func violations(of request: RecordedRequest) -> [OpenAPIViolation] {
        var found: [OpenAPIViolation] = []
        // Credentials first, as Prism checks them (the answer is then a 401).
        if let security, !security.isSatisfied(by: request) {
            found.append(OpenAPIViolation(kind: .unauthorized, operation: label, subject: "security",
                                          message: "the request has no credentials; send \(security.expectation)"))
        }
        let pathValues = pathValues(request.path) ?? [:]
        // The specification has header parameters named Accept, Content-Type or Authorization ignored.
        for parameter in parameters where !(parameter.location == .header && Self.ignoredHeaders.contains(parameter.name.lowercased())) {
            let value: JSONValue? = switch parameter.location {
            case .path: pathValues[parameter.name].map { OpenAPIParameterCoercion.value(of: [$0], for: parameter) }
            case .query: OpenAPIParameterCoercion.queryValue(of: request.queryItems, for: parameter)
            case .header: OpenAPIParameterCoercion.value(ofAny: request.headers.values(for: parameter.name), for: parameter)
            case .cookie: OpenAPIParameterCoercion.value(ofAny: request.cookies.filter { $0.name == parameter.name }.map(\.value), for: parameter)
            }
            let subject = "\(parameter.location.rawValue) parameter \(parameter.name)"
            guard let value else {
                if parameter.required {
                    found.append(OpenAPIViolation(kind: .missingParameter, operation: label, subject: subject, message: "required, but the request has none"))
                }
                continue
            }
            guard let schema = parameter.schema else { continue }
            for failure in schema.validate(value) {
                found.append(OpenAPIViolation(kind: .invalidParameter, operation: label, subject: subject, failure: failure))
            }
        }
        found += bodyViolations(of: request)
        return found
    }

    private func bodyViolations(of request: RecordedRequest) -> [OpenAPIViolation] {
        guard let requestBody else { return [] }
        let contentType = request.headers["Content-Type"] ?? ""
        // An empty body is no body, except a form's: one with no fields is still a form, and its
        // required fields are missing (Twilio's forms, sent empty).
        let emptyForm = OpenAPIMediaType.essence(contentType) == "application/x-www-form-urlencoded"
        guard !request.body.isEmpty || emptyForm else {
            return requestBody.required
                ? [OpenAPIViolation(kind: .missingBody, operation: label, subject: "request body", message: "required, but the request has none")]
                : []
        }
        guard !requestBody.content.isEmpty else { return [] }
        guard let media = OpenAPIMediaType.best(in: requestBody.content, for: contentType) else {
            let accepted = requestBody.content.map(\.contentType).joined(separator: ", ")
            return [OpenAPIViolation(kind: .unsupportedContentType, operation: label, subject: "request body",
                                     message: "Content-Type \(contentType.isEmpty ? "(none)" : contentType) is not accepted; the operation takes \(accepted)")]
        }
        return OpenAPIBodyCheck.violations(of: request.body, media: media, kind: .invalidBody, operation: label, subject: "request body")
    }
}
