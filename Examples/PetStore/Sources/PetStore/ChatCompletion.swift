import UnderstudyClient

/// What the pet advisor is asked: an OpenAI-compatible chat request with `stream: true`.
public struct ChatRequest: Codable, Sendable, Equatable {
    public struct Message: Codable, Sendable, Equatable {
        public var role: String
        public var content: String
    }

    public var model: String
    public var messages: [Message]
    public var stream: Bool

    public init(model: String = "pet-advisor", prompt: String) {
        self.model = model
        self.messages = [Message(role: "user", content: prompt)]
        self.stream = true
    }
}

/// One streamed chunk of an OpenAI-compatible chat completion (`chat.completion.chunk`).
public struct ChatChunk: Decodable, Sendable, Equatable {
    public struct Choice: Decodable, Sendable, Equatable {
        public struct Delta: Decodable, Sendable, Equatable {
            public struct ToolCall: Decodable, Sendable, Equatable {
                public struct Function: Decodable, Sendable, Equatable {
                    public var name: String?
                    public var arguments: String?
                }
                public var index: Int
                public var function: Function
            }
            public var role: String?
            public var content: String?
            /// `tool_calls` (the API client decodes snake_case keys).
            public var toolCalls: [ToolCall]?
        }
        public var delta: Delta
        /// `finish_reason`.
        public var finishReason: String?
    }
    public var choices: [Choice]
}

/// `POST /v1/chat/completions` with `stream: true`: server-sent events of `ChatChunk`s, ended
/// by `data: [DONE]`.
public struct ChatCompletion: EventStreamEndpoint {
    public typealias Input = ChatRequest
    public typealias Event = ChatChunk
    public var method: HTTPMethod { .post }
    public var path: String { "/v1/chat/completions" }
    public var endMarker: String? { "[DONE]" }
    public init() {}
}
