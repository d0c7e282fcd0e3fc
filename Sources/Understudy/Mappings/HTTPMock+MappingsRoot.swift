extension HTTPMock {
    /// Creates a mock that answers with every mapping under `root/mappings` (any depth,
    /// `*.json`, WireMock format), reads the other parts its extensions know (the message
    /// stubs under `root/message-mappings`, WireMock 4's, with `UnderstudyMessaging`) and
    /// serves `bodyFileName` responses from `root/__files`.
    ///
    /// `configuration.root` is replaced by `root`; mappings may use the answer kinds and custom
    /// matchers of `configuration.mappingExtensions`. Throws ``MappingsLoadError`` listing every
    /// file that could not be read or decoded; a missing `mappings` folder means no stubs.
    /// ```swift
    /// let mock = try HTTPMock(loadingMappingsFrom: MappingsRoot(path: "Fixtures/api"))
    /// ```
    public convenience init(loadingMappingsFrom root: MappingsRoot, configuration: Configuration = Configuration()) throws(MappingsLoadError) {
        let mappings = try root.loadMappings(extensions: configuration.mappingExtensions)
        var configuration = configuration
        configuration.root = root
        self.init(configuration: configuration)
        stub(mappings)
        for part in configuration.mappingExtensions.rootParts { try part.load(from: root, into: self) }
    }
}
