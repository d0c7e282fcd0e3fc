import Foundation
import UnderstudyJSON
import UnderstudySupport

extension ResponseStream {
    /// The response members that write the stream: `eventStream` (`{"events": [...],
    /// "thenFault": ...}`) or `chunks` with `thenFault` beside it (and `thenHoldOpenMilliseconds`
    /// for a stream held open).
    var wireMockMembers: [JSONObject.Member] {
        var endingMembers: [JSONObject.Member] = []
        switch ending {
        case .complete: break
        case .fault(let fault): endingMembers.append(JSONObject.Member(key: "thenFault", value: .string(fault.name)))
        case .heldOpen(let cap):
            endingMembers.append(JSONObject.Member(key: "thenHoldOpenMilliseconds", value: .number(JSONNumber(Int(cap / .milliseconds(1))))))
        }
        switch content {
        case .events(let events):
            let object = JSONObject([JSONObject.Member(key: "events", value: .array(events.map(\.wireMockJSON)))] + endingMembers)
            return [JSONObject.Member(key: "eventStream", value: .object(object))]
        case .chunks(let chunks):
            return [JSONObject.Member(key: "chunks", value: .array(chunks.map(\.wireMockJSON)))] + endingMembers
        }
    }

    /// Decodes `eventStream` or `chunks` (with `thenFault` / `thenHoldOpenMilliseconds` in
    /// `response`) from a response reader; `nil` when the response has neither.
    static func decode(fromResponse reader: JSONReader) throws -> ResponseStream? {
        if let stream = reader.member("eventStream"), stream.value != .null {
            try stream.rejectUnknownKeys(["events", "thenFault", "thenHoldOpenMilliseconds"], in: "eventStream")
            let events = try stream.required("events") { try $0.elements().map(ServerSentEvent.init(wireMock:)) }
            for key in ["thenFault", "thenHoldOpenMilliseconds"] where reader.member(key) != nil {
                throw reader.error(at: key, "\(key) of an event stream goes inside \"eventStream\"")
            }
            return ResponseStream(.events(events), ending: try ending(in: stream))
        }
        if let chunks = reader.member("chunks"), chunks.value != .null {
            let parts = try chunks.elements().map(BodyChunk.init(wireMock:))
            return ResponseStream(.chunks(parts), ending: try ending(in: reader))
        }
        for key in ["thenFault", "thenHoldOpenMilliseconds"] where reader.member(key) != nil {
            throw reader.error(at: key, "\(key) ends a stream; add \"chunks\": [...] beside it, or put it inside \"eventStream\"")
        }
        return nil
    }

    private static func ending(in reader: JSONReader) throws -> Ending {
        let fault = try reader.optional("thenFault") { try Fault(wireMock: $0) }
        let hold = try reader.optionalInt("thenHoldOpenMilliseconds")
        switch (fault, hold) {
        case (nil, nil): return .complete
        case (let fault?, nil): return .fault(fault)
        case (nil, let hold?):
            guard hold > 0 else { throw reader.error(at: "thenHoldOpenMilliseconds", "thenHoldOpenMilliseconds is the most the stream stays open, in milliseconds: at least 1") }
            return .heldOpen(cap: .milliseconds(hold))
        case (_?, _?):
            throw reader.error(at: "thenHoldOpenMilliseconds", "a stream ends one way: keep \"thenFault\" or \"thenHoldOpenMilliseconds\"")
        }
    }
}

extension ServerSentEvent {
    var wireMockJSON: JSONValue {
        var object = JSONObject()
        if let id { object["id"] = .string(id) }
        if let event { object["event"] = .string(event) }
        if let data { object["data"] = .string(data) }
        if let retry { object["retry"] = .number(JSONNumber(retry)) }
        if let comment { object["comment"] = .string(comment) }
        if delay > .zero { object["delayMilliseconds"] = .number(JSONNumber(Int(delay / .milliseconds(1)))) }
        if repetitions != 1 { object["repeat"] = .number(JSONNumber(repetitions)) }
        return .object(object)
    }

    init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(["id", "event", "data", "retry", "comment", "delayMilliseconds", "repeat"], in: "an event")
        self.init(id: try reader.optionalString("id"), event: try reader.optionalString("event"), data: try reader.optionalString("data"),
                  retry: try reader.optionalInt("retry"), comment: try reader.optionalString("comment"),
                  after: .milliseconds(try reader.optionalInt("delayMilliseconds") ?? 0), repetitions: try reader.optionalInt("repeat") ?? 1)
        guard id != nil || event != nil || data != nil || retry != nil || comment != nil else {
            throw reader.error("an event needs at least one of id, event, data, retry or comment")
        }
        if let retry, retry < 0 { throw reader.error(at: "retry", "retry is a reconnection time in milliseconds: 0 or more") }
        guard repetitions >= 1 else { throw reader.error(at: "repeat", "repeat is how many times the event is sent: at least 1") }
        if delay < .zero { throw reader.error(at: "delayMilliseconds", "delayMilliseconds cannot be negative") }
    }
}

extension BodyChunk {
    var wireMockJSON: JSONValue {
        var object = JSONObject()
        switch body {
        case .text(let text): object["body"] = .string(text)
        case .json(let json): object["jsonBody"] = json
        case .binary(let data): object["base64Body"] = .string(data.base64EncodedString())
        case .none, .file: object["body"] = ""
        }
        if delay > .zero { object["delayMilliseconds"] = .number(JSONNumber(Int(delay / .milliseconds(1)))) }
        return .object(object)
    }

    init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(["body", "jsonBody", "base64Body", "delayMilliseconds"], in: "a chunk")
        let keys = ["body", "jsonBody", "base64Body"].filter { reader.member($0) != nil }
        guard keys.count == 1, let key = keys.first, let member = reader.member(key) else {
            throw reader.error(keys.isEmpty ? "a chunk needs one of body, jsonBody or base64Body"
                                            : "a chunk has one body; keep one of \(keys.joined(separator: ", "))")
        }
        let body: ResponseBody
        switch key {
        case "body": body = .text(try member.string())
        case "jsonBody": body = .json(member.value)
        default:
            guard let data = Data(base64Encoded: try member.string(), options: .ignoreUnknownCharacters) else {
                throw member.error("base64Body is not valid base64")
            }
            body = .binary(data)
        }
        let delay = try reader.optionalInt("delayMilliseconds") ?? 0
        if delay < 0 { throw reader.error(at: "delayMilliseconds", "delayMilliseconds cannot be negative") }
        self.init(body, after: .milliseconds(delay))
    }
}
