import ArgumentParser
import Foundation
import Testing
import Understudy
import UnderstudyServer
@testable import UnderstudyCLI
#if canImport(FoundationNetworking)
import FoundationNetworking
import UnderstudyTestSupport
#endif

/// `understudy record` against a real upstream, then playback from the folder it wrote.
struct RecordCommandTests {
    static let secrets = ["sk-live-secret-123", "k-secret-456", "cookie-secret-789", "tok-secret-000"]

    /// An upstream with an authenticated endpoint, a token endpoint, a counter that changes
    /// between calls, and a large body.
    static func upstreamMock() -> HTTPMock {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/me").header("Authorization", .equalTo("Bearer sk-live-secret-123")),
                      .ok.json(["name": "Ada"]).header("Set-Cookie", "session=cookie-secret-789"))
        upstream.stub(.post(urlPath: "/token"), .ok.json(["access_token": "tok-secret-000", "expires_in": 3600]))
        upstream.stub(StubMapping(.get(urlPath: "/counter"), .ok.body("1")).inScenario("c", whenState: Scenario.started, willSetState: "2"))
        upstream.stub(StubMapping(.get(urlPath: "/counter"), .ok.body("2")).inScenario("c", whenState: "2", willSetState: "2"))
        upstream.stub(.get(urlPath: "/report"), .ok.body(String(repeating: "line of report\n", count: 2_000)).header("Content-Type", "text/plain"))
        return upstream
    }

    /// The requests both recording and playback send: (status, body) of each.
    static func traffic(_ base: URL) async throws -> [(Int, String)] {
        func call(_ path: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil) async throws -> (Int, String) {
            var request = URLRequest(url: URL(string: base.absoluteString + path)!)
            request.httpMethod = method
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            request.httpBody = body.map { Data($0.utf8) }
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (data, response) = try await session.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? -1, String(decoding: data, as: UTF8.self))
        }
        return [
            try await call("/me?api_key=k-secret-456", headers: ["Authorization": "Bearer sk-live-secret-123"]),
            try await call("/token", method: "POST", headers: ["Content-Type": "application/json"], body: #"{"grant_type":"password","password":"hunter2"}"#),
            try await call("/counter"),
            try await call("/counter"),
            try await call("/report"),
        ]
    }

    @Test func recordsRedactsAndPlaysBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let upstream = Self.upstreamMock()
        let live = try await withMockServer(upstream) { upstreamServer in
            let command = try RecordCommand.parse(["--target", upstreamServer.baseURL.absoluteString, "--root", folder.path, "--port", "0",
                                                   "--extract-over", "4096"])
            var live: [(Int, String)] = []
            let result = try await command.record { server in live = try await Self.traffic(server.baseURL) }
            #expect(result.mappings.count == 5)
            #expect(result.files.count == 1, "the large report went to __files")
            return live
        }
        #expect(live.map(\.0) == [200, 200, 200, 200, 200])
        #expect(live[2].1 == "1" && live[3].1 == "2")

        // No secret reached the disk.
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        #expect(files.contains { $0.path.contains("/__files/") })
        for file in files where !file.hasDirectoryPath {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            for secret in Self.secrets + ["hunter2"] {
                #expect(!text.contains(secret), "\(secret) leaked into \(file.lastPathComponent)")
            }
        }

        // Playback: the same folder served on its own answers like upstream did.
        let root = MappingsRoot(folder)
        let playback = HTTPMock(configuration: .init(root: root))
        playback.stub(try root.loadMappings())
        let replayed = try await withMockServer(playback) { server in try await Self.traffic(server.baseURL) }
        #expect(replayed.map(\.0) == live.map(\.0))
        #expect(replayed[0].1 == live[0].1)
        #expect(replayed[2].1 == "1" && replayed[3].1 == "2", "repeats play back in order (scenario)")
        #expect(replayed[4].1 == live[4].1)
        #expect(JSONValue.parse(replayed[1].1)["access_token"] == "REDACTED")
        #expect(JSONValue.parse(replayed[1].1)["expires_in"] == 3600)
    }

    /// `--stream-time-scale 0.5`: an event stream is written as `eventStream` with half the
    /// pauses observed (a lower bound only: upstream sends the last event at least 300 ms after
    /// the request), and a plain JSON answer as `jsonBody`.
    @Test func streamsAreWrittenWithScaledPauses() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/events"), .ok.eventStream([.data("a", after: .milliseconds(150)), .data("b", id: "2", after: .milliseconds(150))]))
        upstream.stub(.get(urlPath: "/status"), .ok.json(["up": true]))
        try await withMockServer(upstream) { upstreamServer in
            let command = try RecordCommand.parse(["--target", upstreamServer.baseURL.absoluteString, "--root", folder.path, "--port", "0",
                                                   "--stream-time-scale", "0.5"])
            _ = try await command.record { server in
                for path in ["events", "status"] {
                    let (_, response) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent(path))
                    #expect((response as? HTTPURLResponse)?.statusCode == 200)
                }
            }
        }
        let recorded = try MappingsRoot(folder).loadMappings()
        let events = recorded.first { $0.request.matches(RecordedRequest(method: .get, url: "/events")) }?.response.definition?.stream?.content
        guard case .events(let written)? = events else {
            Issue.record("expected an event stream, got \(String(describing: events))")
            return
        }
        #expect(written.map(\.data) == ["a", "b"])
        #expect(written.map(\.id) == [nil, "2"])
        let total = written.reduce(Duration.zero) { $0 + $1.delay }
        #expect(total >= .milliseconds(150), "\(written.map(\.delay))")
        let status = recorded.first { $0.request.matches(RecordedRequest(method: .get, url: "/status")) }?.response.definition
        #expect(status?.stream == nil)
        #expect(status?.body == .json(["up": true]))
    }

    @Test func aTimeScaleOutOfRangeIsRefused() {
        do {
            _ = try RecordCommand.parse(["--target", "http://127.0.0.1:1", "--root", "/tmp/x", "--stream-time-scale", "2000"])
            Issue.record("expected an error")
        } catch {
            #expect(RecordCommand.message(for: error).contains("--stream-time-scale must be a number from 0 to 1000"))
        }
    }

    @Test func aTargetThatIsNotAURLIsOneClearLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let command = try RecordCommand.parse(["--target", "api.example.com", "--root", folder.path, "--port", "0"])
        do {
            _ = try await command.record { _ in }
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("must be an http or https URL"))
        }
    }
}

