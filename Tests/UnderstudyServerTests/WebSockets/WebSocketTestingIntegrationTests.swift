import Testing
import Understudy
import UnderstudyServer
import UnderstudyTesting
import XCTest

/// Sockets through the testing integrations: the trait's server and the XCTest class's serve
/// the scripts written on the test's mock.
@Suite(.timeLimit(.minutes(1)))
struct WebSocketTraitTests {
    @Test(.mockHTTP(server: true)) func theTraitsServerServesTheMocksScripts() async throws {
        HTTPMock.current.webSocket(urlPath: "/live") { socket in
            socket.on(.equalTo("ping")) { $0.send("pong") }
        }
        try await withWebSocket(MockServer.current, path: "/live") { socket in
            try await socket.send("ping")
            #expect(try await socket.nextMessage() == .text("pong"))
        }
        HTTPMock.current.messages.assertReceived(.once, MessagePattern(body: .equalTo("ping")))
    }
}

final class WebSocketTestCaseTests: MockHTTPTestCase {
    override var startsServer: Bool { true }

    func testTheClassesServerServesTheMocksScripts() async throws {
        mock.webSocket(urlPath: "/live") { socket in
            socket.onConnect { $0.send("welcome") }
        }
        let server = try XCTUnwrap(server)
        let greeting = try await withWebSocket(server, path: "/live") { socket in try await socket.nextMessage() }
        XCTAssertEqual(greeting, .text("welcome"))
    }
}
