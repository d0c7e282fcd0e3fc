import Understudy
/// The token counts an ``LLMResponse`` reports (`usage` in every provider's answer).
public struct LLMUsage: Sendable, Hashable {
    /// Tokens of the prompt (`prompt_tokens` at OpenAI Chat, `input_tokens` elsewhere).
    public var inputTokens: Int
    /// Tokens of the answer (`completion_tokens` at OpenAI Chat, `output_tokens` elsewhere).
    public var outputTokens: Int

    /// Token counts.
    public init(inputTokens: Int, outputTokens: Int) {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
    }
}
