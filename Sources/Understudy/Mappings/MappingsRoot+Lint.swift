import Foundation

extension MappingsRoot {
    /// Checks a root folder the way the server would load it: every mapping file decodes,
    /// every pattern is valid, every `bodyFileName` exists inside `__files`, every response
    /// template parses and calls only known helpers, and no two stubs share an id. Returns the
    /// stubs, every problem found, and the warnings of decoding (``MappingWarning``): what the
    /// mappings hold that is ignored, and regular expressions that can backtrack catastrophically.
    /// With `globalTemplating`, every response is checked as a template, as
    /// `understudy serve --global-response-templating` renders it.
    public func lint(globalTemplating: Bool = false) -> LintReport {
        let mappings: [StubMapping]
        var warnings: [String]
        do {
            let loaded = try loadMappingsWithWarnings()
            mappings = loaded.mappings
            warnings = loaded.warnings.map(\.description)
        } catch {
            return LintReport(mappings: [], problems: error.errors.map(\.description), warnings: [])
        }
        var problems: [String] = []
        var seen: [UUID: Int] = [:]
        for (index, mapping) in mappings.enumerated() {
            if let first = seen[mapping.id] {
                problems.append("stub \(index + 1) \(mapping.label) has the same id as stub \(first + 1); ids must be unique")
            }
            seen[mapping.id] = seen[mapping.id] ?? index
            let definition = mapping.response.definition
            problems += (definition?.templateProblems(root: self, globalTemplating: globalTemplating) ?? []).map { "stub \(mapping.label): \($0)" }
            let templated = globalTemplating || definition?.transformers.contains(ResponseTemplater.transformerName) == true
            if case .file(let name)? = definition?.body, !(templated && name.contains("{{")) {
                do {
                    _ = try resolveBodyFile(named: name)
                } catch {
                    problems.append("stub \(mapping.label): \(error)")
                }
            }
        }
        return LintReport(mappings: mappings, problems: problems, warnings: warnings)
    }
}

/// What ``MappingsRoot/lint()`` found.
public struct LintReport: Sendable {
    /// The stubs that loaded.
    public let mappings: [StubMapping]
    /// One message per problem; empty when the root is fine.
    public let problems: [String]
    /// Advice that does not stop the root from loading (``MappingWarning`` descriptions: ignored
    /// keys, likely typos, risky regular expressions).
    public let warnings: [String]

    /// Whether the root loads without problems (warnings allowed).
    public var isClean: Bool { problems.isEmpty }
}
