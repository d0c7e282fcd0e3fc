import Foundation

extension MappingsRoot {
    /// Checks a root folder the way the server would load it: every mapping file decodes,
    /// every pattern is valid, every `bodyFileName` exists inside `__files`, every response
    /// template parses and calls only known helpers, and no two stubs share an id. Returns the
    /// stubs, every problem found, and the warnings of decoding (``MappingWarning``): what the
    /// mappings hold that is ignored, and regular expressions that can backtrack catastrophically.
    /// With `globalTemplating`, every response is checked as a template, as
    /// `understudy serve --global-response-templating` renders it. Mappings may use the answer
    /// kinds and custom matchers in `extensions` (the command line's `lint` gives `.understudy`).
    ///
    /// A folder that does not exist, or has no `mappings/` folder, is a problem (not "0 stubs,
    /// no problems"), with the likely fix; one broken file does not hide the other files'
    /// stubs, problems or warnings.
    public func lint(globalTemplating: Bool = false, extensions: MappingExtensions = MappingExtensions()) -> LintReport {
        if let problem = rootProblem {
            return LintReport(mappings: [], problems: [problem], warnings: [])
        }
        let mappings: [StubMapping]
        let sources: [MappingSource]
        var warnings: [String]
        var problems: [String] = []
        do {
            let loaded = try loadMappingsWithSources(extensions: extensions)
            (mappings, sources) = (loaded.mappings, loaded.sources)
            warnings = loaded.warnings.map(\.description)
        } catch {
            (mappings, sources) = (error.loaded, error.loadedSources)
            warnings = error.warnings.map(\.description)
            problems = error.errors.map(\.description)
        }
        // Each finding about a stub starts with where the stub is written, as warnings do.
        func at(_ index: Int) -> String { sources.indices.contains(index) ? "\(sources[index]): " : "" }
        var seen: [UUID: Int] = [:]
        for (index, mapping) in mappings.enumerated() {
            if let first = seen[mapping.id] {
                problems.append(at(index) + "stub \(index + 1) \(mapping.label) has the same id as stub \(first + 1)\(sources.indices.contains(first) ? " (\(sources[first]))" : ""); ids must be unique")
            }
            seen[mapping.id] = seen[mapping.id] ?? index
            let definition = mapping.response.definition
            problems += (definition?.templateProblems(root: self, globalTemplating: globalTemplating) ?? []).map { at(index) + "stub \(mapping.label): \($0)" }
            let templated = globalTemplating || definition?.transformers.contains(ResponseTemplater.transformerName) == true
            if case .file(let name)? = definition?.body, !(templated && name.contains("{{")) {
                do {
                    _ = try resolveBodyFile(named: name)
                } catch {
                    problems.append(at(index) + "stub \(mapping.label): \(error)")
                }
            }
        }
        var report = LintReport(mappings: mappings, problems: problems, warnings: warnings)
        report.sources = sources
        return report
    }
}

extension MappingsRoot {
    /// Why this folder cannot be a root at all, naming the likely fix; `nil` when it holds a
    /// `mappings/` folder.
    var rootProblem: String? {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "\(url.path) does not exist or is not a folder; pass the root folder that holds mappings/ (and __files/)"
        }
        guard !fileManager.fileExists(atPath: mappingsFolder.path) else { return nil }
        let holdsMappingFiles = ((try? fileManager.contentsOfDirectory(atPath: url.path)) ?? []).contains { $0.lowercased().hasSuffix(".json") }
        if url.lastPathComponent == "mappings" || holdsMappingFiles {
            return "\(url.path) has no mappings/ folder but holds mapping files itself; did you mean the parent folder \(url.deletingLastPathComponent().path)?"
        }
        return "\(url.path) has no mappings/ folder; a root holds mappings/*.json and __files/ (did you mean a folder inside it, or its parent?)"
    }
}

/// What ``MappingsRoot/lint(globalTemplating:extensions:)`` found.
public struct LintReport: Sendable {
    /// The stubs that loaded.
    public let mappings: [StubMapping]
    /// One message per problem; empty when the root is fine.
    public package(set) var problems: [String]
    /// Advice that does not stop the root from loading (``MappingWarning`` descriptions: ignored
    /// keys, likely typos, risky regular expressions).
    public let warnings: [String]

    /// Where each of ``mappings`` is written, in the same order (empty when not known).
    package var sources: [MappingSource] = []
    /// What features outside the core found in the root's other parts (the message stubs of
    /// `message-mappings/`, with `UnderstudyMessaging`).
    package var extensionValues = ExtensionSettings()

    /// Whether the root loads without problems (warnings allowed).
    public var isClean: Bool { problems.isEmpty }
}
