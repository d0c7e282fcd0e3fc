import Foundation

extension MappingsRoot {
    /// Checks a root folder the way the server would load it: every mapping file decodes,
    /// every pattern is valid, every `bodyFileName` exists inside `__files`, and no two stubs
    /// share an id. Returns the stubs, every problem found, and warnings about regular
    /// expressions that can backtrack catastrophically.
    public func lint() -> LintReport {
        let mappings: [StubMapping]
        do {
            mappings = try loadMappings()
        } catch {
            return LintReport(mappings: [], problems: error.errors.map(\.description), warnings: [])
        }
        var problems: [String] = []
        var warnings: [String] = []
        var seen: [UUID: Int] = [:]
        for (index, mapping) in mappings.enumerated() {
            if let first = seen[mapping.id] {
                problems.append("stub \(index + 1) \(mapping.label) has the same id as stub \(first + 1); ids must be unique")
            }
            seen[mapping.id] = seen[mapping.id] ?? index
            warnings += mapping.request.regexWarnings.map { "stub \(mapping.label): \($0)" }
            warnings += mapping.request.xPathWarnings.map { "stub \(mapping.label): \($0)" }
            if case .file(let name)? = mapping.response.definition?.body {
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
    /// Advice that does not stop the root from loading (risky regular expressions).
    public let warnings: [String]

    /// Whether the root loads without problems (warnings allowed).
    public var isClean: Bool { problems.isEmpty }
}
