import Understudy
/// An error an ``LLMResponse`` answers with, in the provider's own shape: mid-stream, the
/// provider's error event; not streamed, an HTTP error status with the provider's error body.
///
/// ```swift
/// let overloaded = LLMProviderError(type: "overloaded_error", message: "Overloaded", status: 529)
/// ```
public struct LLMProviderError: Sendable, Hashable {
    /// The error's type (`server_error`, `rate_limit_exceeded`, `overloaded_error`, …); `nil`
    /// uses the API's generic one (`server_error` at OpenAI, `api_error` at Anthropic).
    public var type: String?
    /// The human-readable message.
    public var message: String
    /// The HTTP status of an answer that is not streamed (a stream has already sent `200`).
    public var status: Int

    /// An error of `type` saying `message`, answered with `status` when not streamed.
    public init(type: String? = nil, message: String, status: Int = 500) {
        self.type = type
        self.message = message
        self.status = status
    }

    /// The error's type, or the API's generic one.
    func type(for api: LLMAPI) -> String {
        type ?? (api.kind == .anthropicMessages ? "api_error" : "server_error")
    }
}
