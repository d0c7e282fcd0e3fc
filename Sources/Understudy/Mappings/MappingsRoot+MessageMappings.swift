public import Foundation

extension MappingsRoot {
    /// The folder of message stubs: `root/message-mappings` (WireMock 4's `MESSAGE_MAPPINGS_ROOT`).
    public var messageMappingsFolder: URL { url.appendingPathComponent("message-mappings", isDirectory: true) }

    /// Every message stub under `message-mappings` (any depth, `*.json`, file order by path):
    /// one stub per file, or several as `{"messageMappings": [...]}`. A missing folder means
    /// none; throws ``MappingsLoadError`` naming every file that cannot be read or decoded.
    public func loadMessageMappings() throws(MappingsLoadError) -> [MessageStubMapping] {
        let files = try jsonFiles(in: messageMappingsFolder, named: "message-mappings")
        var stubs: [MessageStubMapping] = []
        var errors: [MappingDecodingError] = []
        for (file, name) in files {
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
