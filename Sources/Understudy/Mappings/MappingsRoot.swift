public import Foundation
import UnderstudySupport

/// A WireMock root folder: stub mappings under `mappings/` (any depth, `*.json`) and
/// response body files under `__files/`.
public struct MappingsRoot: Sendable, Hashable {
    /// The root folder.
    public let url: URL

    /// Uses `url` as the root folder.
    public init(_ url: URL) { self.url = url.standardizedFileURL }

    /// Uses the folder at `path` as the root.
    public init(path: String) { self.init(URL(fileURLWithPath: path, isDirectory: true)) }

    /// `<root>/mappings`
    public var mappingsFolder: URL { url.appendingPathComponent("mappings", isDirectory: true) }
    /// `<root>/__files`
    public var filesFolder: URL { url.appendingPathComponent("__files", isDirectory: true) }

    /// Reads every `mappings/**/*.json` file, in path order. A missing `mappings` folder means
    /// no mappings. Every bad file is reported, not only the first. Mappings may use the
    /// answer kinds and custom matchers in `extensions` (see ``MappingExtensions``).
    public func loadMappings(extensions: MappingExtensions = MappingExtensions()) throws(MappingsLoadError) -> [StubMapping] {
        try loadMappingsWithWarnings(extensions: extensions).mappings
    }

    /// Reads every mapping as ``loadMappings(extensions:)`` does, with the warnings of every file
    /// (``WireMockMappings/decodeWithWarnings(_:file:extensions:)``), in file order.
    public func loadMappingsWithWarnings(extensions: MappingExtensions = MappingExtensions()) throws(MappingsLoadError) -> (mappings: [StubMapping], warnings: [MappingWarning]) {
        let loaded = try loadMappingsWithSources(extensions: extensions)
        return (loaded.mappings, loaded.warnings)
    }

    /// Reads every mapping as ``loadMappingsWithWarnings(extensions:)`` does, with where each stub is
    /// written (one source per mapping, in the same order).
    package func loadMappingsWithSources(extensions: MappingExtensions = MappingExtensions()) throws(MappingsLoadError)
        -> (mappings: [StubMapping], sources: [MappingSource], warnings: [MappingWarning]) {
        let files = try jsonFiles(in: mappingsFolder, named: "mappings")
        // Files are read and decoded on every core, then gathered in path order.
        typealias Decoded = (mappings: [StubMapping], sources: [MappingSource], warnings: [MappingWarning])
        let decodedFiles = Locked([Result<Decoded, MappingDecodingError>?](repeating: nil, count: files.count))
        let regexes = RegexPatternCache()
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let (file, name) = files[index]
            let result: Result<Decoded, MappingDecodingError>
            do {
                let data = try Data(contentsOf: file)
                result = .success(try WireMockMappings.decodeWithSources(data, file: name, regexes: regexes, extensions: extensions))
            } catch let error as MappingDecodingError {
                result = .failure(error)
            } catch {
                result = .failure(MappingDecodingError(file: name, path: "", message: "cannot be read: \(error.localizedDescription)"))
            }
            decodedFiles.withLock { $0[index] = result }
        }
        var mappings: [StubMapping] = []
        var sources: [MappingSource] = []
        var warnings: [MappingWarning] = []
        var errors: [MappingDecodingError] = []
        for result in decodedFiles.withLock({ $0 }) {
            switch result {
            case .success(let decoded)?:
                mappings += decoded.mappings
                sources += decoded.sources
                // In the order a reader meets them in the file.
                warnings += decoded.warnings.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
            case .failure(let error)?:
                errors.append(error)
            case nil:
                break
            }
        }
        if !errors.isEmpty {
            var error = MappingsLoadError(errors: errors, loaded: mappings, warnings: warnings)
            error.loadedSources = sources
            throw error
        }
        return (mappings, sources, warnings)
    }

    /// The bytes of a body file, resolved inside `__files` only: absolute paths, `..` and
    /// symbolic links that lead outside are refused.
    public func bodyFile(named name: String) throws(BodyFileError) -> Data {
        let file = try resolveBodyFile(named: name)
        do {
            return try Data(contentsOf: file)
        } catch {
            throw BodyFileError(name: name, problem: "cannot be read (\(error.localizedDescription)); put the file at \(filesFolder.path)/\(name)")
        }
    }

    /// The location of a body file inside `__files`, after the same checks as ``bodyFile(named:)``.
    public func resolveBodyFile(named name: String) throws(BodyFileError) -> URL {
        let (file, folder) = try bodyFileLocation(name)
        // The file itself may be a link too.
        let resolved = file.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(folder + "/") else {
            throw BodyFileError(name: name, problem: "leads outside __files through a symbolic link")
        }
        guard FileManager.default.fileExists(atPath: resolved) else {
            throw BodyFileError(name: name, problem: "does not exist; put the file at \(filesFolder.appendingPathComponent(name).path)", isMissing: true)
        }
        return URL(fileURLWithPath: resolved)
    }

    /// Where the body file `name` is once symbolic links in its folders are resolved, and the
    /// resolved `__files` path. Names spelled to leave `__files` and folders that lead outside
    /// it are refused. Folders that do not exist yet are judged by their nearest existing
    /// ancestor (Foundation leaves paths that do not exist unresolved), so nothing is ever
    /// read, written or created outside. The last component is left as it is: a link there is
    /// the caller's to follow or not.
    func bodyFileLocation(_ name: String) throws(BodyFileError) -> (file: URL, filesFolder: String) {
        let candidate = filesFolder.appendingPathComponent(try Self.bodyFilePath(name))
        let folder = filesFolder.resolvingSymlinksInPath().path
        var existing = candidate.deletingLastPathComponent()
        var missing: [String] = []
        while existing.path.count > filesFolder.path.count, !FileManager.default.fileExists(atPath: existing.path) {
            missing.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        let resolved = existing.resolvingSymlinksInPath().path
        guard resolved == folder || resolved.hasPrefix(folder + "/") else {
            throw BodyFileError(name: name, problem: "leads outside __files through a symbolic link")
        }
        let parent = missing.reduce(URL(fileURLWithPath: resolved)) { $0.appendingPathComponent($1) }
        return (parent.appendingPathComponent(candidate.lastPathComponent), folder)
    }

    /// The names of every regular file under `__files` (relative, `/`-separated, sorted), as
    /// `bodyFileName` and `GET /__admin/files` use them; symbolic links are not followed.
    public func bodyFileNames() -> [String] {
        let folder = filesFolder.resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsPackageDescendants])
        else { return [] }
        let prefix = folder.path + "/"
        var names: [String] = []
        for case let file as URL in enumerator where (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = file.path
            if path.hasPrefix(prefix) { names.append(String(path.dropFirst(prefix.count))) }
        }
        return names.sorted()
    }

    /// `name` checked to stay inside `__files` by its spelling: relative, no `..` or `.`, no
    /// backslash. (Symbolic links are checked where the name is used.)
    static func bodyFilePath(_ name: String) throws(BodyFileError) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: true)
        if name.hasPrefix("/") || name.contains("\\") || components.contains("..") || components.contains(".") || components.isEmpty {
            throw BodyFileError(name: name, problem: "must be a relative path inside __files without \"..\"")
        }
        return components.joined(separator: "/")
    }

    /// The `*.json` files under `folder` (any depth), by path, each with its path relative to
    /// the root (how errors name it); none when the folder does not exist, an error naming the
    /// fix when it is a file (`name` is how errors call it).
    package func jsonFiles(in folder: URL, named name: String) throws(MappingsLoadError) -> [(url: URL, name: String)] {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw MappingsLoadError(errors: [MappingDecodingError(file: folder.path, path: "", message: "is a file; \(name) must be a folder of *.json files")])
        }
        // The enumerator appends names to `folder`, which is under the standardized root, so
        // each path is read once (`URL.path` builds a new string every time) and cut there.
        let rootPath = url.path.hasSuffix("/") ? url.path : url.path + "/"
        return (fileManager.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension.lowercased() == "json" }
            .map { file in
                let path = file.path
                return (file, path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path)
            }
            .sorted { $0.name < $1.name }
    }
}

