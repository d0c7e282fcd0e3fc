public import Foundation

extension MappingsRoot {
    /// The folder of message stubs: `root/message-mappings` (WireMock 4's `MESSAGE_MAPPINGS_ROOT`).
    public var messageMappingsFolder: URL { url.appendingPathComponent("message-mappings", isDirectory: true) }

    /// Every message stub under `message-mappings` (any depth, `*.json`, file order by path):
    /// one stub per file, or several as `{"messageMappings": [...]}`. A missing folder means
    /// none; throws ``MappingsLoadError`` naming every file that cannot be read or decoded.
    public func loadMessageMappings() throws(MappingsLoadError) -> [MessageStubMapping] {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: messageMappingsFolder.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw MappingsLoadError(errors: [MappingDecodingError(file: messageMappingsFolder.path, path: "", message: "is a file; message-mappings must be a folder of *.json files")])
        }
        let files = (fileManager.enumerator(at: messageMappingsFolder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension.lowercased() == "json" }
            .sorted { $0.path < $1.path }
        var stubs: [MessageStubMapping] = []
        var errors: [MappingDecodingError] = []
        for file in files {
            let name = "message-mappings/" + file.path.dropFirst(messageMappingsFolder.path.count).drop { $0 == "/" }
            do {
                stubs += try WireMockMessageMappings.decode(try Data(contentsOf: file), file: name)
            } catch let error as MappingDecodingError {
                errors.append(error)
            } catch {
                errors.append(MappingDecodingError(file: name, path: "", message: "cannot be read: \(error.localizedDescription)"))
            }
        }
        if !errors.isEmpty { throw MappingsLoadError(errors: errors) }
        return stubs
    }
}
