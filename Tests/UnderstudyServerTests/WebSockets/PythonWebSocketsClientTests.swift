import Foundation
import Testing
import Understudy
import UnderstudyServer
import UnderstudyTestSupport
import UnderstudyMessaging

/// Runs `Tests/E2E/websockets_client.py` (Python's `websockets` 16.0, a client that knows
/// nothing of Understudy) against a live server: refused and accepted upgrades, text, binary
/// and fragmented messages, ping, an admin push, the journal and the close handshake. Skipped
/// when the module is missing, unless `UNDERSTUDY_REQUIRE_PYTHON_E2E=1`, which turns a missing
/// module into a failure (CI sets it).
@Suite("WebSockets: Python's websockets client")
struct PythonWebSocketsClientTests {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("E2E/websockets_client.py")

    static let clientIsImportable = ChildProcess.pythonCanImport("websockets")

    @Test(.enabled(if: clientIsImportable || ChildProcess.pythonRequired,
                   "needs `pip install websockets==16.0` (set UNDERSTUDY_REQUIRE_PYTHON_E2E=1 to make this a failure)"))
    func thePythonClientTalksToMessageStubs() async throws {
        guard Self.clientIsImportable else {
            Issue.record("UNDERSTUDY_REQUIRE_PYTHON_E2E=1 but python3 cannot import websockets; run: pip install websockets==16.0")
            return
        }
        let mock = HTTPMock()
        try await withMockServer(mock) { server in
            let result = try await ChildProcess.run(["python3", Self.script.path, server.baseURL.absoluteString])
            #expect(result.status == 0, "websockets_client.py exited with \(result.status):\n\(result.output)")
        }
        // The script cleans up through the admin API.
        #expect(mock.messages.stubs.isEmpty)
        #expect(mock.messages.events.isEmpty)
    }
}
