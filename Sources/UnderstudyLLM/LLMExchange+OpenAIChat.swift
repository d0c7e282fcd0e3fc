import Understudy
import UnderstudyJSON

// OpenAI Chat Completions, as https://platform.openai.com/docs/api-reference/chat/object and
// https://platform.openai.com/docs/api-reference/chat-streaming describe it: a
// `chat.completion` object, or `chat.completion.chunk`s as `data:` lines ending with
// `data: [DONE]`; `usage` in a last chunk with no choices when the request sets
// `stream_options.include_usage`.
extension LLMExchange {
    /// `stop`, or `tool_calls` when there are tool calls.
    private var openAIChatFinishReason: String {
        answer.finishReason ?? (calls.isEmpty ? "stop" : "tool_calls")
    }

    private var openAIChatUsage: JSONValue {
        [
            "prompt_tokens": .number(JSONNumber(usage.inputTokens)),
            "completion_tokens": .number(JSONNumber(usage.outputTokens)),
            "total_tokens": .number(JSONNumber(usage.inputTokens + usage.outputTokens)),
            "prompt_tokens_details": ["cached_tokens": 0, "audio_tokens": 0],
            "completion_tokens_details": ["reasoning_tokens": 0, "audio_tokens": 0, "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0],
        ]
    }

    var openAIChatObject: JSONValue {
        var message: JSONObject = ["role": "assistant", "content": calls.isEmpty || !text.isEmpty ? .string(text) : nil, "refusal": nil, "annotations": []]
        if !calls.isEmpty {
            message["tool_calls"] = .array(calls.map { call in
                ["id": .string(call.callID), "type": "function", "function": ["name": .string(call.name), "arguments": .string(call.arguments)]]
            })
        }
        let choice: JSONValue = ["index": 0, "message": .object(message), "logprobs": nil, "finish_reason": .string(openAIChatFinishReason)]
        return [
            "id": .string(id), "object": "chat.completion", "created": .number(JSONNumber(created)), "model": .string(model),
            "choices": [choice], "usage": openAIChatUsage, "service_tier": "default", "system_fingerprint": .string(systemFingerprint),
        ]
    }

    private func chunk(_ delta: JSONObject, finishReason: JSONValue = nil) -> JSONObject {
        let choice: JSONValue = ["index": 0, "delta": .object(delta), "logprobs": nil, "finish_reason": finishReason]
        return [
            "id": .string(id), "object": "chat.completion.chunk", "created": .number(JSONNumber(created)), "model": .string(model),
            "service_tier": "default", "system_fingerprint": .string(systemFingerprint), "choices": [choice],
        ]
    }

    var openAIChatScript: LLMEventScript {
        var script = LLMEventScript()
        script.opening.append(.init(data: .json(chunk(["role": "assistant", "content": calls.isEmpty || !text.isEmpty ? "" : nil, "refusal": nil]))))
        for delta in answer.text {
            script.content.append(.init(data: .json(chunk(["content": .string(delta)])), isDelta: true))
        }
        for (index, call) in calls.enumerated() {
            let head: JSONValue = ["index": .number(JSONNumber(index)), "id": .string(call.callID), "type": "function",
                                   "function": ["name": .string(call.name), "arguments": ""]]
            script.content.append(.init(data: .json(chunk(["tool_calls": [head]]))))
            for fragment in call.fragments {
                let part: JSONValue = ["index": .number(JSONNumber(index)), "function": ["arguments": .string(fragment)]]
                script.content.append(.init(data: .json(chunk(["tool_calls": [part]])), isDelta: true))
            }
        }
        script.finish.append(.init(data: .json(chunk([:], finishReason: .string(openAIChatFinishReason)))))
        if request["stream_options"]?["include_usage"] == .bool(true) {
            var last = chunk([:])
            last["choices"] = []
            last["usage"] = openAIChatUsage
            script.finish.append(.init(data: .json(last)))
        }
        script.finish.append(.init(data: .text("[DONE]")))
        return script
    }
}
