import ArgumentParser
import Foundation
import Understudy
import UnderstudyMessaging
import UnderstudyOpenAPI
import UnderstudyServer

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
        let (report, drift) = try Self.check(root: root, openapi: openapi, basePath: openapiBasePath ?? "",
                                             globalTemplating: globalResponseTemplating)
        print(Self.render(report, root: root), terminator: "")
        if let drift { print(drift.text, terminator: "") }
        if !report.isClean || drift?.isClean == false { throw ExitCode(1) }
    }

    /// The lint report of `root` and, with an OpenAPI document, its stubs checked against it.
    /// The stubs are read once, so a stub without an `id` has the same one in both listings.
    static func check(root: String, openapi: String?, basePath: String = "",
                      globalTemplating: Bool) throws -> (LintReport, OpenAPIDriftReport?) {
        let mappingsRoot = MappingsRoot(path: root)
        let report = report(for: mappingsRoot, globalTemplating: globalTemplating)
        guard let openapi else { return (report, nil) }
        let document: OpenAPIDocument
        do {
            document = try OpenAPIStrictReading.document(contentsOf: URL(fileURLWithPath: openapi)).mounted(at: basePath)
        } catch {
            throw CLIError(error.description)
        }
        // Stubs that do not load are reported by the lint; the rest are checked.
        let mock = HTTPMock(configuration: HTTPMock.Configuration(root: mappingsRoot))
        let drift = document.drift(of: report.mappings, locations: report.sources.map(\.description),
                                   globalTemplating: globalTemplating) { try mock.bodyData(for: $0) }
        return (report, drift)
    }

    /// What `lint` finds in `root`: its mappings with every extension of Understudy's, and its
    /// `message-mappings/`.
    static func report(for root: MappingsRoot, globalTemplating: Bool = false) -> LintReport {
        root.lint(globalTemplating: globalTemplating, extensions: .understudy).addingMessageMappings(of: root)
    }

    /// The text `lint` prints: one line per stub, then the problems, then the warnings.
    static func render(_ report: LintReport, root: String) -> String {
        var lines: [String] = []
        for mapping in report.mappings {
            lines.append("  \(mapping.label): \(mapping.request)")
        }
        for stub in report.messageStubs {
            lines.append("  message stub \(stub.label) (WireMock 4)")
        }
        if report.isClean {
            let warnings = report.warnings.isEmpty ? "" : ", \(report.warnings.count) warning(s)"
            let messages = report.messageStubs.isEmpty ? "" : ", \(report.messageStubs.count) message stub(s) (WireMock 4's message-mappings/)"
            lines.insert("\(root): \(report.mappings.count) stub(s)\(messages), no problems\(warnings)", at: 0)
        } else {
            lines.insert("\(root): \(report.problems.count) problem(s)", at: 0)
            lines += report.problems.map { "error: \($0)" }
        }
        lines += report.warnings.map { "warning: \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