extension JSONValue {
    /// Parses JSON text in tests (traps on bad test input).
    static func parse(_ text: String) -> JSONValue {
        do { return try JSONParser.parse(text) } catch { fatalError("bad test JSON: \(error)\n\(text)") }
    }
}

/// The `understudy record` executable: Ctrl-C (SIGINT) ends the recording and writes the root.
struct RecordExecutableTests {
    @Test(.timeLimit(.minutes(1)))
    func interruptWritesTheRecording() async throws {
        let executable = try #require(PersistenceCrashTests.executable, "build the understudy executable first (swift build)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-record-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/status"), .ok.json(["up": true]))
        try await withMockServer(upstream) { upstreamServer in
            let process = TestProcess()
            process.executableURL = executable
            process.arguments = try ["record", "--target", upstreamServer.baseURL.absoluteString, "--root", folder.path, "--port", "0"]
            let output = Pipe()
            process.standardOutput = output
            let exited = try process.runUntilExit()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let baseURL = try #require(await readBaseURL(from: output.fileHandleForReading))
            let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("status"))
            #expect(try JSONParser.parse(data) == ["up": true])
            kill(process.processIdentifier, SIGINT)
            for await _ in exited {}
            #expect(process.terminationStatus == 0)
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(text.contains("understudy: recorded 1 stub(s) and 0 body file(s) into \(folder.path)"), "\(text)")
        }
        let recorded = try MappingsRoot(folder).loadMappings()
        #expect(recorded.count == 1)
        #expect(recorded.first?.response.definition?.body == .json(["up": true]))
    }
}
