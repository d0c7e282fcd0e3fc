public import Understudy

extension OpenAPIDocument {
    /// Which operations and responses `stubs` (hand-written ones; spec-generated stubs cover
    /// everything and are not counted) and the journaled `events` exercised. A request the
    /// mock refused itself (a validating mock's 400 report) exercises its operation but none
    /// of the operation's documented responses.
    public func coverage(stubs: [StubMapping], events: [ServeEvent]) -> OpenAPICoverage {
        var stubCounts: [String: Int] = [:]
        var responseStubCounts: [String: Int] = [:]
        for stub in stubs where stub.metadata?[OpenAPIStubBuilder.metadataKey] == nil {
            guard let operation = target(of: stub).0 else { continue }
            stubCounts[operation.pointer, default: 0] += 1
            if case .definition(let response) = stub.response, let documented = operation.response(forStatus: response.status) {
                responseStubCounts[operation.pointer + " " + documented.status, default: 0] += 1
            }
        }
        var requestCounts: [String: Int] = [:]
        var responseRequestCounts: [String: Int] = [:]
        for event in events where event.wasMatched {
            // A request an OpenAPI client sent through the in-process transport names its operation.
            let named = event.request.operationId.flatMap { operation(id: $0) }
            guard let operation = named ?? operation(method: event.request.method, path: event.request.path) else { continue }
            requestCounts[operation.pointer, default: 0] += 1
            // The mock's own refusals (a validating mock's 400 report, an unknown `Prefer`) are
            // not the document's responses, even when the document has a 400 too.
            guard event.response.headers[OpenAPIViolationReport.violationsHeader] == nil else { continue }
            if let documented = operation.response(forStatus: event.status) {
                responseRequestCounts[operation.pointer + " " + documented.status, default: 0] += 1
            }
        }
        return OpenAPICoverage(source: source, operations: operations.map { operation in
            OpenAPICoverage.Operation(
                label: operation.label, method: operation.method.rawValue, path: operation.path,
                stubs: stubCounts[operation.pointer, default: 0], requests: requestCounts[operation.pointer, default: 0],
                responses: operation.responses.map { response in
                    let key = operation.pointer + " " + response.status
                    return OpenAPICoverage.Response(status: response.status, stubs: responseStubCounts[key, default: 0],
                                                    requests: responseRequestCounts[key, default: 0])
                }
            )
        })
    }
}

extension HTTPMock {
    /// Which operations and documented responses of the document this mock's hand-written stubs
    /// and its journal exercised (see ``OpenAPIDocument/coverage(stubs:events:)``).
    ///
    /// ```swift
    /// let coverage = mock.openAPICoverage(document)
    /// print(coverage)                  // one line per operation
    /// #expect(coverage.unexercisedOperations.isEmpty)
    /// ```
    public func openAPICoverage(_ document: OpenAPIDocument) -> OpenAPICoverage {
        document.coverage(stubs: stubMappings, events: serveEvents)
    }
}
