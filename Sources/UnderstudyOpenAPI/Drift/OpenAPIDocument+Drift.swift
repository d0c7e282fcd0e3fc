public import Foundation
public import Understudy

extension OpenAPIDocument {
    /// Checks stubs against the document: each stub's request must be one the document allows
    /// (a documented path and method, path parameters of the documented type) and its static
    /// response must be documented (status, `Content-Type`) with a body that fits the schema and
    /// the documented headers (required ones present, each fitting its schema).
    ///
    /// Stubs generated from a document, dynamic responses, proxies and faults are left out;
    /// templated bodies are not parsed (only their status and `Content-Type` are checked).
    ///
    /// - Parameters:
    ///   - stubs: The stubs, for example `mock.stubMappings` or a root folder's mappings.
    ///   - locations: Where each stub is written (`mappings/pets.json:3:5`), in the order of
    ///     `stubs`, to start its findings with; empty when they are not from files.
    ///   - globalTemplating: Whether every response is a template (as `--global-response-templating`).
    ///   - bodyData: The bytes of a response's body (reading `bodyFileName` from the root).
    public func drift(of stubs: [StubMapping], locations: [String] = [], globalTemplating: Bool = false,
                      bodyData: (ResponseDefinition) throws -> Data) -> OpenAPIDriftReport {
        var findings: [OpenAPIDriftReport.Finding] = []
        var notChecked: [String] = []
        var checked = 0
        for (index, stub) in stubs.enumerated() where stub.metadata?[OpenAPIStubBuilder.metadataKey] == nil {
            checked += 1
            let location = locations.indices.contains(index) ? locations[index] : nil
            let request = Self.requestLabel(stub.request)
            let (operation, requestViolations, skipped) = requestDrift(of: stub)
            // A stub is named by where it is written first, when it is from a file.
            let named = (location.map { "\($0): " } ?? "") + stub.label
            if let skipped { notChecked.append("\(named): \(skipped)") }
            var violations = requestViolations
            if let operation {
                violations += responseDrift(of: stub, named: named, against: operation, globalTemplating: globalTemplating,
                                            bodyData: bodyData, notChecked: &notChecked)
            }
            if !violations.isEmpty {
                findings.append(OpenAPIDriftReport.Finding(stub: stub.identity, location: location, request: request,
                                                           operation: operation?.label, violations: violations))
            }
        }
        return OpenAPIDriftReport(source: source, checkedStubs: checked, findings: findings, notChecked: notChecked)
    }

    /// The operation a stub's request goes to and what about the request cannot occur; or why it was not checked.
    func requestDrift(of stub: StubMapping) -> (OpenAPIOperation?, [OpenAPIViolation], String?) {
        let (operation, concretePath, violations, skipped) = target(of: stub)
        guard let operation, let concretePath else { return (operation, violations, skipped) }
        // A concrete path's parameters must be of their documented types.
        let parameterViolations = operation.violations(of: RecordedRequest(method: operation.method, url: concretePath))
            .filter { $0.kind == .invalidParameter && $0.subject.hasPrefix("path parameter") }
        return (operation, parameterViolations, nil)
    }

