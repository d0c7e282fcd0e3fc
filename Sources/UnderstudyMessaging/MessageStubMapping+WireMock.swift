public import Foundation
public import UnderstudyJSON

// WireMock 4's JSON for message stubs (`wiremock-core/.../message/MessageStubMapping.java`,
// `IncomingMessageTrigger`, `HttpStubTrigger`, `HttpRequestTrigger`, `SendMessageAction`,
// `ChannelTarget`, `common/entity/EntityDefinitionDeserializer.java` on master).

extension MessageStubMapping {
    static let knownKeys = ["id", "name", "priority", "trigger", "actions", "metadata", "uuid", "insertionIndex", "$schema"]

    /// WireMock 4's JSON for the stub: empty actions and metadata left out, bodies in their
    /// short form.
    public var wireMockJSON: JSONValue {
        var object: JSONObject = ["id": .string(id.uuidString.lowercased())]
        if let name { object["name"] = .string(name) }
        if let priority { object["priority"] = .number(JSONNumber(priority)) }
        object["trigger"] = trigger.wireMockJSON
        if !actions.isEmpty { object["actions"] = .array(actions.map(\.wireMockJSON)) }
        if !metadata.isEmpty { object["metadata"] = .object(metadata) }
        return .object(object)
    }

    init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(Self.knownKeys, in: "the message stub")
        // WireMock 4 reads `id` only (`uuid` is ignored, unlike HTTP stubs).
        let id = try reader.optional("id") { member in
            guard let id = UUID(uuidString: try member.string()) else { throw member.error("not a UUID; write one such as \"8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7\"") }
            return id
        }
        let trigger = try reader.optional("trigger") { try MessageTrigger(wireMock: $0) } ?? .message(channel: nil, message: MessagePattern())
        let actions = try reader.optional("actions") { try $0.elements().map { try MessageAction(wireMock: $0) } } ?? []
        self.init(id: id ?? reader.defaultStubID, name: try reader.optionalString("name"), priority: try reader.optionalInt("priority"),
                  trigger: trigger, actions: actions, metadata: try reader.optional("metadata") { try $0.object() } ?? [:])
    }
}

extension MessageTrigger {
    var wireMockJSON: JSONValue {
        switch self {
        case .message(let channel, let message):
            var object: JSONObject = ["type": "message"]
            if let channel {
                object["channel"] = ["type": "websocket", "initiatingRequestPattern": channel.wireMockJSON]
            }
            if message.channel != nil || message.body != nil { object["message"] = message.wireMockJSON }
            return .object(object)
        case .httpStub(let id):
            return ["type": "http-stub", "stubId": .string(id.uuidString.lowercased())]
        case .httpRequest(let pattern):
            return ["type": "http-request", "requestPattern": pattern.wireMockJSON]
        case .connected(let channel):
            var object: JSONObject = ["type": "connected"]
            if let channel { object["channel"] = ["type": "websocket", "initiatingRequestPattern": channel.wireMockJSON] }
            return .object(object)
        case .messageCount(let channel, let count):
            var object: JSONObject = ["type": "message-count", "count": .number(JSONNumber(count))]
            if let channel { object["channel"] = ["type": "websocket", "initiatingRequestPattern": channel.wireMockJSON] }
            return .object(object)
        }
    }

