import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOWebSocket
import Testing
import UnderstudyTestSupport
import Understudy
import UnderstudyServer
import UnderstudyMessaging

/// Message stubs served over real sockets, with NIO's WebSocket client. The stubs are written
/// in WireMock 4's JSON (`wiremock-core/.../message/MessageStubMapping.java` on master). A
/// read that never gets its frame fails at the time limit instead of hanging the run.
@Suite(.timeLimit(.minutes(1)))
struct WebSocketServingTests {
    private func mock(_ json: String) throws -> HTTPMock {
        let mock = HTTPMock()
        for stub in try WireMockMessageMappings.decode(Data(json.utf8)) { mock.messages.stub(stub) }
        return mock
    }

    static let echo = """
        {"messageMappings": [{
          "name": "Echo",
          "trigger": {"type": "message",
                      "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "/chat"}},
                      "message": {"body": {"equalTo": "hello"}}},
          "actions": [{"type": "send", "message": {"body": "world: {{message.body}} on {{request.path}}"},
                       "channelTarget": {"type": "originating"}}]
        }]}
        """

    @Test func aMatchingMessageGetsTheStubsRenderedReply() async throws {
        let mock = try mock(Self.echo)
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/chat?room=1") { socket in
                try await socket.send("hello")
                #expect(try await socket.nextMessage() == .text("world: hello on /chat"))
            }
        }
        // Journaled as WireMock 4 does: the reply first, then the message that caused it.
        let events = mock.messages.events
        #expect(events.map(\.direction) == [.sent, .received])
        #expect(events.map(\.message) == [.text("world: hello on /chat"), .text("hello")])
        #expect(events.allSatisfy { $0.stub?.name == "Echo" && $0.channel.openingRequest.url == "/chat?room=1" })
    }

    @Test func aMessageNoStubMatchesIsJournaledUnmatchedAndGetsNoReply() async throws {
        let mock = try mock(Self.echo)
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/chat") { socket in
                try await socket.send("bonjour")
                try await socket.send("hello")
                // The only reply is to the second message.
                #expect(try await socket.nextMessage() == .text("world: hello on /chat"))
            }
        }
        let received = mock.messages.events.filter { $0.direction == .received }
        #expect(received.map(\.message) == [.text("bonjour"), .text("hello")])
        #expect(received.map(\.wasMatched) == [false, true])
    }

    @Test func anUpgradeNoMessageStubListensForIsAnsweredAsHTTP() async throws {
        let mock = try mock(Self.echo)
        try await withMockServer(mock) { server in
            await #expect(throws: WebSocketRefused.self) {
                try await withWebSocket(server, path: "/elsewhere") { _ in }
            }
        }
        // The refused upgrade went to the mock as a GET, and got its 404.
        #expect(mock.serveEvents.map(\.request.url) == ["/elsewhere"])
        #expect(mock.serveEvents.first?.request.headers["Upgrade"] == "websocket")
        #expect(mock.serveEvents.first?.response.status == 404)
    }

    /// WireMock 4 after wiremock/wiremock#3588 (`ResponseDefinition.acceptWebSocket`): an HTTP
    /// stub opts its requests in to the upgrade, with no message stub listening. The upgrade is
    /// journaled as served by it and its call counted; its headers go on the 101.
    @Test func anHTTPStubThatAcceptsWebSocketsOpensTheSocketAndIsJournaled() async throws {
        let mock = HTTPMock()
        let stub = try WireMockMappings.decodeMapping(Data("""
            {"id": "11111111-1111-1111-1111-111111111111", "request": {"method": "GET", "urlPath": "/live"},
             "response": {"acceptWebSocket": true, "headers": {"X-Room": "blue", "Content-Type": "text/plain"}}}
            """.utf8), extensions: .understudy)
        #expect(stub.response.definition?.acceptsWebSocket == true)
        #expect(try stub.wireMockJSON()["response"]?["acceptWebSocket"] == .bool(true))
        mock.stub(stub)
        mock.stub(.get(urlPath: "/plain"), .ok.body("not a socket"))
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/live?room=blue") { socket in
                #expect(socket.switchingHeaders["X-Room"] == ["blue"])
                #expect(socket.switchingHeaders["Content-Type"].isEmpty)
                #expect(mock.messages.channels.map(\.openingRequest.url) == ["/live?room=blue"])
            }
            // A stub that does not say so answers the upgrade as HTTP.
            await #expect(throws: WebSocketRefused.self) {
                try await withWebSocket(server, path: "/plain") { _ in }
            }
        }
        #expect(mock.callCount(ofStub: stub.id) == 1)
        #expect(mock.serveEvents.map(\.request.url) == ["/live?room=blue", "/plain"])
        #expect(mock.serveEvents.last?.response.status == 200)
    }

    @Test func binaryMessagesMatchByBytesAndRepliesCanBeBinary() async throws {
        let mock = try mock("""
            {"trigger": {"channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "/bin"}},
                         "message": {"body": {"binaryEqualTo": "AQID"}}},
             "actions": [{"type": "send", "message": {"body": {"base64Data": "BAUG"}}}]}
            """)
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/bin") { socket in
                try await socket.send(Data([1, 2, 3]))
                #expect(try await socket.nextMessage() == .binary(Data([4, 5, 6])))
            }
        }
    }

    @Test func aMessageToMatchingChannelsReachesEverySocketOpenedThere() async throws {
        let mock = try mock("""
            {"trigger": {"channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "/room"}}},
             "actions": [{"type": "send", "message": {"body": {"data": {"said": "{{message.body}}"}}},
                          "channelTarget": {"type": "request-initiated", "requestPattern": {"urlPath": "/room"}}}]}
            """)
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/room") { listener in
                try await withWebSocket(server, path: "/room") { speaker in
                    // Both are open once the hub lists them.
                    _ = await mock.messages.waitForChannels(count: 2)
                    try await speaker.send("hi")
                    #expect(try await speaker.nextMessage() == .text(#"{"said":"hi"}"#))
                }
                #expect(try await listener.nextMessage() == .text(#"{"said":"hi"}"#))
            }
        }
    }

    @Test func anHTTPRequestTriggersAMessageToTheSocketsItTargets() async throws {
        let mock = try mock("""
            {"trigger": {"type": "http-request", "requestPattern": {"method": "POST", "urlPath": "/orders"}},
             "actions": [{"type": "send", "message": {"body": "order {{jsonPath request.body '$.id'}} placed"},
                          "channelTarget": {"type": "request-initiated", "requestPattern": {"urlPath": "/events"}}}]}
            """)
        mock.stub(.post(urlPath: "/orders"), .status(201))
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/events") { socket in
                _ = await mock.messages.waitForChannels(count: 1)
                let answer = try await send(server.baseURL.appendingPathComponent("orders"), method: "POST", body: #"{"id": 7}"#)
                #expect(answer.status == 201)
                #expect(try await socket.nextMessage() == .text("order 7 placed"))
            }
        }
    }

    @Test func pingsArePongedAndACloseIsAnsweredWithItsCode() async throws {
        let mock = try mock(Self.echo)
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/chat") { socket in
                try await socket.send(.ping, ByteBuffer(string: "are you there"))
                let pong = try #require(try await socket.nextFrame())
                #expect(pong.opcode == .pong)
                #expect(String(buffer: pong.unmaskedData) == "are you there")
                var close = ByteBuffer()
                close.write(webSocketErrorCode: .goingAway)
                try await socket.send(.connectionClose, close)
                #expect(try await socket.closeCode() == .goingAway)
                #expect(try await socket.nextFrame() == nil)
            }
        }
        #expect(mock.messages.channels.isEmpty)
    }

    /// The HTTP handlers' timers (a next request's head within `headerReadTimeout`) stop with
    /// the upgrade: a socket outlives them. (The wait is the scenario, time passing, not a
    /// synchronisation. The timeouts leave a loaded machine time to read the upgrade request
    /// after connecting: the first head must come within them, and a full parallel run once
    /// kept the server from reading it within 500 ms.)
    @Test func aSocketOutlivesTheHTTPRequestTimeouts() async throws {
        let mock = try mock(Self.echo)
        var configuration = MockServerConfiguration(headerReadTimeout: .seconds(2), requestBodyTimeout: .seconds(2))
        configuration.webSocketIdleTimeout = .seconds(30)
        try await withMockServer(mock, configuration: configuration) { server in
            try await withWebSocket(server, path: "/chat") { socket in
                try await Task.sleep(for: .milliseconds(4_500))
                try await socket.send("hello")
                #expect(try await socket.nextMessage() == .text("world: hello on /chat"))
            }
        }
    }

    @Test func fragmentsAreJoinedIntoOneMessage() async throws {
        let mock = try mock(Self.echo)
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/chat") { socket in
                try await socket.send(.text, ByteBuffer(string: "hel"), fin: false)
                try await socket.send(.continuation, ByteBuffer(string: "lo"), fin: true)
                #expect(try await socket.nextMessage() == .text("world: hello on /chat"))
            }
        }
    }

    @Test func aMessagePastTheLimitClosesTheSocketWith1009() async throws {
        let mock = try mock(Self.echo)
        var configuration = MockServerConfiguration()
        configuration.webSocketMaxMessageBytes = 64
        try await withMockServer(mock, configuration: configuration) { server in
            try await withWebSocket(server, path: "/chat") { socket in
                // Two fragments of 40 bytes: each fits, the message does not.
                try await socket.send(.text, ByteBuffer(string: String(repeating: "a", count: 40)), fin: false)
                try await socket.send(.continuation, ByteBuffer(string: String(repeating: "b", count: 40)), fin: true)
                #expect(try await socket.closeCode() == .messageTooLarge)
            }
            try await withWebSocket(server, path: "/chat") { socket in
                // One frame past the limit.
                try await socket.send(String(repeating: "c", count: 80))
                #expect(try await socket.closeCode() == .messageTooLarge)
            }
        }
        #expect(mock.messages.events.isEmpty)
    }

    @Test func aSilentSocketIsClosedAtTheIdleTimeout() async throws {
        let mock = try mock(Self.echo)
        var configuration = MockServerConfiguration()
        configuration.webSocketIdleTimeout = .milliseconds(200)
        try await withMockServer(mock, configuration: configuration) { server in
            let code = try await withWebSocket(server, path: "/chat") { socket in try await socket.closeCode() }
            #expect(code == .goingAway)
        }
    }

    /// Whether this platform's `URLSessionWebSocketTask` works: always on Apple platforms; on
    /// Linux FoundationNetworking needs a libcurl built with WebSockets (curl 7.86 or later with
    /// `ws` among its protocols; Debian 12's 7.88 has it off).
    static let foundationSpeaksWebSockets: Bool = {
        #if canImport(FoundationNetworking)
        let process = TestProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return false }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output.split(separator: "\n").contains { $0.hasPrefix("Protocols:") && $0.split(separator: " ").contains("ws") }
        #else
        return true
        #endif
    }()

    /// Foundation's own client (FoundationNetworking on Linux, backed by libcurl), as an app's
    /// code meets the mock: `URLSessionWebSocketTask` cannot be served by a `URLProtocol`, so
    /// the loopback server is the way.
    @Test(.enabled(if: foundationSpeaksWebSockets, "this platform's libcurl has no WebSockets, so URLSessionWebSocketTask fails with -1002"))
    func urlSessionWebSocketTaskIsAClientToo() async throws {
        let mock = try mock(Self.echo)
        try await withMockServer(mock) { server in
            var components = URLComponents(url: try server.baseURL, resolvingAgainstBaseURL: false)!
            components.scheme = "ws"
            components.path = "/chat"
            let session = URLSession(configuration: .ephemeral)
            defer { session.invalidateAndCancel() }
            let task = session.webSocketTask(with: components.url!)
            task.resume()
            try await task.send(.string("hello"))
            let reply = try await task.receive()
            guard case .string(let text) = reply else {
                Issue.record("expected a text message, got \(reply)")
                return
            }
            #expect(text == "world: hello on /chat")
            task.cancel(with: .normalClosure, reason: nil)
        }
    }

    @Test func aScriptGreetsAnswersInOrderWaitsAndCloses() async throws {
        let mock = HTTPMock()
        let stubs = mock.webSocket(urlPath: "/chat") { socket in
            socket.onConnect { $0.send("welcome, {{request.query.user}}") }
            socket.on(.equalTo("ping")) { $0.send("pong") }
            socket.on(.matchesJsonPath("$.subscribe")) { reply in
                reply.send(.json(["subscribed": "{{jsonPath message.body '$.subscribe'}}"]))
                reply.send("first update", after: .milliseconds(20))
                reply.close(code: 4000, reason: "done")
            }
            socket.onAnyMessage { $0.send("unknown: {{message.body}}") }
        }
        #expect(stubs.count == 4)
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/chat?user=ada") { socket in
                #expect(try await socket.nextMessage() == .text("welcome, ada"))
                try await socket.send("ping")
                #expect(try await socket.nextMessage() == .text("pong"))
                try await socket.send("hm")
                #expect(try await socket.nextMessage() == .text("unknown: hm"))
                try await socket.send(#"{"subscribe": "news"}"#)
                #expect(try await socket.nextMessage() == .text(#"{"subscribed":"news"}"#))
                #expect(try await socket.nextMessage() == .text("first update"))
                #expect(try await socket.closeCode() == WebSocketErrorCode(codeNumber: 4000))
            }
        }
    }

    /// Issue 49: a message whose stub closes the socket is in the message journal once the
    /// client has the close frame (it is journaled before the close is written), for every
    /// socket of many at once.
    @Test func aMessageWhoseStubClosesTheSocketIsJournaledBeforeTheClientSeesTheClose() async throws {
        let mock = HTTPMock()
        mock.webSocket(urlPath: "/bye") { socket in
            socket.onAnyMessage { reply in
                reply.send("ok")
                reply.close(code: 4002, reason: "bye")
            }
        }
        try await withMockServer(mock) { server in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<24 {
                    group.addTask {
                        for round in 0..<5 {
                            let text = "bye \(client)-\(round)"
                            try await withWebSocket(server, path: "/bye") { socket in
                                try await socket.send(text)
                                #expect(try await socket.nextMessage() == .text("ok"))
                                #expect(try await socket.closeCode() == WebSocketErrorCode(codeNumber: 4002))
                                let journaled = mock.messages.events.contains { $0.direction == .received && $0.message == .text(text) }
                                #expect(journaled, "\(text) is in the journal once its socket is closed")
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    /// Issue 49: a greeting sent on open reaches a client built on NIO's
    /// `NIOTypedWebSocketClientUpgrader` when the client keeps the bytes that arrive after the
    /// 101 (`leftOverBytesStrategy = .forwardBytes`, as the WebSockets article says). The server
    /// may write at once (RFC 6455 §4.1: once the client has the 101 the connection is open);
    /// NIO's default, `.dropBytes`, throws away a frame that arrives in the same read as the
    /// 101. Here NIO's own client pipeline is fed our server's real bytes in one read, which
    /// makes that loss certain; over real sockets it happened to 18 of 20 connections.
    @Test func aGreetingOnOpenReachesANIOClientThatKeepsTheBytesAfterThe101() async throws {
        let mock = HTTPMock()
        mock.webSocket(urlPath: "/greet") { socket in
            socket.onConnect { reply in
                reply.send("connected")
                reply.drop()
            }
        }
        let key = "dGhlIHNhbXBsZSBub25jZQ=="
        let bytes = try await withMockServer(mock) { server in
            try await exchangeRaw("GET /greet HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                  + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n", port: try server.port).receivedBuffer
        }
        #expect(String(buffer: bytes).hasPrefix("HTTP/1.1 101 "))
        #expect(try NIOClientHeard(bytes, key: key, leftOverBytes: .forwardBytes) == ["connected"])
        #expect(try NIOClientHeard(bytes, key: key, leftOverBytes: .dropBytes) == [], "NIO's default drops what shares the 101's read")

        // And over a real socket, the documented setting gets the greeting every time.
        let greeter = HTTPMock()
        greeter.webSocket(urlPath: "/greet") { socket in
            socket.onConnect { $0.send("connected") }
        }
        try await withMockServer(greeter) { server in
            for _ in 0..<20 {
                let greeting = try await withWebSocket(server, path: "/greet") { socket in try await socket.nextMessage() }
                #expect(greeting == .text("connected"))
            }
        }
    }

    /// A reconnecting client's test: the server closes one socket after its second message
    /// (answered first) and drops another after its first, with no close frame.
    @Test func aScriptClosesOrDropsASocketAfterANumberOfMessages() async throws {
        let mock = HTTPMock()
        mock.webSocket(urlPath: "/closing") { socket in
            socket.afterMessages(2) { $0.close(code: 4001, reason: "enough") }
            socket.onAnyMessage { $0.send("got {{message.body}}") }
        }
        mock.webSocket(urlPath: "/dropping") { socket in
            socket.afterMessages(1) { $0.drop() }
        }
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/closing") { socket in
                try await socket.send("a")
                #expect(try await socket.nextMessage() == .text("got a"))
                try await socket.send("b")
                #expect(try await socket.nextMessage() == .text("got b"))
                #expect(try await socket.closeCode() == WebSocketErrorCode(codeNumber: 4001))
            }
            try await withWebSocket(server, path: "/dropping") { socket in
                try await socket.send("a")
                // The connection ends with no close frame.
                #expect(try await socket.nextFrame() == nil)
            }
        }
        #expect(await mock.messages.waitForChannels(atMost: 0).isEmpty)
    }

    /// Understudy's extensions to WireMock 4's JSON (`connected` and `message-count` triggers,
    /// `close` and `drop` actions, `delayMilliseconds`) read back as written.
    @Test func theScriptExtensionsRoundTripThroughJSON() throws {
        let json = """
            {"id": "5b3f0a49-8c0e-4a36-9a55-1c2a7d3e9b10",
             "trigger": {"type": "connected", "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "/feed", "method": "ANY"}}},
             "actions": [{"type": "send", "message": {"body": "hi"}, "channelTarget": {"type": "originating"}, "delayMilliseconds": 250},
                         {"type": "close", "code": 1001, "reason": "bye", "channelTarget": {"type": "originating"}}]}
            """
        let stub = try #require(try WireMockMessageMappings.decode(Data(json.utf8)).first)
        let again = try #require(try WireMockMessageMappings.decode(Data(stub.wireMockJSON.jsonText().utf8)).first)
        #expect(again.wireMockJSON == stub.wireMockJSON)
        #expect(stub.wireMockJSON == (try JSONParser.parse(json)))
        #expect(stub.actions.map(\.delay) == [.milliseconds(250), nil])
        #expect(throws: MappingDecodingError.self) {
            try WireMockMessageMappings.decode(Data(#"{"actions": [{"type": "close", "code": 1006}]}"#.utf8))
        }
        let limit = """
            {"id": "6c4f1b5a-9d1f-4b47-8b66-2d3b8e4f0c21",
             "trigger": {"type": "message-count", "count": 3},
             "actions": [{"type": "drop", "channelTarget": {"type": "originating"}}]}
            """
        let limitStub = try #require(try WireMockMessageMappings.decode(Data(limit.utf8)).first)
        #expect(limitStub.wireMockJSON == (try JSONParser.parse(limit)))
        #expect(throws: MappingDecodingError.self) {
            try WireMockMessageMappings.decode(Data(#"{"trigger": {"type": "message-count", "count": 0}, "actions": []}"#.utf8))
        }
    }
}

/// The text frames NIO's own WebSocket client pipeline reads from `bytes`, a server's answer
/// to an upgrade request with `key`, arriving in one read.
private func NIOClientHeard(_ bytes: ByteBuffer, key: String, leftOverBytes: RemoveAfterUpgradeStrategy) throws -> [String] {
    let channel = EmbeddedChannel()
    let heard = TextFrames()
    let upgrader = NIOTypedWebSocketClientUpgrader<Bool>(requestKey: key, upgradePipelineHandler: { channel, _ in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(heard)
            return true
        }
    })
    let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/greet", headers: ["Host": "x", "Content-Length": "0"])
    let upgrade = NIOTypedHTTPClientUpgradeConfiguration<Bool>(upgradeRequestHead: head, upgraders: [upgrader],
                                                               notUpgradingCompletionHandler: { $0.eventLoop.makeSucceededFuture(false) })
    var configuration = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgrade)
    configuration.leftOverBytesStrategy = leftOverBytes
    let upgraded = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
    while try channel.readOutbound(as: ByteBuffer.self) != nil {}
    try channel.writeInbound(bytes)
    channel.embeddedEventLoop.run()
    #expect(try upgraded.wait(), "the client upgraded")
    _ = try? channel.finish()
    return heard.texts.withLockedValue { $0 }
}

/// Collects the text frames a client reads.
private final class TextFrames: ChannelInboundHandler, Sendable {
    typealias InboundIn = WebSocketFrame
    let texts = NIOLockedValueBox<[String]>([])

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if frame.opcode == .text { texts.withLockedValue { $0.append(String(buffer: frame.unmaskedData)) } }
    }
}
