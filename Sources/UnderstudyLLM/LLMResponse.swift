import Understudy
/// An answer in an LLM provider's exact wire format (OpenAI Chat Completions, the OpenAI
/// Responses API, Anthropic Messages): text deltas, tool calls with their arguments in
/// fragments, a stop reason, token usage, pauses between deltas and, if asked, an error or a
/// fault mid-stream. Whether it streams follows the request, as the real APIs do: a request
/// body with `"stream": true` gets server-sent events, any other the whole JSON object, so one
/// stub serves both calls.
///
/// Set with `ResponseDefinition.llm(_:)`; in mapping files `response.llm` (an Understudy
/// extension WireMock does not load).
///
/// ```swift
/// mock.stub(.post(urlPath: "/v1/chat/completions"), .ok.llm(
///     .openAIChat(text: ["Hel", "lo"], toolCalls: [LLMToolCall(id: "call_1", name: "get_weather", arguments: ["city": "Paris"])])
///         .delayed(by: .milliseconds(20))
/// ))
/// ```
///
/// Ids (`chatcmpl-…`, `msg_…`, `resp_…`, tool-call ids not given) and timestamps are made from
/// ``seed`` and the request body (less `stream` and `stream_options`): the same conversation
/// gets the same ids every run, streamed or not.
public struct LLMResponse: Sendable, Hashable {
    /// The provider's API, whose wire format the answer has.
    public var api: LLMAPI
    /// The model named in the answer; `nil` repeats the request's `model` (`understudy` when
    /// the request names none).
    public var model: String?
    /// The answer's text, as the deltas a stream sends (joined when not streamed).
    public var text: [String]
    /// Tool calls, after the text.
    public var toolCalls: [LLMToolCall]
    /// The finish or stop reason as the API spells it (`stop`, `length`, `end_turn`,
    /// `max_tokens`, …); `nil` derives it: `tool_calls` (`tool_use` at Anthropic) when there
    /// are tool calls, otherwise `stop` (`end_turn`). The Responses API reports
    /// `max_output_tokens` or `content_filter` as an incomplete response.
    public var finishReason: String?
    /// Token counts; `nil` counts the request body's bytes (less `stream` and
    /// `stream_options`) / 4 as input and one token per delta as output.
    public var usage: LLMUsage?
    /// The pause before each delta (text delta or arguments fragment) of a stream.
    public var delayBetweenDeltas: Duration
    /// Makes ids and timestamps (with the request body): another seed, other ids.
    public var seed: UInt64
    /// An error the answer ends with: after ``afterDeltas`` deltas (all when `nil`) a stream
    /// sends the provider's error event (at the Responses API, then `response.failed`) and
    /// ends; not streamed, the answer is the error.
    public var error: LLMProviderError?
    /// A fault the answer ends with: a stream is cut after ``afterDeltas`` deltas (all when
    /// `nil`); not streamed, the fault replaces the answer.
    public var fault: Fault?
    /// How many deltas a stream sends before ``error`` or ``fault``; `nil` sends them all.
    public var afterDeltas: Int?

    /// An answer in `api`'s format; every other field is optional.
    public init(api: LLMAPI, model: String? = nil, text: [String] = [], toolCalls: [LLMToolCall] = [],
                finishReason: String? = nil, usage: LLMUsage? = nil, delayBetweenDeltas: Duration = .zero, seed: UInt64 = 0) {
        self.api = api
        self.model = model
        self.text = text
        self.toolCalls = toolCalls
        self.finishReason = finishReason
        self.usage = usage
        self.delayBetweenDeltas = delayBetweenDeltas
        self.seed = seed
    }

    /// An OpenAI Chat Completions answer (`POST /v1/chat/completions`).
    public static func openAIChat(model: String? = nil, text: [String] = [], toolCalls: [LLMToolCall] = []) -> LLMResponse {
        LLMResponse(api: .openAIChat, model: model, text: text, toolCalls: toolCalls)
    }

    /// An OpenAI Responses API answer (`POST /v1/responses`).
    public static func openAIResponses(model: String? = nil, text: [String] = [], toolCalls: [LLMToolCall] = []) -> LLMResponse {
        LLMResponse(api: .openAIResponses, model: model, text: text, toolCalls: toolCalls)
    }

    /// An Anthropic Messages answer (`POST /v1/messages`).
    public static func anthropicMessages(model: String? = nil, text: [String] = [], toolCalls: [LLMToolCall] = []) -> LLMResponse {
        LLMResponse(api: .anthropicMessages, model: model, text: text, toolCalls: toolCalls)
    }

    /// The answer with a pause before each delta of a stream.
    public func delayed(by delay: Duration) -> LLMResponse {
        var copy = self
        copy.delayBetweenDeltas = delay
        return copy
    }

    /// The answer reporting these token counts.
    public func usage(inputTokens: Int, outputTokens: Int) -> LLMResponse {
        var copy = self
        copy.usage = LLMUsage(inputTokens: inputTokens, outputTokens: outputTokens)
        return copy
    }

    /// The answer with this finish or stop reason.
    public func finishReason(_ reason: String) -> LLMResponse {
        var copy = self
        copy.finishReason = reason
        return copy
    }

    /// The answer with ids and timestamps made from `seed`.
    public func seed(_ seed: UInt64) -> LLMResponse {
        var copy = self
        copy.seed = seed
        return copy
    }

    /// The answer ending with the provider's error: a stream sends its error event after
    /// `afterDeltas` deltas (all when `nil`); an answer not streamed is the error.
    public func failing(with error: LLMProviderError, afterDeltas: Int? = nil) -> LLMResponse {
        var copy = self
        copy.error = error
        copy.fault = nil
        copy.afterDeltas = afterDeltas
        return copy
    }

    /// The answer cut by a fault: a stream after `afterDeltas` deltas (all when `nil`); an
    /// answer not streamed is the fault.
    public func cut(by fault: Fault, afterDeltas: Int? = nil) -> LLMResponse {
        var copy = self
        copy.fault = fault
        copy.error = nil
        copy.afterDeltas = afterDeltas
        return copy
    }
}

extension ResponseDefinition {
    /// The response as an LLM provider's answer (see ``LLMResponse``): streamed as server-sent
    /// events when the request body has `"stream": true`, otherwise one JSON object. The
    /// status is this response's (`200` for `.ok`); headers set here are kept.
    ///
    /// ```swift
    /// mock.stub(.post(urlPath: "/v1/messages"), .ok.llm(.anthropicMessages(model: "claude-sonnet-4-5", text: ["Hi", " there"])))
    /// ```
    public func llm(_ answer: LLMResponse) -> ResponseDefinition {
        var copy = self
        copy.body = .none
        copy.stream = nil
        copy.llm = answer
        return copy
    }

    /// An answer in an LLM provider's wire format instead of ``ResponseDefinition/body`` and
    /// ``ResponseDefinition/stream``, streamed or not as the request asks (see ``LLMResponse``).
    public var llm: LLMResponse? {
        get { answerExtension(LLMResponse.self) }
        set { setAnswerExtension(newValue) }
    }
}
