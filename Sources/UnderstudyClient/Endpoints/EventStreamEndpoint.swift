/// An endpoint that answers with server-sent events (`text/event-stream`), each event's
/// `data` a JSON `Event`: what a chat or live-feed feature is written against.
///
/// ```swift
/// struct ChatCompletion: EventStreamEndpoint {
///     typealias Input = ChatRequest
///     typealias Event = ChatChunk
///     var method: HTTPMethod { .post }
///     var path: String { "/v1/chat/completions" }
///     var endMarker: String? { "[DONE]" }        // OpenAI's last line, which is not JSON
/// }
/// for try await chunk in client.events(ChatCompletion(), with: ChatRequest(prompt: "Hi")) { ... }
/// ```
public protocol EventStreamEndpoint: Endpoint where Output == Nothing {
    /// What each event's `data` decodes to.
    associatedtype Event: Decodable & Sendable
    /// The `data` that ends the stream without being decoded (OpenAI-compatible APIs send
    /// `[DONE]`); `nil` when the stream ends only when the server closes it.
    var endMarker: String? { get }
    /// Whether an event is decoded: by default every event; override to skip event types
    /// (for example `received.event == "delta"`).
    func accepts(_ received: ReceivedEvent) -> Bool
}

extension EventStreamEndpoint {
    public var endMarker: String? { nil }
    public func accepts(_ received: ReceivedEvent) -> Bool { true }
}
