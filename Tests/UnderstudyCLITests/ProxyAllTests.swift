import Foundation
import Testing
import Understudy
import UnderstudyServer
import UnderstudyTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// WireMock's `--proxy-all`, `--preserve-host-header` and `--record-mappings` on `serve`
/// (`standalone/WireMockServerRunner.java` at 3.13.2: the proxy stub has priority 10, so the
/// root's stubs win), against a real upstream server.
struct ProxyAllTests {
    @Test(.timeLimit(.minutes(1)))
    func proxyAllForwardsWhatNoStubMatchesKeepsTheHostAndRecordsOnShutdown() async throws {
        let executable = try #require(PersistenceCrashTests.executable, "build the understudy executable first (swift build)")
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/users/1"), .ok.header("Content-Type", "text/plain").body("ada from upstream"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-proxy-all-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mappings = folder.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request": {"method": "GET", "urlPath": "/hello"}, "response": {"status": 200, "body": "hi"}}"#.utf8)
            .write(to: mappings.appendingPathComponent("hello.json"))

        try await withMockServer(upstream) { upstreamServer in
            let process = TestProcess()
            process.executableURL = executable
            process.arguments = ["serve", "--root-dir", folder.path, "--port", "0", "--quiet",
                                 "--proxy-all", try upstreamServer.baseURL.absoluteString, "--preserve-host-header", "--record-mappings"]
            let output = Pipe()
            process.standardOutput = output
            let exited = try process.runUntilExit()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let baseURL = try #require(await readBaseURL(from: output.fileHandleForReading))

            let stubbed = try await URLSession.shared.data(from: baseURL.appendingPathComponent("hello"))
            #expect(String(decoding: stubbed.0, as: UTF8.self) == "hi", "the root's stub wins over the proxy")
            let proxied = try await URLSession.shared.data(from: baseURL.appendingPathComponent("users/1"))
            #expect(String(decoding: proxied.0, as: UTF8.self) == "ada from upstream")
            #expect(upstream.serveEvents.map(\.request.path) == ["/users/1"])
            #expect(upstream.serveEvents.first?.request.headers["Host"] == "\(baseURL.host ?? ""):\(baseURL.port ?? 0)")

            kill(process.processIdentifier, SIGINT)
            let text = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
                }
            }
            for await _ in exited {}
            #expect(process.terminationStatus == 0, "\(text)")
            #expect(text.contains("understudy: recorded 1 stub(s)"), "\(text)")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: mappings.path).filter { $0 != "hello.json" }
        #expect(written.count == 1)
        let recorded = try WireMockMappings.decode(Data(contentsOf: mappings.appendingPathComponent(try #require(written.first))))
        #expect(recorded.first?.request.url == .url("/users/1"))
    }
}
