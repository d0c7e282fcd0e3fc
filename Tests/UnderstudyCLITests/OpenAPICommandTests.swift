import ArgumentParser
import Foundation
import Testing
import Understudy
@testable import UnderstudyCLI
import UnderstudyOpenAPI
import UnderstudySupport
#if canImport(FoundationNetworking)
import FoundationNetworking
import UnderstudyTestSupport
#endif

/// `understudy lint --openapi` and `understudy serve --openapi`.
struct OpenAPICommandTests {
    /// The petstore-like 3.0 document of the OpenAPI tests.
    static let petstore = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../UnderstudyOpenAPISpecTests/Fixtures/petstore-3.0.yaml").standardizedFileURL

    private func root(with mappings: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-openapi-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        for (name, json) in mappings { try Data(json.utf8).write(to: folder.appendingPathComponent("mappings/\(name)")) }
        return folder
    }

    @Test func lintWithOpenAPIReportsDriftAndFails() throws {
        let folder = try root(with: [
            "good.json": #"{"request": {"method": "GET", "urlPath": "/pets/1"}, "response": {"status": 200, "jsonBody": {"id": 1, "name": "Rex"}}}"#,
            "old.json": #"{"name": "old pet", "request": {"method": "GET", "urlPath": "/pets/2"}, "response": {"status": 200, "jsonBody": {"name": "Tom"}}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ExitCode(1)) { try LintCommand.parse([folder.path, "--openapi", Self.petstore.path]).run() }
        let (report, checked) = try LintCommand.check(root: folder.path, openapi: Self.petstore.path, globalTemplating: false)
        let drift = try #require(checked)
        #expect(drift.findings.map(\.stub.name) == ["old pet"])
        // The mappings have no ids: both listings name the stub by the same generated one.
        #expect(drift.findings.map(\.stub.id) == report.mappings.filter { $0.name == "old pet" }.map(\.id))
        #expect(drift.text.hasPrefix("1 of 2 stub(s) drift from petstore-3.0.yaml\n"))
        // A finding starts with where the stub is written, as lint's warnings do.
        #expect(drift.findings.map(\.location) == ["mappings/old.json:1:1"])
        #expect(drift.text.contains("\nmappings/old.json:1:1: \"old pet\" (id "), "\(drift.text)")
        #expect(drift.text.contains("✗ response body: the property \"id\" is required (required at #/components/schemas/Pet/allOf/1/required)"))
    }

    @Test func lintWithOpenAPIPassesWhenStubsAgree() throws {
        let folder = try root(with: [
            "good.json": #"{"request": {"method": "GET", "urlPath": "/pets/1"}, "response": {"status": 200, "jsonBody": {"id": 1, "name": "Rex"}}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try LintCommand.parse([folder.path, "--openapi", Self.petstore.path]).run()
    }

    @Test func aBrokenDocumentIsOneLineNamingFileAndPlace() throws {
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-broken-\(UUID().uuidString).yaml")
        try Data("openapi: 3.1.0\ninfo: [\n".utf8).write(to: spec)
        defer { try? FileManager.default.removeItem(at: spec) }
        let error = #expect(throws: CLIError.self) { try ServeCommand.readDocument(spec.path) }
        #expect(error?.description.hasPrefix("\(spec.lastPathComponent):3:") == true, "\(error?.description ?? "")")
    }

    @Test func theTrafficConsoleWritesViolationsOffTheEventLoopAndCountsWhatItCannotKeepUpWith() throws {
        let document = try OpenAPIDocument(contentsOf: Self.petstore)
        let mock = HTTPMock(openAPI: document)
        let written = Locked([String]())
        let console = OpenAPITrafficConsole(document: document, mock: mock, queueLimit: 2) { text in written.withLock { $0.append(text) } }
        console.record(mock.serve(RecordedRequest(method: .get, url: "/pets/1")))
        console.record(mock.serve(RecordedRequest(method: .get, url: "/pets?limit=0")))
        console.record(mock.serve(RecordedRequest(method: .get, url: "/pets?limit=0")))
        #expect(written.withLock { $0 }.isEmpty, "recording writes nothing")
        console.flush()
        #expect(written.withLock { $0 } == ["""
            understudy: openapi: GET /pets?limit=0 → 200 violates petstore-3.0.yaml
              ✗ query parameter limit: a number >= 1 expected, got 0 (minimum at #/paths/~1pets/get/parameters/0/schema/minimum)
            understudy: openapi: 1 more request(s) arrived too fast to be checked

            """])
    }

    @Test func validateWithoutADocumentIsRefused() throws {
        #expect(throws: (any Error).self) { try ServeCommand.parse(["--validate"]) }
        #expect(throws: (any Error).self) { try ServeCommand.parse(["--openapi-seed", "7"]) }
        #expect(throws: Never.self) { try ServeCommand.parse(["--openapi", "spec.yaml", "--openapi-seed", "7"]) }
    }

    @Test(.timeLimit(.minutes(1)))
    func serveAnswersTheDocumentValidatesAndWritesCoverage() async throws {
        let executable = try #require(PersistenceCrashTests.executable, "build the understudy executable first (swift build)")
        let folder = try root(with: [:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let coverage = folder.appendingPathComponent("coverage.json")
        let process = TestProcess()
        process.executableURL = executable
        process.arguments = ["serve", "--root", folder.path, "--port", "0", "--quiet", "--openapi", Self.petstore.path, "--validate",
                             "--coverage", coverage.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let exited = try process.runUntilExit()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let baseURL = try #require(await readBaseURL(from: output.fileHandleForReading))
        let pet = try await URLSession.shared.data(from: baseURL.appendingPathComponent("pets/1"))
        #expect((pet.1 as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONValue(parsing: pet.0)["name"] == "Rex")
        let bad = try await URLSession.shared.data(from: baseURL.appendingPathComponent("pets/abc"))
        #expect((bad.1 as? HTTPURLResponse)?.statusCode == 400)
        #expect(String(decoding: bad.0, as: UTF8.self).contains("✗ path parameter petId: integer expected, got string \"abc\""))
        // The journal's violations, the stubs' drift and the coverage, through the admin API.
        let violations = try JSONValue(parsing: try await URLSession.shared.data(from: baseURL.appendingPathComponent("__admin/openapi/violations")).0)
        #expect(violations["requests"]?.arrayValue?.map { $0["request"] } == ["GET /pets/abc → 400"])
        #expect(violations["requests"]?.arrayValue?.first?["violations"]?.arrayValue?.first?["kind"] == "invalidParameter")
        let drift = try JSONValue(parsing: try await URLSession.shared.data(from: baseURL.appendingPathComponent("__admin/openapi/drift")).0)
        #expect(drift["checkedStubs"] == 0)
        let live = try JSONValue(parsing: try await URLSession.shared.data(from: baseURL.appendingPathComponent("__admin/openapi/coverage")).0)
        #expect(live["operations"]?.arrayValue?.count == 5)
        kill(process.processIdentifier, SIGINT)
        let (text, console) = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let console = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                continuation.resume(returning: (text, console))
            }
        }
        for await _ in exited {}
        #expect(process.terminationStatus == 0)
        #expect(text.contains("✓ getPetById (GET /pets/{petId}): 0 stub(s), 1 request(s); 200 ✓, 404 ✗"), "\(text)")
        #expect(console.contains("understudy: openapi: GET /pets/abc → 400 violates petstore-3.0.yaml"), "\(console)")
        let json = try JSONValue(parsing: Data(contentsOf: coverage))
        #expect(json["operations"]?.arrayValue?.count == 5)
    }
}
