import Foundation
import Understudy
import UnderstudyMessaging

// WireMock 4's admin API for message stubs, the message journal and channels
// (`wiremock-core/.../admin/AdminRoutes.java` and the tasks it names, on master).

extension AdminAPI {
    // MARK: Message stubs

    /// `GET /message-mappings`: the message stubs in precedence order, paged by `limit` and `offset`.
    func listMessageMappings(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let limit = try nonNegativeQueryInt("limit", in: request)
        let offset = try nonNegativeQueryInt("offset", in: request) ?? 0
        let all = mock.messages.stubs
        let start = min(offset, all.count)
        let end = min(all.count, start + (limit ?? all.count))
        return AdminResponse.json(["messageMappings": .array(all[start..<end].map(\.wireMockJSON)),
                                   "meta": ["total": .number(JSONNumber(all.count))]])
    }

    /// `POST /message-mappings`: adds one message stub; 201 with it.
    func createMessageMapping(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let stub = try decodeMessageStub(request.body)
        mock.messages.stub(stub)
        return AdminResponse.json(stub.wireMockJSON, status: 201)
    }

    /// `DELETE /message-mappings`: removes every message stub.
    func deleteAllMessageMappings() -> ResponseDefinition {
        mock.messages.removeAllStubs()
        return AdminResponse.emptyJSON
    }

    /// `GET /message-mappings/{id}`.
    func getMessageMapping(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let id = try uuid(request["id"])
        guard let stub = mock.messages.stub(id: id) else { throw Self.noMessageStub(id) }
        return AdminResponse.json(stub.wireMockJSON)
    }

    /// `PUT /message-mappings/{id}`: replaces the stub (the path's id wins over the body's);
    /// it becomes the newest of its priority.
    func editMessageMapping(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let id = try uuid(request["id"])
        var stub = try decodeMessageStub(request.recorded.body)
        stub.id = id
        guard mock.messages.replace(stub) else { throw Self.noMessageStub(id) }
        return AdminResponse.json(stub.wireMockJSON)
    }

    /// `DELETE /message-mappings/{id}`: `{}` whether or not there was one, as WireMock 4.
    func deleteMessageMapping(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        mock.messages.removeStub(id: try uuid(request["id"]))
        return AdminResponse.emptyJSON
    }

    /// `POST /message-mappings/find-by-metadata`: the stubs whose metadata JSON the body's pattern matches.
    func findMessageMappingsByMetadata(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let pattern = try stringValuePattern(request)
        let found = mock.messages.stubs.filter { pattern.match($0.metadataText).isExactMatch }
        return AdminResponse.json(["messageMappings": .array(found.map(\.wireMockJSON)),
                                   "meta": ["total": .number(JSONNumber(found.count))]])
    }

    /// `POST /message-mappings/remove-by-metadata`.
    func removeMessageMappingsByMetadata(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let pattern = try stringValuePattern(request)
        mock.messages.removeStubs { pattern.match($0.metadataText).isExactMatch }
        return AdminResponse.emptyJSON
    }

    private func decodeMessageStub(_ body: Data) throws(AdminError) -> MessageStubMapping {
        do {
            return try WireMockMessageMappings.decodeStub(body)
        } catch {
            throw Self.invalid(error)
        }
    }

    static func noMessageStub(_ id: UUID) -> AdminError {
        .notFound("No message stub with id \(id.uuidString.lowercased()); list them with GET /__admin/message-mappings")
    }

    /// A body that does not decode: WireMock 4's "<field> is required" (the bare field as
    /// pointer) for a missing required field, its JSON error otherwise.
    static func invalid(_ error: MappingDecodingError) -> AdminError {
        let prefix = "missing required field \""
        if error.message.hasPrefix(prefix), let field = error.message.dropFirst(prefix.count).split(separator: "\"").first {
            return AdminError(status: 422, code: 10, pointer: String(field), title: "\(field) is required", detail: error.description)
        }
        return .invalidInput(error)
    }

    // MARK: Message journal

