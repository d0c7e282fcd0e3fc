import Foundation
import NIOCore
import NIOWebSocket
import Testing
import Understudy
import UnderstudyServer
import UnderstudyMessaging

// What WireMock 4's message acceptance tests call (TESTS.md §0.2 and §0.3), for
// `WireMockMessageConformanceTests`: the admin API over HTTP, and WireMock's
// `WebsocketTestClient` (`src/testFixtures/.../testsupport/WebsocketTestClient.java`) over
// `withWebSocket`.

/// An answer of the admin API.
struct AdminAnswer {
    let status: Int
    let text: String

    /// The body as JSON; `nil` when it is not JSON (the empty body of a 404).
    var json: JSONValue? { try? JSONParser.parse(text) }
}

/// The admin API of a running server, as WireMock's Java client (`HttpAdminClient`) calls it.
struct MessageAdmin {
    let server: MockServer

    init(_ server: MockServer) { self.server = server }

    /// `method /__admin<path>`, with a JSON body when one is given.
    @discardableResult
    func call(_ method: String, _ path: String, _ body: String? = nil) async throws -> AdminAnswer {
        let url = try #require(URL(string: try server.baseURL.absoluteString + "/__admin" + path))
        let response = try await send(url, method: method, headers: body == nil ? [] : [("Content-Type", "application/json")], body: body)
        return AdminAnswer(status: response.status, text: response.body)
    }

    /// `messageStubFor(...)`: `POST /__admin/message-mappings`, expected to answer 201; returns the stub.
    @discardableResult
    func addMessageStub(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let answer = try await call("POST", "/message-mappings", json)
        #expect(answer.status == 201, "POST /__admin/message-mappings answered \(answer.status): \(answer.text)", sourceLocation: sourceLocation)
        return answer.json ?? .null
    }

