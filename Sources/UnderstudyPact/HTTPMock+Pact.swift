public import Foundation

extension HTTPMock {
    /// The Pact contract of what this mock served: one interaction per distinct request shape
    /// its stubs answered, described by the stub's name (or method and path), with the request
    /// as sent and the response as answered, matching rules from the stub's patterns, and
    /// provider states from the scenario states the stubs needed. Unmatched requests, faults
    /// and stubs never called are left out. A namespaced handle's contract holds its
    /// namespace's requests only.
    ///
    /// ```swift
    /// let mock = HTTPMock()
    /// mock.stub(.get(urlPath: "/users/2"), .ok.json(["id": 2, "name": "Ada"]), name: "Get user")
    /// _ = mock.serve(RecordedRequest(method: .get, url: "/users/2"))
    /// let contract = mock.pactContract(consumer: "App", provider: "Users")
    /// print(contract.gaps)   // the patterns Pact has no rule for
    /// ```
    public func pactContract(consumer: String, provider: String, specification: PactSpecification = .v4) -> PactContract {
        PactExporter(consumer: consumer, provider: provider, specification: specification).contract(of: pactEntries)
    }

    /// The journal's entries with their bodies, as the exporter reads them.
    var pactEntries: [PactExporter.Entry] {
        serveEvents.map { event in
            PactExporter.Entry(event: event, body: try? bodyData(for: event.response), globalTemplating: configuration.globalTemplating)
        }
    }

    /// Writes `pactContract(consumer:provider:specification:)` as `Consumer-Provider.json`
    /// into `directory` (`pacts/` by default, made if missing), where a provider's build (or a
    /// Pact Broker) picks it up, and returns it.
    ///
    /// ```swift
    /// let mock = HTTPMock()
    /// mock.stub(.get(urlPath: "/users/2"), .ok.json(["id": 2, "name": "Ada"]), name: "Get user")
    /// _ = mock.serve(RecordedRequest(method: .get, url: "/users/2"))
    /// let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pacts")
    /// try mock.pact(consumer: "App", provider: "Users", directory: directory)   // pacts/App-Users.json
    /// ```
    @discardableResult
    public func pact(consumer: String, provider: String, specification: PactSpecification = .v4,
                     directory: URL = PactContract.defaultDirectory) throws -> PactContract {
        let contract = pactContract(consumer: consumer, provider: provider, specification: specification)
        try contract.write(to: directory)
        return contract
    }
}