/// One or more mapping files that could not be loaded.
public struct MappingsLoadError: Error, Sendable, CustomStringConvertible {
    /// One error per bad file (or per bad mapping).
    public let errors: [MappingDecodingError]
    /// The mappings of the files that did load, so one broken file hides nothing else.
    public let loaded: [StubMapping]
    /// The warnings of the files that did load.
    public let warnings: [MappingWarning]
    /// Where each of ``loaded`` is written, in the same order (empty when not known).
    package var loadedSources: [MappingSource] = []

    /// An error for the files that failed, with what the others loaded.
    public init(errors: [MappingDecodingError], loaded: [StubMapping] = [], warnings: [MappingWarning] = []) {
        self.errors = errors
        self.loaded = loaded
        self.warnings = warnings
    }
    public var description: String {
        (["\(errors.count) mapping file(s) could not be loaded:"] + errors.map { "  \($0)" }).joined(separator: "\n")
    }
}

/// A `bodyFileName` that cannot be served.
public struct BodyFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name the stub gave.
    public let name: String
    /// What is wrong.
    public let problem: String
    /// Whether the only problem is that no such file exists.
    public let isMissing: Bool

    /// An error for the body file `name`.
    public init(name: String, problem: String, isMissing: Bool = false) {
        self.name = name
        self.problem = problem
        self.isMissing = isMissing
    }

    public var description: String { "bodyFileName \"\(name)\" \(problem)" }
}

extension ResponseDefinition {
    /// The body bytes to send: inline bodies as they are, `bodyFileName` read from the
    /// root's `__files` folder.
    public func bodyData(root: MappingsRoot?) throws(BodyFileError) -> Data {
        if let inline = body.inlineData { return inline }
        guard case .file(let name) = body else { return Data() }
        guard let root else {
            throw BodyFileError(name: name, problem: "needs a mappings root folder; create the mock with HTTPMock.Configuration(root:) or serve a root folder")
        }
        return try root.bodyFile(named: name)
    }
}
