import Understudy
/// The wire format an ``LLMResponse`` answers in: one provider's API, byte for byte as its
/// official clients read it. Extensible: a new API is a new static member.
public struct LLMAPI: Sendable, Hashable, CustomStringConvertible {
    /// Which API; internal code switches over it, so that a new API cannot be missed.
    enum Kind: Sendable, Hashable {
        case openAIChat, openAIResponses, anthropicMessages
    }

    let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// OpenAI Chat Completions (`POST /v1/chat/completions`): a `chat.completion` object, or
    /// `chat.completion.chunk` events ending with `data: [DONE]`.
    public static let openAIChat = LLMAPI(.openAIChat)
    /// The OpenAI Responses API (`POST /v1/responses`): a `response` object, or its semantic
    /// events from `response.created` to `response.completed`.
    public static let openAIResponses = LLMAPI(.openAIResponses)
    /// Anthropic Messages (`POST /v1/messages`): a `message` object, or the events from
    /// `message_start` to `message_stop`.
    public static let anthropicMessages = LLMAPI(.anthropicMessages)

    /// Every API Understudy speaks.
    public static let allCases: [LLMAPI] = [.openAIChat, .openAIResponses, .anthropicMessages]

    /// The name mapping files use: `openai-chat`, `openai-responses` or `anthropic-messages`.
    public var name: String {
        switch kind {
        case .openAIChat: "openai-chat"
        case .openAIResponses: "openai-responses"
        case .anthropicMessages: "anthropic-messages"
        }
    }

    /// The path the provider serves the API at, for example `/v1/chat/completions`.
    public var path: String {
        switch kind {
        case .openAIChat: "/v1/chat/completions"
        case .openAIResponses: "/v1/responses"
        case .anthropicMessages: "/v1/messages"
        }
    }

    /// The finish or stop reasons the API documents (the Responses API has none of its own:
    /// Understudy reads `max_output_tokens` and `content_filter` as an incomplete response).
    public var finishReasons: [String] {
        switch kind {
        case .openAIChat: ["stop", "length", "tool_calls", "content_filter", "function_call"]
        case .openAIResponses: ["completed", "max_output_tokens", "content_filter"]
        case .anthropicMessages: ["end_turn", "max_tokens", "stop_sequence", "tool_use", "pause_turn", "refusal"]
        }
    }

    /// The API with a mapping-file name, or `nil` when there is none.
    public init?(name: String) {
        guard let known = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = known
    }

    public var description: String { name }
}
