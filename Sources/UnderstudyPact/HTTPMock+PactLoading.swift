public import Foundation

extension HTTPMock {
    /// A mock answering as the Pact contract in `file` (v2, v3 or v4) says the provider does:
    /// one stub per HTTP interaction, named by its description, whose request pattern comes
    /// from the interaction's request and matching rules and whose response is the
    /// interaction's. Throws a ``PactImportError`` naming what cannot be read.
    ///
    /// ```swift
    /// let file = FileManager.default.temporaryDirectory.appendingPathComponent("App-Users.json")
    /// try Data(#"{"consumer": {"name": "App"}, "provider": {"name": "Users"}, "interactions": [{"type": "Synchronous/HTTP", "description": "Ping", "request": {"method": "GET", "path": "/ping"}, "response": {"status": 204}}], "metadata": {"pactSpecification": {"version": "4.0"}}}"#.utf8).write(to: file)
    /// let mock = try HTTPMock(pact: file)
    /// mock.serve(RecordedRequest(method: .get, url: "/ping")).response.status   // 204
    /// ```
    public convenience init(pact file: URL, configuration: Configuration = Configuration()) throws(PactImportError) {
        self.init(configuration: configuration)
        try stub(pact: file)
    }

    /// Adds a stub for each HTTP interaction of the Pact contract in `file` (see
    /// `init(pact:configuration:)`); returns the stubs and the warnings reading it gave
    /// (interactions skipped, rules with no Understudy pattern).
    @discardableResult
    public func stub(pact file: URL) throws(PactImportError) -> (stubs: [StubMapping], warnings: [String]) {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw PactImportError("cannot read \(file.path): \(error.localizedDescription)")
        }
        return try stub(pact: data, file: file.lastPathComponent)
    }

    /// Adds a stub for each HTTP interaction of a Pact document (see `init(pact:configuration:)`).
    @discardableResult
    public func stub(pact data: Data, file: String? = nil) throws(PactImportError) -> (stubs: [StubMapping], warnings: [String]) {
        let (mappings, warnings) = try PactImporter.mappings(from: data, file: file)
        let stubs: [StubMapping]
        do {
            stubs = try WireMockMappings.decode(["mappings": .array(mappings)])
        } catch {
            throw PactImportError("\(file ?? "the Pact file"): an interaction's stub does not decode: \(error)")
        }
        stub(stubs)
        return (stubs, warnings)
    }
}
