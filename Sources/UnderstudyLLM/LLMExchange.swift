import Understudy
import Foundation
import UnderstudyJSON
import UnderstudySupport

/// One request answered by an ``LLMResponse``: the answer with everything the request decides
/// worked out (streamed or not, the model, ids, timestamps, usage), from which each API's
/// extension writes its wire format.
struct LLMExchange {
    /// A tool call with its ids decided.
    struct Call {
        /// The call id the client sends back with the tool's result (`call_…`, `toolu_…`).
        let callID: String
        /// The Responses API's id of the output item (`fc_…`).
        let itemID: String
        let name: String
        let fragments: [String]
        var arguments: String { fragments.joined() }
    }

    /// Why a request cannot be answered (the stub's own mistake, shown as a 500).
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    let answer: LLMResponse
    /// The request body, when it is a JSON object.
    let request: JSONObject
    /// Whether the request asked for a stream (`"stream": true`).
    let streams: Bool
    let model: String
    /// The answer's id (`chatcmpl-…`, `resp_…`, `msg_…`).
    let id: String
    /// The Responses API's id of the message output item.
    let messageItemID: String
    /// OpenAI's `system_fingerprint`.
    let systemFingerprint: String
    /// Seconds since 1970.
    let created: Int
    let calls: [Call]
    let usage: LLMUsage

    init(_ answer: LLMResponse, request recorded: RecordedRequest) throws(Problem) {
        self.answer = answer
        request = (try? JSONParser.parse(recorded.body))?.objectValue ?? JSONObject()
        streams = request["stream"] == .bool(true)
        model = answer.model ?? request["model"]?.stringValue ?? "understudy"
        // The conversation decides the ids, not whether it is streamed.
        var conversation = request
        conversation["stream"] = nil
        conversation["stream_options"] = nil
        let asked = conversation.isEmpty ? Array(recorded.body) : Array(JSONValue.object(conversation).jsonText().utf8)
        var generator = SplitMix64(seed: answer.seed ^ FNV1a.of(asked).value)
        let api = answer.api
        id = switch api.kind {
        case .openAIChat: "chatcmpl-" + Self.characters(29, using: &generator)
        case .openAIResponses: "resp_" + Self.hex(48, using: &generator)
        case .anthropicMessages: "msg_01" + Self.characters(22, using: &generator)
        }
        messageItemID = "msg_" + Self.hex(48, using: &generator)
        systemFingerprint = "fp_" + Self.hex(10, using: &generator)
        created = 1_700_000_000 + Int(generator.next() % 50_000_000)
        var calls: [Call] = []
        for call in answer.toolCalls {
            let callID = call.id ?? (api.kind == .anthropicMessages ? "toolu_01" + Self.characters(22, using: &generator)
                                                             : "call_" + Self.characters(24, using: &generator))
            calls.append(Call(callID: callID, itemID: "fc_" + Self.hex(48, using: &generator), name: call.name,
                              fragments: call.argumentFragments.isEmpty ? [""] : call.argumentFragments))
            if api.kind == .anthropicMessages, (try? JSONParser.parse(calls[calls.count - 1].arguments))?.objectValue == nil {
                throw Problem(description: "the arguments of tool call \"\(call.name)\" are not a JSON object (Anthropic's tool_use input is one): \(calls[calls.count - 1].arguments)")
            }
        }
        self.calls = calls
        let deltas = answer.text.count + calls.reduce(0) { $0 + $1.fragments.count }
        usage = answer.usage ?? LLMUsage(inputTokens: (asked.count + 3) / 4, outputTokens: max(1, deltas))
    }

    /// The whole text.
    var text: String { answer.text.joined() }

    /// The tool call's arguments as a JSON object (Anthropic's `input`).
    func input(of call: Call) -> JSONValue {
        (try? JSONParser.parse(call.arguments)).flatMap { $0.objectValue.map(JSONValue.object) } ?? .object(JSONObject())
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    private static let hexDigits = Array("0123456789abcdef")

    private static func characters(_ count: Int, using generator: inout SplitMix64) -> String {
        String((0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    private static func hex(_ count: Int, using generator: inout SplitMix64) -> String {
        String((0..<count).map { _ in hexDigits[Int(generator.next() % 16)] })
    }
}

/// The events of a streamed answer, in three runs: what comes before any delta, the content
/// (block starts, deltas, block ends) and what finishes the answer. An error or a fault cuts
/// the content after the deltas it names and drops the finish.
struct LLMEventScript {
    /// One server-sent event: its type (none for OpenAI Chat) and its data.
    struct Event {
        var name: String?
        var data: Payload
        /// Whether this event carries a delta (a text delta or a fragment of arguments).
        var isDelta = false
    }

    enum Payload {
        case json(JSONObject)
        /// Data that is not JSON (`[DONE]`).
        case text(String)
    }

    var opening: [Event] = []
    var content: [Event] = []
    var finish: [Event] = []

    /// The events sent: all of them, or, cut after `deltas` deltas, the opening and the content
    /// up to that delta (up to the first delta for 0).
    func events(cutAfter deltas: Int?) -> [Event] {
        guard let deltas else { return opening + content + finish }
        var kept: [Event] = []
        var seen = 0
        for event in content {
            if event.isDelta {
                if seen == deltas { break }
                seen += 1
            }
            kept.append(event)
            if event.isDelta, seen == deltas { break }
        }
        return opening + kept
    }
}