    /// `GET /messages`: the journal, newest first.
    func listMessages() -> ResponseDefinition {
        AdminResponse.json(["messageServeEvents": .array(mock.messages.events.reversed().map(\.adminJSON)),
                            "messageJournalDisabled": false])
    }

    /// `DELETE /messages`.
    func deleteAllMessages() -> ResponseDefinition {
        mock.messages.resetJournal()
        return AdminResponse.emptyJSON
    }

    /// `POST /messages/count`: how many events (received or sent) the pattern matches.
    func countMessages(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let count = mock.messages.events(matching: try messagePattern(request.body)).count
        return AdminResponse.json(["count": .number(JSONNumber(count)), "messageJournalDisabled": false])
    }

    /// `POST /messages/find`: the events the pattern matches, oldest first.
    func findMessages(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let found = mock.messages.events(matching: try messagePattern(request.body))
        return AdminResponse.json(["messageServeEvents": .array(found.map(\.adminJSON))])
    }

    /// `POST /messages/remove`: removes the events the pattern matches; answers them, newest first.
    func removeMessages(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let removed = mock.messages.removeEvents(matching: try messagePattern(request.body))
        return AdminResponse.json(["messageServeEvents": .array(removed.reversed().map(\.adminJSON))])
    }

    /// `POST /messages/remove-by-metadata`: removes the received messages whose stub's
    /// metadata matches (WireMock 4 reads the `stubMapping` only received events carry, so
    /// the messages the stub sent stay).
    func removeMessagesByMetadata(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let pattern = try stringValuePattern(request)
        let removed = mock.messages.removeEvents { event in
            guard event.direction == .received, let stub = event.stub else { return false }
            return pattern.match(stub.metadataText).isExactMatch
        }
        return AdminResponse.json(["messageServeEvents": .array(removed.reversed().map(\.adminJSON))])
    }

    /// `GET /messages/{id}`: the event, or `null` (200) when there is none, as WireMock 4.
    func getMessage(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let id = try uuid(request["id"])
        return AdminResponse.json(mock.messages.events.first { $0.id == id }?.adminJSON ?? .null)
    }

    /// `DELETE /messages/{id}`.
    func deleteMessage(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let id = try uuid(request["id"])
        mock.messages.removeEvents { $0.id == id }
        return AdminResponse.emptyJSON
    }

    /// `POST /messages/wait` without waiting (the admin API called in process): the newest
    /// matching event now, or `null`.
    func waitForMessageNow(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let wait = try messageWait(request)
        return AdminResponse.json(mock.messages.events(matching: wait.pattern).last?.adminJSON ?? .null)
    }

    /// `POST /messages/wait`: the newest matching event, waiting up to `timeoutMillis` for one;
    /// `null` when none came.
    func waitForMessage(_ request: RecordedRequest) async throws(AdminError) -> ResponseDefinition {
        let wait = try messageWait(request)
        let found = await mock.messages.waitForEvents(matching: wait.pattern, count: 1, timeout: wait.timeout)
        return AdminResponse.json(found.last?.adminJSON ?? .null)
    }

    /// `POST /messages/wait-for-count` without waiting.
    func waitForMessagesNow(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let wait = try messageWait(request)
        return Self.waitedFor(mock.messages.events(matching: wait.pattern), count: wait.count)
    }

    /// `POST /messages/wait-for-count`: waits up to `timeoutMillis` for `count` matching
    /// events; answers the newest `count` of them (fewer on a timeout), newest first.
    func waitForMessages(_ request: RecordedRequest) async throws(AdminError) -> ResponseDefinition {
        let wait = try messageWait(request)
        return Self.waitedFor(await mock.messages.waitForEvents(matching: wait.pattern, count: wait.count, timeout: wait.timeout), count: wait.count)
    }

    private static func waitedFor(_ found: [MessageServeEvent], count: Int) -> ResponseDefinition {
        AdminResponse.json(["messageServeEvents": .array(found.reversed().prefix(count).map(\.adminJSON)), "messageJournalDisabled": false])
    }

    private func messagePattern(_ body: Data) throws(AdminError) -> MessagePattern {
        if body.isEmpty { return MessagePattern() }
        do {
            return try WireMockMessageMappings.decodePattern(body)
        } catch {
            throw Self.invalid(error)
        }
    }