    init(wireMock reader: JSONReader) throws {
        let type = try reader.optionalString("type") ?? "message"
        func channel() throws -> RequestPattern? {
            try reader.optional("channel") { member -> RequestPattern? in
                try member.rejectUnknownKeys(["type", "initiatingRequestPattern", "channelProvider", "channelName"], in: "a channel pattern")
                switch try member.requiredString("type") {
                case "websocket": return try member.optional("initiatingRequestPattern") { try RequestPattern(wireMock: $0) }
                case "fixed": throw member.error(at: "type", "fixed channels (WireMock 4's channel providers) are not served here; Understudy serves WebSocket channels: use {\"type\": \"websocket\", \"initiatingRequestPattern\": {...}}")
                case let other: throw member.error(at: "type", "unknown channel type \"\(other)\"; use \"websocket\"")
                }
            } ?? nil
        }
        switch type {
        case "message":
            try reader.rejectUnknownKeys(["type", "channel", "message"], in: "a message trigger")
            self = .message(channel: try channel(), message: try reader.optional("message") { try MessagePattern(wireMock: $0) } ?? MessagePattern())
        case "connected":
            try reader.rejectUnknownKeys(["type", "channel"], in: "a connected trigger")
            self = .connected(channel: try channel())
        case "message-count":
            try reader.rejectUnknownKeys(["type", "channel", "count"], in: "a message-count trigger")
            let count = try reader.required("count") { member -> Int in
                let count = try member.int()
                guard count > 0 else { throw member.error("a message count is 1 or more") }
                return count
            }
            self = .messageCount(channel: try channel(), count: count)
        case "http-stub":
            try reader.rejectUnknownKeys(["type", "stubId"], in: "an http-stub trigger")
            let stubID = try reader.required("stubId") { member in
                guard let id = UUID(uuidString: try member.string()) else { throw member.error("not a UUID; give the id of an HTTP stub") }
                return id
            }
            self = .httpStub(stubID)
        case "http-request":
            try reader.rejectUnknownKeys(["type", "requestPattern"], in: "an http-request trigger")
            self = .httpRequest(try reader.required("requestPattern") { try RequestPattern(wireMock: $0) })
        default:
            // WireMock 4 reads an unknown type as a message trigger that matches everything; a
            // typo would then answer every message, so it is refused here.
            throw reader.error(at: "type", "unknown trigger type \"\(type)\"; use \"message\", \"http-stub\", \"http-request\" or Understudy's \"connected\" and \"message-count\"")
        }
    }
}

extension MessagePattern {
    /// WireMock 4's JSON: `{"channel": <request pattern>, "body": <content pattern>}`.
    public var wireMockJSON: JSONValue {
        var object: JSONObject = [:]
        if let channel { object["channel"] = channel.wireMockJSON }
        if let body { object["body"] = body.wireMockJSON }
        return .object(object)
    }

    init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(["channel", "body"], in: "a message pattern")
        self.init(channel: try reader.optional("channel") { try RequestPattern(wireMock: $0) },
                  body: try reader.optional("body") { try StringValuePattern(wireMock: $0, content: true) })
    }
}

extension MessageAction {
    var wireMockJSON: JSONValue {
        let target: JSONValue = switch self.target {
        case .originating: ["type": "originating"]
        case .channelsMatching(let pattern): ["type": "request-initiated", "requestPattern": pattern.wireMockJSON]
        }
        var object: JSONObject
        switch kind {
        case .send(let body):
            var message: JSONObject = [:]
            if let body { message["body"] = body.wireMockJSON }
            object = ["type": "send", "message": .object(message), "channelTarget": target]
        case .close(let code, let reason):
            object = ["type": "close", "code": .number(JSONNumber(Int(code)))]
            if !reason.isEmpty { object["reason"] = .string(reason) }
            object["channelTarget"] = target
        case .drop:
            object = ["type": "drop", "channelTarget": target]
        }
        if !transformers.isEmpty { object["transformers"] = .array(transformers.map { .string($0) }) }
        if !transformerParameters.isEmpty { object["transformerParameters"] = .object(transformerParameters) }
        if let delay {
            let milliseconds = delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
            object["delayMilliseconds"] = .number(JSONNumber(Int(milliseconds)))
        }
        return .object(object)
    }

