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

    /// Whether `python3 -c "import wiremock"` succeeds.
    static let clientIsImportable = ChildProcess.pythonCanImport("wiremock")

    @Test(.enabled(if: clientIsImportable || ChildProcess.pythonRequired, "needs `pip install wiremock==2.7.0` (set UNDERSTUDY_REQUIRE_PYTHON_E2E=1 to make this a failure)"))
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
                let result = try await ChildProcess.run(["python3", Self.script.path, server.baseURL.absoluteString,
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
}
