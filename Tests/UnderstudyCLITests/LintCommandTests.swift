import ArgumentParser
import Foundation
import Testing
import Understudy
@testable import UnderstudyCLI

struct LintCommandTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Examples/petstore").standardizedFileURL.path

    @Test func lintsTheBundledExamplesClean() throws {
        let report = MappingsRoot(path: Self.examples).lint()
        let text = LintCommand.render(report, root: "Examples/petstore")
        #expect(text.hasPrefix("Examples/petstore: 8 stub(s), no problems\n"))
        #expect(text.contains(#""List pets""#))
    }

    @Test func reportsProblemsAndFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{"request":{"urlPath":"/a","methd":"GET"}}"#.utf8).write(to: folder.appendingPathComponent("mappings/bad.json"))
        #expect(throws: ExitCode(1)) { try LintCommand.parse(["--root", folder.path]).run() }
        #expect(throws: ExitCode(1)) { try LintCommand.parse([folder.path]).run() }
        let text = LintCommand.render(MappingsRoot(folder).lint(), root: "r")
        #expect(text.hasPrefix("r: 1 problem(s)\nerror: mappings/bad.json:1:28: request.methd: unknown field \"methd\" in the request pattern; did you mean \"method\"?"))
    }

    @Test func warnsAboutRegexesThatCanBacktrackButStillPasses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{"name": "Search", "request": {"urlPath": "/search", "queryParameters": {"q": {"matches": "(\\w+\\s?)*!"}}}, "response": {"status": 200}}"#.utf8)
            .write(to: folder.appendingPathComponent("mappings/search.json"))
        try LintCommand.parse([folder.path]).run()
        let text = LintCommand.render(MappingsRoot(folder).lint(), root: "r")
        #expect(text.hasPrefix("r: 1 stub(s), no problems, 1 warning(s)\n"), "\(text)")
        #expect(text.contains("warning: stub \"Search\" (id "), "\(text)")
        #expect(text.contains(#": regular expression /(\w+\s?)*!/ repeats (\w+\s?)*, a group that itself repeats"#), "\(text)")
    }

    @Test func helpNamesTheSubcommands() {
        let help = UnderstudyCommand.helpMessage(columns: 100)
        #expect(help.contains("USAGE: understudy <subcommand>"))
        #expect(help.contains("lint"))
        #expect(help.contains("Check the mappings of a root folder."))
    }
}

struct ServeCommandTests {
    @Test func missingRootIsOneClearLine() async throws {
        let command = try ServeCommand.parse(["--root", "/nonexistent-understudy-root", "--port", "0"])
        await #expect(throws: CLIError.self) { try await command.run() }
        do {
            try await command.run()
        } catch {
            #expect("\(error)" == "root folder /nonexistent-understudy-root does not exist; pass --root with a folder that holds mappings/ and __files/")
        }
    }

    @Test func badMappingIsReportedWithFileAndField() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{"request":{"urlPath":"/a"},"response":{"status":"x"}}"#.utf8).write(to: folder.appendingPathComponent("mappings/bad.json"))
        let command = try ServeCommand.parse(["--root", folder.path, "--port", "0"])
        do {
            try await command.run()
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "1 mapping file(s) could not be loaded:\n  mappings/bad.json:1:41: response.status: expected an integer, found string \"x\"")
        }
    }

    @Test func helpListsServeOptions() {
        let help = ServeCommand.helpMessage(columns: 100)
        for option in ["--root", "--port", "--bind", "--journal-capacity"] {
            #expect(help.contains(option), "missing \(option)")
        }
    }
}
