import ArgumentParser
import Foundation
import Testing
import Understudy
import UnderstudyMessaging
@testable import UnderstudyCLI

struct LintCommandTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Examples/PetStoreStubs").standardizedFileURL.path

    @Test func lintsTheBundledExamplesClean() throws {
        let report = LintCommand.report(for: MappingsRoot(path: Self.examples))
        let text = LintCommand.render(report, root: "Examples/PetStoreStubs")
        #expect(text.hasPrefix("Examples/PetStoreStubs: 8 stub(s), 2 message stub(s) (WireMock 4's message-mappings/), no problems\n"))
        #expect(text.contains(#""List pets""#))
        #expect(text.contains(#"message stub "Announce adoptions""#))
    }

    /// The LLM presets of the end-to-end test load, and lint notes each as an Understudy
    /// extension that WireMock will not load.
    @Test func notesThatLLMAnswersAreAnUnderstudyExtension() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../E2E/llm-presets").standardizedFileURL
        let report = LintCommand.report(for: MappingsRoot(root))
        #expect(report.problems.isEmpty, "\(report.problems)")
        let text = LintCommand.render(report, root: "llm-presets")
        #expect(text.hasPrefix("llm-presets: 11 stub(s)"), "\(text)")
        #expect(text.components(separatedBy: #""llm" is an Understudy extension: WireMock 3.13 will not load this mapping"#).count - 1 == 11, "\(text)")
    }

    @Test func reportsMessageStubsThatCannotBeServed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("message-mappings"), withIntermediateDirectories: true)
        try Data(#"""
            {"messageMappings": [
              {"name": "File", "actions": [{"type": "send", "message": {"body": {"filePath": "missing.json"}}}]},
              {"name": "Template", "actions": [{"type": "send", "message": {"body": "{{#if}}"}}]}
            ]}
            """#.utf8).write(to: folder.appendingPathComponent("message-mappings/stubs.json"))
        try Data(#"{"trigger": {"type": "fixed-ish"}}"#.utf8).write(to: folder.appendingPathComponent("message-mappings/bad.json"))
        let report = LintCommand.report(for: MappingsRoot(folder))
        #expect(report.messageStubs.isEmpty, "a broken file stops the folder from loading, as serve does")
        #expect(report.problems == [#"message-mappings/bad.json:1:14: trigger.type: unknown trigger type "fixed-ish"; use "message", "http-stub", "http-request" or Understudy's "connected" and "message-count""#])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("message-mappings/bad.json"))
        let problems = LintCommand.report(for: MappingsRoot(folder)).problems
        #expect(problems.count == 2)
        #expect(problems.first?.hasPrefix(#"message stub "File" (id "#) == true && problems.first?.contains("missing.json") == true)
        #expect(problems.last?.contains("template error in the body at line 1") == true)
    }

    @Test func reportsProblemsAndFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{"request":{"urlPath":"/a","methd":"GET"}}"#.utf8).write(to: folder.appendingPathComponent("mappings/bad.json"))
        #expect(throws: ExitCode(1)) { try LintCommand.parse(["--root", folder.path]).run() }
        #expect(throws: ExitCode(1)) { try LintCommand.parse([folder.path]).run() }
        let text = LintCommand.render(LintCommand.report(for: MappingsRoot(folder)), root: "r")
        #expect(text.hasPrefix("r: 1 problem(s)\nerror: mappings/bad.json:1:28: request.methd: unknown field \"methd\" in the request pattern; did you mean \"method\"?"))
    }

    /// The query of a `graphql-body-matcher` custom matcher is parsed: a syntax error names the
    /// file, the field and the line and column inside the query.
    @Test func reportsAGraphQLQueryThatDoesNotParse() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"""
            {"request": {"method": "POST", "urlPath": "/graphql",
              "customMatcher": {"name": "graphql-body-matcher",
                "parameters": {"query": "query HeroName {\n  hero {\n    name\n}", "operationName": "HeroName"}}},
             "response": {"status": 200}}
            """#.utf8).write(to: folder.appendingPathComponent("mappings/hero.json"))
        #expect(throws: ExitCode(1)) { try LintCommand.parse([folder.path]).run() }
        let text = LintCommand.render(LintCommand.report(for: MappingsRoot(folder)), root: "r")
        #expect(text == "r: 1 problem(s)\nerror: mappings/hero.json:3:20: request.customMatcher.parameters.query: the GraphQL query does not parse: GraphQL syntax error at 4:2: expected `}` to close the selection set opened at 1:16, found the end of the query; add the missing `}` (line and column within the query); WireMock would load this stub and never match it\n")
    }

    @Test func warnsAboutRegexesThatCanBacktrackButStillPasses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{"name": "Search", "request": {"urlPath": "/search", "queryParameters": {"q": {"matches": "(\\w+\\s?)*!"}}}, "response": {"status": 200}}"#.utf8)
            .write(to: folder.appendingPathComponent("mappings/search.json"))
        try LintCommand.parse([folder.path]).run()
        let text = LintCommand.render(LintCommand.report(for: MappingsRoot(folder)), root: "r")
        #expect(text.hasPrefix("r: 1 stub(s), no problems, 1 warning(s)\n"), "\(text)")
        #expect(text.contains("warning: mappings/search.json:1:80: stub \"Search\" (id "), "\(text)")
        #expect(text.contains(": request.queryParameters.q.matches: regular expression"), "\(text)")
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

/// What `lint` and `serve` say about mappings WireMock loads but partly ignores, and about templates.
struct LintWarningTests {
    private func root(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-lint-\(UUID().uuidString)")
        for (name, text) in files {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return folder
    }

    // WireMock's StringValuePatternJsonDeserializer uses the first operator and UrlPattern.fromOneOf
    // the highest-priority URL key; lint loads the stub and says what is ignored, file and line first.
    @Test func warnsAboutIgnoredKeysWithFileLineAndStub() throws {
        let folder = try root(["mappings/users.json": """
            {
              "id": "00000000-0000-0000-0000-000000000007",
              "name": "Get user",
              "request": {
                "urlPath": "/users", "url": "/users?page=1",
                "headers": {"Accept": {"equalTo": "application/json", "contains": "json", "caseInsensitve": true}}
              }
            }
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        try LintCommand.parse([folder.path]).run()
        let text = LintCommand.render(LintCommand.report(for: MappingsRoot(folder)), root: "r")
        let stub = #"stub "Get user" (id 00000000-0000-0000-0000-000000000007)"#
        #expect(text == """
            r: 1 stub(s), no problems, 3 warning(s)
              "Get user" (id 00000000-0000-0000-0000-000000000007): \(LintCommand.report(for: MappingsRoot(folder)).mappings[0].request)
            warning: mappings/users.json:5:5: \(stub): request.urlPath: "urlPath" is ignored: a request matches one URL key, and "url" comes first in WireMock's order url > urlPattern > urlPath > urlPathPattern > urlPathTemplate; keep one
            warning: mappings/users.json:6:59: \(stub): request.headers.Accept.contains: "contains" is ignored: a pattern uses only its first operator, here "equalTo" (WireMock's StringValuePatternJsonDeserializer); keep one, or combine them with "and": [...]
            warning: mappings/users.json:6:79: \(stub): request.headers.Accept.caseInsensitve: unknown key "caseInsensitve" is ignored; did you mean "caseInsensitive"?

            """)
        let loaded = try MappingsRoot(folder).loadMappingsWithWarnings()
        let serveLines = ServeCommand.startupWarnings(loaded.warnings)
        #expect(serveLines.count == 3)
        #expect(serveLines.first == "understudy: warning: mappings/users.json:5:5: \(stub): request.urlPath: \"urlPath\" is ignored: a request matches one URL key, and \"url\" comes first in WireMock's order url > urlPattern > urlPath > urlPathPattern > urlPathTemplate; keep one")
    }

    // Templates are parsed at lint time: a syntax error or an unknown helper is a problem, in the
    // body, a header or the bodyFileName file; a templated bodyFileName is not looked up.
    @Test func findsTemplateProblemsBeforeServing() throws {
        let folder = try root([
            "mappings/a.json": #"{"name": "A", "request": {"urlPath": "/a"}, "response": {"body": "{{#if x}}open", "headers": {"X-Id": "{{randomValu length=3}}"}, "transformers": ["response-template"]}}"#,
            "mappings/b.json": #"{"name": "B", "request": {"urlPath": "/b"}, "response": {"bodyFileName": "b.txt", "transformers": ["response-template"]}}"#,
            "mappings/c.json": #"{"name": "C", "request": {"urlPath": "/c"}, "response": {"bodyFileName": "{{request.path.[0]}}.json", "transformers": ["response-template"]}}"#,
            "mappings/d.json": #"{"name": "D", "request": {"urlPath": "/d"}, "response": {"body": "{{nope 1}} is plain text without the transformer"}}"#,
            "__files/b.txt": "line one\n{{uppr request.path}}",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ExitCode(1)) { try LintCommand.parse([folder.path]).run() }
        let report = LintCommand.report(for: MappingsRoot(folder))
        #expect(report.problems.count == 3, "\(report.problems)")
        #expect(report.problems[0].hasPrefix(#"mappings/a.json:1:1: stub "A" (id "#))
        #expect(report.problems[0].contains("template error in the body at line 1, column "))
        #expect(report.problems[1].hasSuffix(#"template error in header X-Id at line 1, column 1: unknown helper "randomValu"; did you mean "randomValue"?"#), "\(report.problems[1])")
        #expect(report.problems[2].hasSuffix(#"template error in the file b.txt at line 2, column 1: unknown helper "uppr"; did you mean "upper"?"#), "\(report.problems[2])")
        // With global templating every response is a template, as serve --global-response-templating renders it.
        #expect(MappingsRoot(folder).lint(globalTemplating: true).problems.count == 4)
    }
}

/// `understudy lint` on the wrong folder fails with the fix instead of reporting "0 stubs, no
/// problems", and one broken file hides nothing about the others.
struct LintRootTests {
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFolderThatDoesNotExistFails() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-nowhere-\(UUID().uuidString)")
        #expect(throws: ExitCode(1)) { try LintCommand.parse([missing.path]).run() }
        let text = LintCommand.render(LintCommand.report(for: MappingsRoot(missing)), root: "r")
        #expect(text.contains("error: \(missing.path) does not exist or is not a folder; pass the root folder that holds mappings/"), "\(text)")
    }

    @Test func theMappingsFolderItselfPointsAtItsParent() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request": {"urlPath": "/a"}}"#.utf8).write(to: mappings.appendingPathComponent("a.json"))
        #expect(throws: ExitCode(1)) { try LintCommand.parse([mappings.path]).run() }
        let text = LintCommand.render(LintCommand.report(for: MappingsRoot(mappings)), root: "r")
        #expect(text.contains("has no mappings/ folder but holds mapping files itself; did you mean the parent folder \(root.standardizedFileURL.path)?"),
                "\(text)")
        try LintCommand.parse([root.path]).run()
    }

    @Test func aFolderWithoutMappingsFails() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let text = LintCommand.render(LintCommand.report(for: MappingsRoot(root)), root: "r")
        #expect(text.hasPrefix("r: 1 problem(s)\nerror: \(root.standardizedFileURL.path) has no mappings/ folder;"), "\(text)")
    }

    @Test func oneBrokenFileHidesNeitherTheOtherStubsNorTheirWarnings() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: mappings.appendingPathComponent("a-broken.json"))
        try Data(#"{"name": "Typo", "request": {"urlPath": "/b", "headers": {"Accept": {"equalTo": "x", "caseInsensitve": true}}}}"#.utf8)
            .write(to: mappings.appendingPathComponent("b-typo.json"))
        let report = LintCommand.report(for: MappingsRoot(root))
        #expect(report.mappings.map(\.name) == ["Typo"])
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.hasPrefix("mappings/a-broken.json:1:2: ") == true, "\(report.problems)")
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.hasPrefix("mappings/b-typo.json:1:") == true, "\(report.warnings)")
        #expect(report.warnings.first?.contains(#"did you mean "caseInsensitive"?"#) == true, "\(report.warnings)")
    }
}