    /// Understudy's deliberate difference 1: a WebSocket upgrade is accepted only where a
    /// message stub listens, and WireMock 4 accepts every upgrade. This stub lets upgrades of
    /// `urlPath` in and nothing else: its trigger's message pattern matches no message a test
    /// sends, so the messages on the socket stay unmatched (as in WireMock) and get no reply.
    func acceptUpgrades(onPath urlPath: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await addMessageStub(#"""
            {"name": "Understudy: lets WebSocket upgrades of \#(urlPath) in",
             "trigger": {"type": "message",
                         "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "\#(urlPath)", "method": "ANY"}},
                         "message": {"body": {"equalTo": "\#(Self.neverSent)"}}}}
            """#, sourceLocation: sourceLocation)
    }

    /// The body of the only message the stubs of ``acceptUpgrades(onPath:sourceLocation:)`` match.
    static let neverSent = "(no test sends this: the stub only lets the upgrade in)"

    /// `GET /__admin/message-mappings` → `messageMappings`.
    func messageMappings(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [JSONValue] {
        let answer = try await call("GET", "/message-mappings")
        #expect(answer.status == 200, "GET /__admin/message-mappings answered \(answer.status): \(answer.text)", sourceLocation: sourceLocation)
        return answer.json?["messageMappings"]?.arrayValue ?? []
    }

    /// `resetMessageJournal()`: `DELETE /__admin/messages`.
    func resetJournal(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let answer = try await call("DELETE", "/messages")
        #expect(answer.status == 200, "DELETE /__admin/messages answered \(answer.status): \(answer.text)", sourceLocation: sourceLocation)
    }

    /// `getAllMessageServeEvents()`: `GET /__admin/messages` → `messageServeEvents`, newest first.
    func events(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [JSONValue] {
        let answer = try await call("GET", "/messages")
        #expect(answer.status == 200, "GET /__admin/messages answered \(answer.status): \(answer.text)", sourceLocation: sourceLocation)
        return answer.json?["messageServeEvents"]?.arrayValue ?? []
    }

    /// The events of one `eventType` (`received` or `sent`), newest first.
    func events(ofType type: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [JSONValue] {
        try await events(sourceLocation: sourceLocation).filter { $0["eventType"] == .string(type) }
    }

    /// `findAllMessageEvents(pattern)`: `POST /__admin/messages/find` → `messageServeEvents`, oldest first.
    func find(_ pattern: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [JSONValue] {
        let answer = try await call("POST", "/messages/find", pattern)
        #expect(answer.status == 200, "POST /__admin/messages/find answered \(answer.status): \(answer.text)", sourceLocation: sourceLocation)
        return answer.json?["messageServeEvents"]?.arrayValue ?? []
    }

    /// `verifyMessageEvent(...)`'s count: `POST /__admin/messages/count` → `count`.
    func count(_ pattern: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int? {
        let answer = try await call("POST", "/messages/count", pattern)
        #expect(answer.status == 200, "POST /__admin/messages/count answered \(answer.status): \(answer.text)", sourceLocation: sourceLocation)
        return answer.json?["count"]?.intValue
    }

    /// `sendChannelMessage(WEBSOCKET, pattern, body)`: `POST /__admin/channels/send`; returns
    /// `{"channels": [...], "channelsMessaged": n}`.
    @discardableResult
    func sendToWebSockets(matching initiatingRequest: String, _ body: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let answer = try await call("POST", "/channels/send", #"""
            {"type": "websocket", "initiatingRequest": \#(initiatingRequest), "message": {"body": "\#(body)"}}
            """#)
        #expect(answer.status == 200, "POST /__admin/channels/send answered \(answer.status): \(answer.text)", sourceLocation: sourceLocation)
        return answer.json ?? .null
    }
}

/// A new id, as the Java builders make one.
func newMessageStubID() -> String { UUID().uuidString.lowercased() }

/// `sendMessage(text).onOriginatingChannel()`: a send action with a `{"data": text}` body.
func originatingSend(_ text: String) -> String {
    #"{"type": "send", "message": {"body": {"data": "\#(text)"}}, "channelTarget": {"type": "originating"}}"#
}

/// `SendMessageAction.toOriginatingChannel(text)`: a send action with a string body.
func originatingSendOfString(_ text: String) -> String {
    #"{"type": "send", "message": {"body": "\#(text)"}, "channelTarget": {"type": "originating"}}"#
}

/// Waits (at most 5 s, as WireMock's tests do) until the message journal holds `count` events
/// whose body `body` matches (any event when `nil`); records an issue when it does not.
/// Received messages are journaled after what their stub sent, so a received event in the
/// journal means its replies have been sent too.
@discardableResult
func waitForJournal(_ mock: HTTPMock, _ body: StringValuePattern? = nil, count: Int = 1,
                    sourceLocation: SourceLocation = #_sourceLocation) async -> [MessageServeEvent] {
    let found = await mock.messages.waitForEvents(matching: MessagePattern(body: body), count: count, timeout: .seconds(5))
    #expect(found.count >= count, "the journal has \(found.count) of the \(count) events waited for", sourceLocation: sourceLocation)
    return found
}

/// Waits (at most 5 s) until no more than `count` sockets are open; records an issue when
/// they stay open.
func waitUntilOpenChannels(_ mock: HTTPMock, atMost count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let open = await mock.messages.waitForChannels(atMost: count, timeout: .seconds(5))
    #expect(open.count <= count, "\(open.count) sockets still open", sourceLocation: sourceLocation)
}

/// Reads the next `count` messages (fewer if the socket closes first).
func nextMessages(_ socket: inout WebSocketTestSession, _ count: Int) async throws -> [WebSocketMessage] {
    var messages: [WebSocketMessage] = []
    while messages.count < count, let message = try await socket.nextMessage() { messages.append(message) }
    return messages
}

/// Closes the socket from the client side (1000) and records an issue for every text or binary
/// message the server sent before its close frame; returns the server's close code. Frames a
/// socket is sent go out in order, so once the server has taken a message (it is journaled),
/// any reply to it comes before the close frame: no sleep is needed to see that none came.
@discardableResult
func closeExpectingNoFurtherMessages(_ socket: inout WebSocketTestSession,
                                     sourceLocation: SourceLocation = #_sourceLocation) async throws -> WebSocketErrorCode? {
    var close = ByteBuffer()
    close.write(webSocketErrorCode: .normalClosure)
    try await socket.send(.connectionClose, close)
    var unexpected: [WebSocketMessage] = []
    var code: WebSocketErrorCode?
    reading: while let frame = try await socket.nextFrame() {
        switch frame.opcode {
        case .text: unexpected.append(.text(String(buffer: frame.unmaskedData)))
        case .binary: unexpected.append(.binary(Data(frame.unmaskedData.readableBytesView)))
        case .connectionClose:
            var data = frame.unmaskedData
            code = data.readWebSocketErrorCode()
            break reading
        default: continue
        }
    }
    #expect(unexpected == [], "messages the socket should not have been sent", sourceLocation: sourceLocation)
    return code
}

extension MockServer {
    /// `sendMessageAndWaitForResponse(url, text)`: opens a socket on `path`, sends `text`, and
    /// returns the first text message that comes back (`nil` if the socket closes first).
    func ask(_ path: String, _ text: String) async throws -> String? {
        try await withWebSocket(self, path: path) { socket in
            try await socket.send(text)
            while let message = try await socket.nextMessage() {
                if case .text(let reply) = message { return reply }
            }
            return nil
        }
    }

    /// `sendMessageAndWaitForBinaryResponse(url, text)`: as ``ask(_:_:)``, for the first binary message.
    func askForBinary(_ path: String, _ text: String) async throws -> Data? {
        try await withWebSocket(self, path: path) { socket in
            try await socket.send(text)
            while let message = try await socket.nextMessage() {
                if case .binary(let reply) = message { return reply }
            }
            return nil
        }
    }

    /// `sendMessage(url, text)`: opens a socket on `path`, sends `text` and closes the socket.
    /// WireMock sleeps 100 ms before closing; this waits until the journal holds the message
    /// (an event with its body), after whatever its stub sent.
    func fire(_ path: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let pattern = MessagePattern(body: .equalTo(text))
        let before = mock.messages.events(matching: pattern).count
        try await withWebSocket(self, path: path) { socket in
            try await socket.send(text)
            let found = await mock.messages.waitForEvents(matching: pattern, count: before + 1, timeout: .seconds(5))
            #expect(found.count > before, "the server did not journal \"\(text)\"", sourceLocation: sourceLocation)
        }
    }
}

/// A folder under the temporary directory, for a mappings root; removed by ``remove()``.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-messages-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var root: MappingsRoot { MappingsRoot(url) }

    /// Creates `relativePath` (and the folders above it) with `contents`.
    func write(_ relativePath: String, _ contents: Data) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
    }

    func write(_ relativePath: String, _ text: String) throws { try write(relativePath, Data(text.utf8)) }

    /// Creates the folder `relativePath`.
    func makeFolder(_ relativePath: String) throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent(relativePath, isDirectory: true), withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
