import Testing
import Understudy
import UnderstudyTesting

/// A socket the hub holds open without a server: what it is sent goes nowhere.
private struct SilentConnection: WebSocketConnection {
    func send(_ message: WebSocketMessage) {}
    func close(code: UInt16, reason: String) {}
    func drop() {}
}

/// The WebSocket assertions record their reports as issues at the caller's line (the reports
/// themselves are tested over real sockets in `MessageVerificationTests`).
struct MessageAssertionTests {
    @Test func theAssertionsRecordTheReportsAsIssues() {
        let mock = HTTPMock()
        mock.webSocket(urlPath: "/prices") { socket in
            socket.on(.matchesJsonPath("$.subscribe")) { $0.send("subscribed") }
        }
        let socket = mock.messages.open(RecordedRequest(method: .get, url: "/prices"), connection: SilentConnection())
        mock.messages.received(.text("nope"), on: socket)

        withKnownIssue {
            mock.messages.assertNoUnansweredMessages()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("\"nope\" on GET /prices: nearest") && $0.rawValue.contains("message body expected matchesJsonPath") }
        }
        withKnownIssue {
            mock.messages.assertReceived(.exactly(2), MessagePattern())
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Expected exactly 2 message(s) received matching any message") }
        }
        mock.messages.assertReceived(.once, MessagePattern(body: .equalTo("nope")))
    }
}
