extension HTTPMock {
    /// Creates a mock that answers with every mapping under `root/mappings` (any depth,
    /// `*.json`, WireMock format), holds the message stubs under `root/message-mappings`
    /// (WireMock 4) and serves `bodyFileName` responses from `root/__files`.
    ///
    /// `configuration.root` is replaced by `root`. Throws ``MappingsLoadError`` listing every
    /// file that could not be read or decoded; a missing `mappings` folder means no stubs.
    /// ```swift
    /// let mock = try HTTPMock(loadingMappingsFrom: MappingsRoot(path: "Fixtures/api"))
    /// ```
    public convenience init(loadingMappingsFrom root: MappingsRoot, configuration: Configuration = Configuration()) throws(MappingsLoadError) {
        let mappings = try root.loadMappings()
        let messageStubs = try root.loadMessageMappings()
        var configuration = configuration
        configuration.root = root
        self.init(configuration: configuration)
        stub(mappings)
        for stub in messageStubs { messages.stub(stub) }
    }
}