    /// The operation a stub's request goes to (with the concrete path, when the stub names
    /// one), or why none: what cannot occur, or why it was not looked for.
    func target(of stub: StubMapping) -> (OpenAPIOperation?, concretePath: String?, [OpenAPIViolation], skipped: String?) {
        let method = stub.request.method
        let value = stub.request.url.value ?? ""
        if stub.request.url.key == nil, let id = stub.request.exactOperationId {
            // `.operation("getPetById")`: the stub names its operation instead of a URL.
            guard let operation = operation(id: id) else {
                return (nil, nil, [OpenAPIViolation(kind: .unknownPath, operation: nil, subject: "request operationId",
                                               message: "\(source) has no operation with operationId \(id)")], nil)
            }
            guard method == .any || method == operation.method else {
                return (nil, nil, [OpenAPIViolation(kind: .methodNotAllowed, operation: operation.label, subject: "request method",
                                               message: "\(id) is a \(operation.method.rawValue) operation, not \(method.rawValue)")], nil)
            }
            return (operation, nil, [], nil)
        }
        var concretePath: String?
        let byPath: [OpenAPIOperation]
        switch stub.request.url.key {
        case "url":
            concretePath = String(value.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            byPath = operations(forPath: concretePath ?? "")
        case "urlPath":
            concretePath = value
            byPath = operations(forPath: value)
        case "urlPathTemplate":
            let shape = Self.templateShape(value)
            byPath = operations.filter { Self.templateShape($0.mountedPath) == shape }
        case "urlPattern", "urlPathPattern":
            // The matcher's own regex: a whole-value match, abandoned when it backtracks too long.
            let regex = RegexPattern(value)
            if regex.compileError != nil { return (nil, nil, [], "its URL regex does not compile") }
            byPath = operations.filter { regex.matches(samplePath($0)) }
        default:
            return (nil, nil, [], "it matches any URL, so it has no one operation to check against")
        }
        guard !byPath.isEmpty else {
            return (nil, nil, [OpenAPIViolation(kind: .unknownPath, operation: nil, subject: "request path",
                                           message: "no path of \(source) fits \(value)")], nil)
        }
        let fitting = method == .any ? byPath : byPath.filter { $0.method == method }
        guard let operation = fitting.first else {
            let methods = byPath.map(\.method.rawValue).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            return (nil, nil, [OpenAPIViolation(kind: .methodNotAllowed, operation: nil, subject: "request method",
                                           message: "\(byPath[0].path) has no \(method.rawValue) operation; it has \(methods.joined(separator: ", "))")], nil)
        }
        return (operation, concretePath, [], nil)
    }

    private func responseDrift(of stub: StubMapping, named: String, against operation: OpenAPIOperation, globalTemplating: Bool,
                               bodyData: (ResponseDefinition) throws -> Data, notChecked: inout [String]) -> [OpenAPIViolation] {
        guard case .definition(let response) = stub.response else {
            notChecked.append("\(named): its response is a Swift closure")
            return []
        }
        if response.fault != nil || response.proxyBaseUrl != nil { return [] }
        let templated = globalTemplating || response.transformers.contains("response-template")
        let body: Data?
        do {
            body = templated ? nil : try bodyData(response)
        } catch {
            notChecked.append("\(named): its body cannot be read (\(error))")
            return []
        }
        if templated { notChecked.append("\(named): its body is a template; only status and Content-Type were checked") }
        var headers = response.headers
        if headers["Content-Type"] == nil, case .json = response.body { headers.add(name: "Content-Type", value: "application/json") }
        return operation.responseViolations(status: response.status, headers: headers, body: body)
    }

    /// How a finding names the stub's request: `GET urlPath=/pets/1`, `operation getPetById`.
    static func requestLabel(_ request: RequestPattern) -> String {
        if let key = request.url.key { return "\(request.method.rawValue) \(key)=\(request.url.value ?? "")" }
        guard let id = request.exactOperationId else { return "\(request.method.rawValue) any URL" }
        return request.method == .any ? "operation \(id)" : "\(request.method.rawValue) operation \(id)"
    }

    /// `/pets/{petId}` and `/pets/{id}` have the same shape `/pets/{}`.
    static func templateShape(_ template: String) -> String {
        template.replacingOccurrences(of: "\\{[^}]*\\}", with: "{}", options: .regularExpression)
    }

    /// A path the operation's template fits, with each variable a value of its type.
    private func samplePath(_ operation: OpenAPIOperation) -> String {
        var path = operation.mountedPath
        for parameter in operation.parameters where parameter.location == .path {
            let sample = parameter.schema.flatMap(OpenAPIStubBuilder.pathShape)?.sample ?? "x"
            path = path.replacingOccurrences(of: "{\(parameter.name)}", with: sample)
        }
        return path
    }
}
