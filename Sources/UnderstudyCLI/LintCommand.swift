import ArgumentParser
import Foundation
import Understudy
import UnderstudyOpenAPI

/// `understudy lint`: loads a root folder as the server would and reports every problem.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the mappings of a root folder.",
        discussion: "Decodes every mappings/**/*.json file, validates patterns, parses every response template, and checks that every bodyFileName exists inside __files. Warns about what WireMock's rules ignore (a pattern's later operator keys, outranked URL keys, likely typos). Exits with status 1 when anything is wrong."
    )

    @Argument(help: "The root folder holding mappings/ and __files/.")
    var folder: String?

    @Option(name: .long, help: "The root folder (same as the argument).")
    var root: String?

    @Flag(name: .long, help: "Check every response as a template, as serve --global-response-templating renders them.")
    var globalResponseTemplating = false

    @Option(name: .long, help: "An OpenAPI 3.0 or 3.1 document (YAML or JSON): also report every stub whose request cannot occur under it or whose response violates it.")
    var openapi: String?

    @Option(name: .long, help: "With --openapi: the path the document's operations are under (/v1 when stubs match /v1/pets).")
    var openapiBasePath: String?

    func run() throws {
        let root = folder ?? self.root ?? "."
        let report = MappingsRoot(path: root).lint(globalTemplating: globalResponseTemplating)
        print(Self.render(report, root: root), terminator: "")
        var clean = report.isClean
        if let openapi {
            let drift = try Self.drift(of: MappingsRoot(path: root), against: openapi, basePath: openapiBasePath ?? "",
                                       globalTemplating: globalResponseTemplating)
            print(drift.text, terminator: "")
            clean = clean && drift.isClean
        }
        if !clean { throw ExitCode(1) }
    }

    /// The root's stubs checked against an OpenAPI document.
    static func drift(of root: MappingsRoot, against path: String, basePath: String = "", globalTemplating: Bool) throws -> OpenAPIDriftReport {
        let document: OpenAPIDocument
        do {
            document = try OpenAPIDocument(contentsOf: URL(fileURLWithPath: path), strict: true).mounted(at: basePath)
        } catch {
            throw CLIError(error.description)
        }
        // Stubs that do not load are reported by the lint above; the rest are checked.
        let mappings: [StubMapping]
        do {
            mappings = try root.loadMappings()
        } catch {
            mappings = error.loaded
        }
        let mock = HTTPMock(configuration: HTTPMock.Configuration(root: root))
        return document.drift(of: mappings, globalTemplating: globalTemplating) { try mock.bodyData(for: $0) }
    }

    /// The text `lint` prints: one line per stub, then the problems, then the warnings.
    static func render(_ report: LintReport, root: String) -> String {
        var lines: [String] = []
        for mapping in report.mappings {
            lines.append("  \(mapping.label): \(mapping.request)")
        }
        if report.isClean {
            let warnings = report.warnings.isEmpty ? "" : ", \(report.warnings.count) warning(s)"
            lines.insert("\(root): \(report.mappings.count) stub(s), no problems\(warnings)", at: 0)
        } else {
            lines.insert("\(root): \(report.problems.count) problem(s)", at: 0)
            lines += report.problems.map { "error: \($0)" }
        }
        lines += report.warnings.map { "warning: \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
