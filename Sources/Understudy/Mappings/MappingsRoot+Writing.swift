public import Foundation
import UnderstudyJSON

extension MappingsRoot {
    /// Writes one stub to `mappings/` and returns the file: the file that already holds this
    /// stub (alone) when there is one, else `mappings/<name>-<id>.json`.
    ///
    /// The write is atomic: the JSON goes to a temporary file in the same folder, which is then
    /// renamed over the target, so a crash never leaves a truncated mapping (and the loader
    /// ignores the temporary file, which does not end in `.json`).
    @discardableResult
    public func write(_ mapping: StubMapping) throws -> URL {
        try write([mapping])[0]
    }

    /// Writes several stubs as ``write(_:)-(StubMapping)`` does, finding the files that already
    /// hold them in one pass over `mappings/` (not one pass per stub).
    @discardableResult
    public func write(_ mappings: [StubMapping]) throws -> [URL] {
        try createFolder(mappingsFolder)
        let existing = mappingFiles(holding: Set(mappings.map(\.id)))
        return try mappings.map { mapping in
            let file = existing[mapping.id]
                ?? mappingsFolder.appendingPathComponent("\(Self.fileStem(mapping.name))-\(mapping.id.uuidString.lowercased()).json")
            try Self.atomicallyWrite(try mapping.wireMockJSON().jsonData(pretty: true), to: file)
            return file
        }
    }

    /// Deletes the file that holds only the stub with this id; files holding several stubs
    /// (or none with this id) are left alone.
    public func removeMappingFile(for id: UUID) throws {
        guard let file = mappingFiles(holding: [id])[id] else { return }
        try FileManager.default.removeItem(at: file)
    }

    /// Writes a body file under `__files` atomically; `name` is relative (`users/42.json`), and
    /// names that would land outside `__files` (absolute, `..`, a symbolic link leading out) are refused.
    @discardableResult
    public func writeBodyFile(named name: String, _ data: Data) throws -> URL {
        let (file, folder) = try bodyFileLocation(name)
        try createFolder(file.deletingLastPathComponent())
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) {
            let resolved = file.resolvingSymlinksInPath().path
            guard !isDirectory.boolValue, resolved.hasPrefix(folder + "/") else {
                throw BodyFileError(name: name, problem: "is a folder or a symbolic link leading outside __files")
            }
        }
        try Self.atomicallyWrite(data, to: file)
        return file
    }

    /// Deletes a body file under `__files`; `false` when there was none. Names that would
    /// reach outside `__files` (absolute, `..`, a folder that is a symbolic link leading out)
    /// are refused; a symbolic link inside `__files` is removed itself, never its target.
    @discardableResult
    public func removeBodyFile(named name: String) throws -> Bool {
        let (target, folder) = try bodyFileLocation(name)
        guard (try? FileManager.default.attributesOfItem(atPath: target.path)) != nil else { return false }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue,
           target.resolvingSymlinksInPath().path.hasPrefix(folder + "/") {
            throw BodyFileError(name: name, problem: "is a folder; delete the files in it one by one")
        }
        try FileManager.default.removeItem(at: target)
        return true
    }

    /// The files under `mappings/` that hold exactly one stub, for those of `ids` that have
    /// one. Files named after an id are read first, and the scan stops once every id is found.
    private func mappingFiles(holding ids: Set<UUID>) -> [UUID: URL] {
        guard !ids.isEmpty, FileManager.default.fileExists(atPath: mappingsFolder.path) else { return [:] }
        let suffixes = Set(ids.map { "\($0.uuidString.lowercased()).json" })
        func namedAfterAnID(_ file: URL) -> Bool { suffixes.contains { file.lastPathComponent.hasSuffix($0) } }
        let files = (FileManager.default.enumerator(at: mappingsFolder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension.lowercased() == "json" }
            .sorted { (namedAfterAnID($0) ? 0 : 1, $0.path) < (namedAfterAnID($1) ? 0 : 1, $1.path) }
        var found: [UUID: URL] = [:]
        for file in files where found.count < ids.count {
            guard let data = try? Data(contentsOf: file), let value = try? JSONParser.parse(data), value["request"] != nil,
                  let id = (value["id"]?.stringValue ?? value["uuid"]?.stringValue).flatMap(UUID.init(uuidString:)),
                  ids.contains(id), found[id] == nil
            else { continue }
            found[id] = file
        }
        return found
    }

    /// Creates a folder inside the root, refusing one that a symbolic link leads outside it.
    private func createFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let root = url.resolvingSymlinksInPath().path
        let resolved = folder.resolvingSymlinksInPath().path
        guard resolved == root || resolved.hasPrefix(root + "/") else {
            throw BodyFileError(name: folder.lastPathComponent, problem: "leads outside the root folder \(url.path) through a symbolic link")
        }
    }

    /// Writes to a temporary sibling (not ending in `.json`), flushes it to disk, then renames
    /// it over `file`.
    private static func atomicallyWrite(_ data: Data, to file: URL) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path,
                                                                NSLocalizedDescriptionKey: "cannot create \(temporary.path)"])
            }
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try handle.write(contentsOf: data)
                // On disk before the rename, so that even a power cut leaves old or new, never a hole.
                try handle.synchronize()
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            // rename(2) replaces the target in one step: readers see the old file or the new one.
            guard rename(temporary.path, file.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path,
                                                                NSLocalizedDescriptionKey: "cannot rename onto \(file.path): \(String(cString: strerror(errno)))"])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// A file-name-safe stem from a stub name: lowercase letters, digits and dashes.
    private static func fileStem(_ name: String?) -> String {
        var stem = ""
        for character in (name ?? "mapping").lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                stem.append(character)
            } else if !stem.hasSuffix("-"), !stem.isEmpty {
                stem.append("-")
            }
        }
        while stem.hasSuffix("-") { stem.removeLast() }
        return stem.isEmpty ? "mapping" : String(stem.prefix(60))
    }
}
