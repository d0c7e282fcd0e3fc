import Understudy
import UnderstudyJSON

// Anthropic Messages, as https://docs.anthropic.com/en/api/messages and
// https://docs.anthropic.com/en/docs/build-with-claude/streaming describe it: a `message`
// object, or `message_start`, per content block `content_block_start`, `content_block_delta`s
// (`text_delta`, `input_json_delta`) and `content_block_stop`, then `message_delta` (stop
// reason, output tokens) and `message_stop`, with a `ping` after the first block starts.
extension LLMExchange {
    /// `end_turn`, or `tool_use` when there are tool calls.
    private var anthropicStopReason: String {
        answer.finishReason ?? (calls.isEmpty ? "end_turn" : "tool_use")
    }

    private func anthropicUsage(outputTokens: Int) -> JSONValue {
        ["input_tokens": .number(JSONNumber(usage.inputTokens)), "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
         "output_tokens": .number(JSONNumber(outputTokens)), "service_tier": "standard"]
    }

    private func anthropicMessage(content: [JSONValue], stopReason: JSONValue, outputTokens: Int) -> JSONObject {
        ["id": .string(id), "type": "message", "role": "assistant", "model": .string(model), "content": .array(content),
         "stop_reason": stopReason, "stop_sequence": nil, "usage": anthropicUsage(outputTokens: outputTokens)]
    }

    private func toolUse(_ call: Call, input: JSONValue) -> JSONValue {
        ["type": "tool_use", "id": .string(call.callID), "name": .string(call.name), "input": input]
    }

    var anthropicMessagesObject: JSONValue {
        var content: [JSONValue] = []
        if !text.isEmpty { content.append(["type": "text", "text": .string(text)]) }
        for call in calls { content.append(toolUse(call, input: input(of: call))) }
        return .object(anthropicMessage(content: content, stopReason: .string(anthropicStopReason), outputTokens: usage.outputTokens))
    }

    var anthropicMessagesScript: LLMEventScript {
        var script = LLMEventScript()
        let start = anthropicMessage(content: [], stopReason: nil, outputTokens: 1)
        script.opening.append(.init(name: "message_start", data: .json(["type": "message_start", "message": .object(start)])))
        var blocks: [(start: JSONValue, deltas: [JSONValue])] = []
        if !text.isEmpty {
            blocks.append((["type": "text", "text": ""], answer.text.map { JSONValue.object(["type": "text_delta", "text": .string($0)]) }))
        }
        for call in calls {
            blocks.append((toolUse(call, input: .object(JSONObject())), call.fragments.map { JSONValue.object(["type": "input_json_delta", "partial_json": .string($0)]) }))
        }
        let ping = LLMEventScript.Event(name: "ping", data: .json(["type": "ping"]))
        if blocks.isEmpty { script.opening.append(ping) }
        for (index, block) in blocks.enumerated() {
            let number = JSONValue.number(JSONNumber(index))
            script.content.append(.init(name: "content_block_start", data: .json(["type": "content_block_start", "index": number, "content_block": block.start])))
            if index == 0 { script.content.append(ping) }
            for delta in block.deltas {
                script.content.append(.init(name: "content_block_delta", data: .json(["type": "content_block_delta", "index": number, "delta": delta]), isDelta: true))
            }
            script.content.append(.init(name: "content_block_stop", data: .json(["type": "content_block_stop", "index": number])))
        }
        let delta: JSONObject = ["type": "message_delta", "delta": ["stop_reason": .string(anthropicStopReason), "stop_sequence": nil],
                                 "usage": ["output_tokens": .number(JSONNumber(usage.outputTokens))]]
        script.finish.append(.init(name: "message_delta", data: .json(delta)))
        script.finish.append(.init(name: "message_stop", data: .json(["type": "message_stop"])))
        return script
    }
}
