import Understudy
import UnderstudyJSON

// The OpenAI Responses API, as https://platform.openai.com/docs/api-reference/responses/object
// and https://platform.openai.com/docs/api-reference/responses-streaming describe it: a
// `response` object, or `response.created`, `response.in_progress`, per output item
// `response.output_item.added`, its deltas (`response.output_text.delta`,
// `response.function_call_arguments.delta`) and `….done` events, then `response.completed`
// (`response.incomplete` for `max_output_tokens` or `content_filter`); every event carries a
// `sequence_number`. An error mid-stream sends `error`, then `response.failed` (the response
// with `status: "failed"` and `error: {code, message}`, its output and usage empty as in the
// documented example).
extension LLMExchange {
    /// Why the response is incomplete, when the finish reason says it is.
    private var incompleteReason: String? {
        guard let reason = answer.finishReason, ["max_output_tokens", "content_filter"].contains(reason) else { return nil }
        return reason
    }

    /// Whether the output has a message: when there is text, or nothing else.
    private var hasMessage: Bool { !text.isEmpty || calls.isEmpty }

    private var responsesUsage: JSONValue {
        ["input_tokens": .number(JSONNumber(usage.inputTokens)), "input_tokens_details": ["cached_tokens": 0],
         "output_tokens": .number(JSONNumber(usage.outputTokens)), "output_tokens_details": ["reasoning_tokens": 0],
         "total_tokens": .number(JSONNumber(usage.inputTokens + usage.outputTokens))]
    }

    private func response(status: String, output: [JSONValue], usage: JSONValue, error: JSONValue = nil) -> JSONValue {
        let incomplete: JSONValue = status == "incomplete" ? ["reason": .string(incompleteReason ?? "")] : nil
        return [
            "id": .string(id), "object": "response", "created_at": .number(JSONNumber(created)), "status": .string(status),
            "background": false, "error": error, "incomplete_details": incomplete,
            "instructions": request["instructions"] ?? .null, "max_output_tokens": request["max_output_tokens"] ?? .null,
            "model": .string(model), "output": .array(output), "parallel_tool_calls": true, "previous_response_id": nil,
            "reasoning": ["effort": nil, "summary": nil], "store": true, "temperature": 1.0,
            "text": ["format": ["type": "text"]], "tool_choice": "auto", "tools": request["tools"] ?? .array([]), "top_p": 1.0,
            "truncation": "disabled", "usage": usage, "user": nil, "metadata": [:],
        ]
    }

    private func outputText(_ text: String) -> JSONValue {
        ["type": "output_text", "annotations": [], "logprobs": [], "text": .string(text)]
    }

    private func messageItem(status: String, content: [JSONValue]) -> JSONValue {
        ["id": .string(messageItemID), "type": "message", "status": .string(status), "content": .array(content), "role": "assistant"]
    }

    private func functionCallItem(_ call: Call, status: String, arguments: String) -> JSONValue {
        ["id": .string(call.itemID), "type": "function_call", "status": .string(status), "arguments": .string(arguments),
         "call_id": .string(call.callID), "name": .string(call.name)]
    }

    /// The finished output items.
    private var output: [JSONValue] {
        var output: [JSONValue] = []
        if hasMessage { output.append(messageItem(status: "completed", content: [outputText(text)])) }
        for call in calls { output.append(functionCallItem(call, status: "completed", arguments: call.arguments)) }
        return output
    }

    var openAIResponsesObject: JSONValue {
        response(status: incompleteReason == nil ? "completed" : "incomplete", output: output, usage: responsesUsage)
    }

    var openAIResponsesScript: LLMEventScript {
        var script = LLMEventScript()
        func event(_ type: String, _ members: JSONObject, isDelta: Bool = false) -> LLMEventScript.Event {
            var object: JSONObject = ["type": .string(type)]
            for member in members { object[member.key] = member.value }
            return LLMEventScript.Event(name: type, data: .json(object), isDelta: isDelta)
        }
        let started = response(status: "in_progress", output: [], usage: nil)
        script.opening.append(event("response.created", ["response": started]))
        script.opening.append(event("response.in_progress", ["response": started]))
        var outputIndex = 0
        if hasMessage {
            let position: JSONObject = ["item_id": .string(messageItemID), "output_index": 0, "content_index": 0]
            script.content.append(event("response.output_item.added", ["output_index": 0, "item": messageItem(status: "in_progress", content: [])]))
            script.content.append(event("response.content_part.added", position.merging(["part": outputText("")])))
            for delta in answer.text {
                script.content.append(event("response.output_text.delta", position.merging(["delta": .string(delta), "logprobs": []]), isDelta: true))
            }
            script.content.append(event("response.output_text.done", position.merging(["text": .string(text), "logprobs": []])))
            script.content.append(event("response.content_part.done", position.merging(["part": outputText(text)])))
            script.content.append(event("response.output_item.done", ["output_index": 0, "item": messageItem(status: "completed", content: [outputText(text)])]))
            outputIndex = 1
        }
        for call in calls {
            let index = JSONValue.number(JSONNumber(outputIndex))
            let position: JSONObject = ["item_id": .string(call.itemID), "output_index": index]
            script.content.append(event("response.output_item.added", ["output_index": index, "item": functionCallItem(call, status: "in_progress", arguments: "")]))
            for fragment in call.fragments {
                script.content.append(event("response.function_call_arguments.delta", position.merging(["delta": .string(fragment)]), isDelta: true))
            }
            script.content.append(event("response.function_call_arguments.done", position.merging(["name": .string(call.name), "arguments": .string(call.arguments)])))
            script.content.append(event("response.output_item.done", ["output_index": index, "item": functionCallItem(call, status: "completed", arguments: call.arguments)]))
            outputIndex += 1
        }
        let finished = incompleteReason == nil ? "response.completed" : "response.incomplete"
        script.finish.append(event(finished, ["response": openAIResponsesObject]))
        return script
    }
}

extension LLMExchange {
    /// The `response.failed` event that follows the `error` event of a stream an error cuts.
    func openAIResponsesFailedEvent(_ error: LLMProviderError) -> LLMEventScript.Event {
        let failure: JSONValue = ["code": .string(error.type(for: answer.api)), "message": .string(error.message)]
        let failed = response(status: "failed", output: [], usage: nil, error: failure)
        return LLMEventScript.Event(name: "response.failed", data: .json(["type": "response.failed", "response": failed]))
    }
}

extension JSONObject {
    /// The object with `other`'s members after its own (replacing those with the same key).
    fileprivate func merging(_ other: JSONObject) -> JSONObject {
        var merged = self
        for member in other { merged[member.key] = member.value }
        return merged
    }
}
