import Foundation
import Testing
import Understudy
@testable import UnderstudyServer
import UnderstudyTestSupport

/// Runs `Tests/E2E/wiremock_python_client.py` (WireMock's Python client, `wiremock` 2.7.0)
/// against a live server, with a second server receiving the webhook the script stubs.
/// Skipped when the module is missing, unless `UNDERSTUDY_REQUIRE_PYTHON_E2E=1`, which turns
/// a missing module into a failure.
@Suite("Admin API: WireMock's Python client")
struct WireMockPythonClientTests {
    /// `Tests/E2E/wiremock_python_client.py`, found from this file's location.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("E2E/wiremock_python_client.py")

    static let required = ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_PYTHON_E2E"] == "1"

    /// Whether `python3 -c "import wiremock"` succeeds.
    static let clientIsImportable: Bool = {
        guard let result = try? runSynchronously(["python3", "-c", "import wiremock"]) else { return false }
        return result.status == 0
    }()

    @Test(.enabled(if: clientIsImportable || required, "needs `pip install wiremock==2.7.0` (set UNDERSTUDY_REQUIRE_PYTHON_E2E=1 to make this a failure)"))
    func thePythonClientDrivesTheAdminAPI() async throws {
        guard Self.clientIsImportable else {
            Issue.record("UNDERSTUDY_REQUIRE_PYTHON_E2E=1 but python3 cannot import wiremock; run: pip install wiremock==2.7.0")
            return
        }
        let receiver = HTTPMock()
        receiver.stub(.post(urlPath: "/webhooks/A7"), .ok)
        let (outcomes, outcome) = AsyncStream.makeStream(of: WebhookOutcome.self)
        let mock = HTTPMock(configuration: .init(onWebhookOutcome: { outcome.yield($0) }))
        try await withMockServer(receiver) { receiving in
            try await withMockServer(mock) { server in
                let result = try await Self.run(["python3", Self.script.path, server.baseURL.absoluteString,
                                                 receiving.baseURL.absoluteString])
                #expect(result.status == 0, "wiremock_python_client.py exited with \(result.status):\n\(result.output)")
                guard result.status == 0 else { return }
                // The script's POST /orders fired one webhook; wait for it to be answered.
                var iterator = outcomes.makeAsyncIterator()
                let fired = await iterator.next()
                #expect(fired?.failure == nil && fired?.response?.status == 200, "\(fired.map { "\($0)" } ?? "no webhook")")
            }
        }
        #expect(mock.stubMappings.isEmpty, "the script cleans up after itself")
        let webhook = receiver.serveEvents.first?.request
        #expect(receiver.serveEvents.count == 1)
        #expect(webhook?.path == "/webhooks/A7")
        #expect(webhook?.bodyText == "order A7 paid")
        #expect(webhook?.headers["Content-Type"] == "text/plain")
    }

    /// Runs a command without blocking the caller's thread: its exit ends the wait (the
    /// termination handler), so the server's event loops keep serving it; past `timeout` it is
    /// terminated, which only keeps a broken script from hanging the suite.
    static func run(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> (status: Int32, output: String) {
        let process = Process()
        let output = try prepare(process, arguments)
        let exited = try process.runUntilExit()
        let guardTask = Task {
            try await Task.sleep(for: timeout)
            process.terminate()
        }
        for await _ in exited {}
        guardTask.cancel()
        if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGTERM {
            return (-1, "timed out after \(timeout)\n" + read(output))
        }
        return (process.terminationStatus, read(output))
    }

    /// Runs a short command to completion on the current thread.
    static func runSynchronously(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        let output = try prepare(process, arguments)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, read(output))
    }

    /// Sets `process` up to run `arguments` through `/usr/bin/env`, stdout and stderr into a
    /// temporary file (a file, not a pipe, so a chatty process never blocks on a full pipe
    /// buffer); returns the file.
    private static func prepare(_ process: Process, _ arguments: [String]) throws -> URL {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-e2e-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        return output
    }

    private static func read(_ file: URL) -> String {
        defer { try? FileManager.default.removeItem(at: file) }
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
}
