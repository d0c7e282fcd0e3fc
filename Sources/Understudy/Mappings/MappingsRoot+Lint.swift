import Foundation

extension MappingsRoot {
    /// Checks a root folder the way the server would load it: every mapping file decodes,
    /// every pattern is valid, every `bodyFileName` exists inside `__files`, and no two stubs
    /// share an id. Returns the stubs and every problem found.
    public func lint() -> LintReport {
        let mappings: [StubMapping]
        do {
            mappings = try loadMappings()
        } catch {
            return LintReport(mappings: [], problems: error.errors.map(\.description))
        }
        var problems: [String] = []
        var seen: [UUID: Int] = [:]
        for (index, mapping) in mappings.enumerated() {
            if let first = seen[mapping.id] {
                problems.append("stub \(index + 1) \(mapping.label) has the same id as stub \(first + 1); ids must be unique")
            }
            seen[mapping.id] = seen[mapping.id] ?? index
            if case .file(let name)? = mapping.response.definition?.body {
                do {
                    _ = try resolveBodyFile(named: name)
                } catch {
                    problems.append("stub \(mapping.label): \(error)")
                }
            }
        }
        return LintReport(mappings: mappings, problems: problems)
    }
}

/// What ``MappingsRoot/lint()`` found.
public struct LintReport: Sendable {
    /// The stubs that loaded.
    public let mappings: [StubMapping]
    /// One message per problem; empty when the root is fine.
    public let problems: [String]

    /// Whether the root is fine.
    public var isClean: Bool { problems.isEmpty }
}
