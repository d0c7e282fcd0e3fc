import Foundation
package import UnderstudyJSON
package import Understudy
import UnderstudySupport

extension LLMResponse {
    private static let keys = ["api", "model", "text", "toolCalls", "finishReason", "usage", "delayMilliseconds", "seed",
                               "error", "thenFault", "afterDeltas"]

    /// The `llm` member of a mapping's response.
    package var wireMockJSON: JSONValue {
        var object: JSONObject = ["api": .string(api.name)]
        if let model { object["model"] = .string(model) }
        if !text.isEmpty { object["text"] = .array(text.map(JSONValue.string)) }
        if !toolCalls.isEmpty { object["toolCalls"] = .array(toolCalls.map(\.wireMockJSON)) }
        if let finishReason { object["finishReason"] = .string(finishReason) }
        if let usage {
            object["usage"] = ["inputTokens": .number(JSONNumber(usage.inputTokens)), "outputTokens": .number(JSONNumber(usage.outputTokens))]
        }
        if delayBetweenDeltas > .zero {
            object["delayMilliseconds"] = .number(JSONNumber(Int(delayBetweenDeltas / .milliseconds(1))))
        }
        if seed != 0 { object["seed"] = .number(JSONNumber(text: String(seed))) }
        if let error {
            var members: JSONObject = [:]
            if let type = error.type { members["type"] = .string(type) }
            members["message"] = .string(error.message)
            if error.status != 500 { members["status"] = .number(JSONNumber(error.status)) }
            object["error"] = .object(members)
        }
        if let fault { object["thenFault"] = .string(fault.name) }
        if let afterDeltas { object["afterDeltas"] = .number(JSONNumber(afterDeltas)) }
        return .object(object)
    }

    /// Decodes `response.llm`.
    package init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(Self.keys, in: "llm")
        let apiName = try reader.required("api") { try $0.string() }
        let names = LLMAPI.allCases.map(\.name)
        guard let api = LLMAPI(name: apiName) else {
            throw reader.error(at: "api", "unknown llm api \"\(apiName)\"\(LevenshteinDistance.suggestion(for: apiName, among: names)); use one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        self.init(api: api, model: try reader.optionalString("model"))
        text = try reader.optional("text") { member in
            if case .string(let whole) = member.value { return Self.words(of: whole) }
            return try member.elements().map { try $0.string() }
        } ?? []
        toolCalls = try reader.optional("toolCalls") { try $0.elements().map { try LLMToolCall(wireMock: $0) } } ?? []
        finishReason = try reader.optionalString("finishReason")
        if let reason = finishReason, !api.finishReasons.contains(reason), !ResponseTemplater.hasTag(reason) {
            let known = api.finishReasons.map { "\"\($0)\"" }.joined(separator: ", ")
            reader.warn(at: "finishReason", "finishReason \"\(reason)\" is not one \(api.name) documents\(LevenshteinDistance.suggestion(for: reason, among: api.finishReasons)); it is sent as written (the API's are \(known))")
        }
        usage = try reader.optional("usage") { usage in
            try usage.rejectUnknownKeys(["inputTokens", "outputTokens"], in: "llm usage")
            let input = try usage.requiredInt("inputTokens")
            let output = try usage.requiredInt("outputTokens")
            guard input >= 0, output >= 0 else { throw usage.error("token counts cannot be negative") }
            return LLMUsage(inputTokens: input, outputTokens: output)
        }
        let delay = try reader.optionalInt("delayMilliseconds") ?? 0
        if delay < 0 { throw reader.error(at: "delayMilliseconds", "delayMilliseconds (the pause before each delta) cannot be negative") }
        delayBetweenDeltas = .milliseconds(delay)
        if let member = reader.member("seed"), member.value != .null {
            guard case .number(let number) = member.value, let seed = UInt64(number.text) else {
                throw member.error("seed is a whole number from 0 to \(UInt64.max)")
            }
            self.seed = seed
        }
        error = try reader.optional("error") { error in
            try error.rejectUnknownKeys(["type", "message", "status"], in: "llm error")
            let status = try error.optionalInt("status") ?? 500
            guard (400...599).contains(status) else { throw error.error(at: "status", "status \(status) is not an error status; use 400 to 599 (OpenAI answers 500, Anthropic 529 when overloaded)") }
            return LLMProviderError(type: try error.optionalString("type"), message: try error.requiredString("message"), status: status)
        }
        fault = try reader.optional("thenFault") { try Fault(wireMock: $0) }
        if error != nil, fault != nil {
            throw reader.error(at: "thenFault", "an llm answer ends one way: keep \"error\" (the provider's error event) or \"thenFault\" (the connection cut)")
        }
        afterDeltas = try reader.optionalInt("afterDeltas")
        if let afterDeltas {
            guard error != nil || fault != nil else {
                throw reader.error(at: "afterDeltas", "afterDeltas says when \"error\" or \"thenFault\" interrupts the stream; add one of them, or remove afterDeltas")
            }
            guard afterDeltas >= 0 else { throw reader.error(at: "afterDeltas", "afterDeltas is how many deltas are sent first: 0 or more") }
        }
    }

    /// `text` given as one string: its words, each with the spaces before it, as deltas
    /// (`"Hello there"` is `["Hello", " there"]`).
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isWhitespace, !current.isEmpty, !current.allSatisfy(\.isWhitespace) {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

extension LLMToolCall {
    var wireMockJSON: JSONValue {
        var object: JSONObject = [:]
        if let id { object["id"] = .string(id) }
        object["name"] = .string(name)
        object["arguments"] = .array(argumentFragments.map(JSONValue.string))
        return .object(object)
    }

    /// `{"id": "call_1", "name": "get_weather", "arguments": {...} | "{...}" | ["{\"ci", ...]}`:
    /// an object or a string is cut into fragments of ``fragmentLength`` characters, an array
    /// is the fragments.
    init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(["id", "name", "arguments"], in: "a tool call")
        guard let name = try reader.optionalString("name"), !name.isEmpty else {
            throw reader.error("a tool call needs a \"name\", the tool the model calls, for example {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}")
        }
        let fragments: [String] = try reader.optional("arguments") { member in
            switch member.value {
            case .object: return Self.fragments(of: member.value.jsonText())
            case .string(let text): return Self.fragments(of: text)
            case .array: return try member.elements().map { try $0.string() }
            default: throw member.error("arguments are a JSON object, its text, or its text in fragments (an array of strings)")
            }
        } ?? ["{}"]
        let whole = fragments.joined()
        if !ResponseTemplater.hasTag(whole), (try? JSONParser.parse(whole))?.objectValue == nil {
            throw reader.error(at: "arguments", "the arguments of tool call \"\(name)\" are not a JSON object once joined: \(whole); write them as an object, for example {\"city\": \"Paris\"}")
        }
        self.init(id: try reader.optionalString("id"), name: name, argumentFragments: fragments)
    }
}
