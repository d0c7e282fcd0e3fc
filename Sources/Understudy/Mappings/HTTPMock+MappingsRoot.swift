import Foundation

extension HTTPMock {
    /// Creates a mock that answers with every mapping under `root/mappings` (any depth,
    /// `*.json`, WireMock format), reads the other parts its extensions know (the message
    /// stubs under `root/message-mappings`, WireMock 4's, with `UnderstudyMessaging`) and
    /// serves `bodyFileName` responses from `root/__files`.
    ///
    /// `configuration.root` is replaced by `root`; mappings may use the answer kinds and custom
    /// matchers of `configuration.mappingExtensions`. Throws ``MappingsLoadError`` listing every
    /// file that could not be read or decoded; a missing `mappings` folder means no stubs. A
    /// part of WireMock's root layout that holds mapping files no extension reads
    /// (`message-mappings/` without `.messaging`) is an error too, rather than stubs left out unsaid.
    /// ```swift
    /// let mock = try HTTPMock(loadingMappingsFrom: MappingsRoot(path: "Fixtures/api"))
    /// ```
    public convenience init(loadingMappingsFrom root: MappingsRoot, configuration: Configuration = Configuration()) throws(MappingsLoadError) {
        let parts = configuration.mappingExtensions.rootParts
        for folder in MappingsRoot.partFolders where !parts.contains(where: { $0.folder == folder }) {
            guard try !root.jsonFiles(in: root.url.appendingPathComponent(folder, isDirectory: true), named: folder).isEmpty else { continue }
            throw MappingsLoadError(errors: [MappingDecodingError(file: folder, path: "", message:
                "holds stubs no extension of this mock reads; give the mock the extension that does (HTTPMock.Configuration(mappingExtensions: .understudy), from UnderstudyServer, has them all), or move the folder out of the root")])
        }
        let mappings = try root.loadMappings(extensions: configuration.mappingExtensions)
        var configuration = configuration
        configuration.root = root
        self.init(configuration: configuration)
        stub(mappings)
        for part in parts { try part.load(from: root, into: self) }
    }
}

extension MappingsRoot {
    /// The folders of WireMock's root layout besides `mappings/` and `__files/` whose stubs an
    /// extension reads (WireMock 4's `message-mappings/`).
    static let partFolders = ["message-mappings"]
}