    /// A wait request, `{"pattern": ..., "timeoutMillis": ..., "count": ...}` (WireMock 4's
    /// `WaitForMessageEventRequest`): no pattern matches anything, no timeout does not wait,
    /// no count is 1.
    private func messageWait(_ request: RecordedRequest) throws(AdminError) -> (pattern: MessagePattern, timeout: Duration, count: Int) {
        let json = try jsonBody(request)
        let pattern: MessagePattern
        if let patternJSON = json["pattern"], patternJSON != .null {
            pattern = try messagePattern(Data(patternJSON.jsonText().utf8))
        } else {
            pattern = MessagePattern()
        }
        guard let millis = json["timeoutMillis"].map({ $0 == .null ? 0 : $0.intValue }) ?? 0, millis >= 0 else {
            throw .invalidInput(pointer: "/timeoutMillis", "timeoutMillis must be a whole number of milliseconds, 0 or more")
        }
        guard let count = json["count"].map({ $0 == .null ? 1 : $0.intValue }) ?? 1, count >= 1 else {
            throw .invalidInput(pointer: "/count", "count must be a whole number, 1 or more")
        }
        return (pattern, .milliseconds(millis), count)
    }

    // MARK: Channels

    /// `GET /channels`: the open WebSockets.
    func listChannels() -> ResponseDefinition {
        let channels = mock.messages.channels
        return AdminResponse.json(["channels": .array(channels.map(\.adminJSON)), "meta": ["total": .number(JSONNumber(channels.count))]])
    }

    /// `GET /channels/{id}`: one open WebSocket; 404 when there is none.
    func getChannel(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let id = try uuid(request["id"])
        guard let channel = mock.messages.channels.first(where: { $0.id == id }) else {
            throw .notFound("No open channel with id \(id.uuidString.lowercased()); list them with GET /__admin/channels")
        }
        return AdminResponse.json(channel.adminJSON)
    }

    /// `DELETE /channels/{id}`: closes the WebSocket (1000, "Closed by server").
    func deleteChannel(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        mock.messages.close(channel: try uuid(request["id"]))
        return AdminResponse.emptyJSON
    }

    /// `POST /channels/send`: sends a message to every open WebSocket whose opening request
    /// matches `initiatingRequest` (no templating); answers the channels messaged.
    func sendToChannels(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let json = try jsonBody(request)
        if let type = json["type"]?.stringValue, type.lowercased() == "fixed" {
            throw .invalidInput(pointer: "/type", "fixed channels (WireMock 4's channel providers) are not served here; send to WebSockets with \"type\": \"websocket\" and an initiatingRequest pattern")
        }
        guard let message = json["message"], message != .null else {
            throw AdminError(status: 422, code: 10, pointer: "message", title: "message is required", detail: nil)
        }
        guard let patternJSON = json["initiatingRequest"], patternJSON != .null else {
            throw AdminError(status: 422, code: 10, pointer: "initiatingRequest", title: "initiatingRequest is required",
                             detail: "give the request pattern the sockets' opening requests must match, such as {\"urlPath\": \"/notifications\"}")
        }
        let body: MessageBody?
        let pattern: RequestPattern
        do {
            body = try WireMockMessageMappings.decodeBody(message["body"] ?? .null)
            pattern = try WireMockMappings.decodeRequestPattern(Data(patternJSON.jsonText().utf8), extensions: mock.serverMappingExtensions)
        } catch {
            throw Self.invalid(error)
        }
        // WireMock 4 messages no channel when the type is missing.
        guard json["type"] != nil, json["type"] != .null else {
            return AdminResponse.json(["channels": [], "channelsMessaged": 0])
        }
        let messaged: [WebSocketChannelInfo]
        do {
            messaged = try mock.messages.send(body ?? .text(""), toChannelsMatching: pattern)
        } catch {
            throw .invalidInput(pointer: "/message/body", error.problem)
        }
        return AdminResponse.json(["channels": .array(messaged.map(\.adminJSON)), "channelsMessaged": .number(JSONNumber(messaged.count))])
    }
}