    init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(["type", "message", "channelTarget", "transformers", "transformerParameters",
                                      "delayMilliseconds", "code", "reason"], in: "an action")
        let type = try reader.requiredString("type")
        guard ["send", "close", "drop"].contains(type) else {
            throw reader.error(at: "type", "unknown action type \"\(type)\"; use \"send\" (or Understudy's \"close\" and \"drop\")")
        }
        let delay = try reader.optional("delayMilliseconds") { member -> Duration in
            let milliseconds = try member.int()
            guard milliseconds >= 0 else { throw member.error("a delay is 0 milliseconds or more") }
            return .milliseconds(milliseconds)
        }
        let transformers = try reader.optional("transformers") { try $0.elements().map { try $0.string() } } ?? []
        let transformerParameters = try reader.optional("transformerParameters") { try $0.object() } ?? [:]
        if !transformers.isEmpty {
            reader.warn(at: "transformers", "message transformers run only where a Swift mock is configured with ones of these names (HTTPMock.Configuration.messageActionTransformers); understudy serve has none, so this action is sent untransformed there")
        }
        let target = try reader.optional("channelTarget") { member -> Target in
            try member.rejectUnknownKeys(["type", "requestPattern", "channelType", "providerName", "channelName"], in: "a channel target")
            switch try member.requiredString("type") {
            case "originating": return .originating
            case "request-initiated":
                if let channelType = try member.optionalString("channelType"), channelType.lowercased() == "fixed" {
                    throw member.error(at: "channelType", "fixed channels are not served here; leave channelType out or write \"websocket\"")
                }
                return .channelsMatching(try member.required("requestPattern") { try RequestPattern(wireMock: $0) })
            case "fixed-channel":
                throw member.error(at: "type", "fixed channels (WireMock 4's channel providers) are not served here; target \"originating\" or \"request-initiated\" WebSockets")
            case let other:
                throw member.error(at: "type", "unknown channel target \"\(other)\"; use \"originating\" or \"request-initiated\"")
            }
        } ?? .originating
        var action: MessageAction
        switch type {
        case "drop":
            action = .drop(on: target, after: delay)
        case "close":
            let code = try reader.optional("code") { member -> UInt16 in
                // RFC 6455 §7.4: 1000-4999, less the codes an endpoint must not send.
                guard let code = UInt16(exactly: try member.int()), (1000...4999).contains(code), ![1004, 1005, 1006, 1015].contains(code) else {
                    throw member.error("not a close code a server can send; use 1000 (normal), 1001 (going away), 1008, 1011 or 3000-4999")
                }
                return code
            } ?? 1000
            action = .close(code: code, reason: try reader.optionalString("reason") ?? "", on: target, after: delay)
        default:
            let body = try reader.required("message") { message -> MessageBody? in
                try message.rejectUnknownKeys(["body"], in: "a message definition")
                return try message.optional("body") { try MessageBody(wireMock: $0) } ?? nil
            }
            action = MessageAction(send: body, to: target, after: delay)
        }
        action.transformers = transformers
        action.transformerParameters = transformerParameters
        self = action
    }
}

/// Reads and writes message stubs in WireMock 4's JSON: a file of a root's `message-mappings/`
/// folder holds one stub, or several as `{"messageMappings": [...]}`.
public enum WireMockMessageMappings {
    /// The stubs of one file or admin body.
    public static func decode(_ data: Data, file: String? = nil) throws(MappingDecodingError) -> [MessageStubMapping] {
        let reader = try JSONReader.parsing(data, file: file)
        return try reader.decoding { reader in
            if let collection = reader.member("messageMappings") {
                try reader.rejectUnknownKeys(["messageMappings", "meta", "$schema", "uuid"], in: "a message mappings file")
                return try collection.elements().map { try MessageStubMapping(wireMock: $0) }
            }
            return [try MessageStubMapping(wireMock: reader)]
        }
    }

    /// One stub (the admin API's `POST /__admin/message-mappings` body).
    public static func decodeStub(_ data: Data) throws(MappingDecodingError) -> MessageStubMapping {
        let reader = try JSONReader.parsing(data, file: nil)
        return try reader.decoding { try MessageStubMapping(wireMock: $0) }
    }

    /// A message pattern (the body of journal queries).
    public static func decodePattern(_ data: Data) throws(MappingDecodingError) -> MessagePattern {
        let reader = try JSONReader.parsing(data, file: nil)
        return try reader.decoding { try MessagePattern(wireMock: $0) }
    }

    /// A message body entity.
    package static func decodeBody(_ value: JSONValue) throws(MappingDecodingError) -> MessageBody? {
        let reader = JSONReader(value)
        return try reader.decoding { try MessageBody(wireMock: $0) }
    }
}
