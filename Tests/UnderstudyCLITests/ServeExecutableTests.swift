import Foundation
import Testing
import Understudy
#if canImport(FoundationNetworking)
import FoundationNetworking
import UnderstudyTestSupport
#endif

/// What a person sees from `understudy serve`: one line per request (plain text when the
/// output is not a terminal), nothing with `--quiet`.
struct ServeExecutableTests {
    /// Runs `understudy serve` on a root with one named stub, sends a hit and a miss, stops it
    /// with SIGINT and returns everything it printed.
    private func serve(_ extraArguments: [String]) async throws -> String {
        let executable = try #require(PersistenceCrashTests.executable, "build the understudy executable first (swift build)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-serve-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{"name": "Hello", "request": {"method": "GET", "urlPath": "/hello"}, "response": {"status": 200, "body": "hi"}}"#.utf8)
            .write(to: folder.appendingPathComponent("mappings/hello.json"))
        let process = TestProcess()
        process.executableURL = executable
        process.arguments = ["serve", "--root", folder.path, "--port", "0"] + extraArguments
        let output = Pipe()
        process.standardOutput = output
        let exited = try process.runUntilExit()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let baseURL = try #require(await readBaseURL(from: output.fileHandleForReading))
        let hit = try await URLSession.shared.data(from: baseURL.appendingPathComponent("hello"))
        #expect(String(decoding: hit.0, as: UTF8.self) == "hi")
        let miss = try await URLSession.shared.data(from: baseURL.appendingPathComponent("helo"))
        #expect((miss.1 as? HTTPURLResponse)?.statusCode == 404)
        kill(process.processIdentifier, SIGINT)
        let text = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            }
        }
        for await _ in exited {}
        #expect(process.terminationStatus == 0)
        return text
    }

    @Test(.timeLimit(.minutes(1)))
    func eachRequestIsOneLineNamingTheStubOrTheNearestMiss() async throws {
        let lines = try await serve([]).split(separator: "\n").map(String.init)
        let requests = lines.filter { $0.contains(" → ") }
        #expect(requests.count == 2, "\(lines)")
        let time = #"[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}"#
        #expect(requests.first?.wholeMatch(of: try Regex(time + #" GET /hello → 200 "Hello" [0-9]+\.[0-9] ms"#)) != nil, "\(requests)")
        #expect(requests.last?.wholeMatch(of: try Regex(time + #" GET /helo → 404 no match; nearest "Hello": urlPath expected "/hello", got "/helo" [0-9]+\.[0-9] ms"#)) != nil,
                "\(requests)")
        #expect(!lines.joined().contains("\u{1B}["), "no colours when the output is not a terminal")
        #expect(lines.last == "understudy: stopped", "the log is written before the server says it stopped")
    }

    @Test(.timeLimit(.minutes(1)))
    func quietLogsNoRequest() async throws {
        let text = try await serve(["--quiet"])
        #expect(!text.contains(" → "), "\(text)")
        #expect(text.contains("understudy: stopped"))
    }

    @Test(.timeLimit(.minutes(1)))
    func verboseAddsHeadersAndBodies() async throws {
        let text = try await serve(["--verbose"])
        #expect(text.contains("  < hi\n"), "\(text)")
        #expect(text.contains("  > Host: "), "\(text)")
    }
}
