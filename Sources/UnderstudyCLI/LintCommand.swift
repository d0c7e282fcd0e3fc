import ArgumentParser
import Foundation
import Understudy

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

    func run() throws {
        let root = folder ?? self.root ?? "."
        let report = MappingsRoot(path: root).lint(globalTemplating: globalResponseTemplating)
        print(Self.render(report, root: root), terminator: "")
        if !report.isClean { throw ExitCode(1) }
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
