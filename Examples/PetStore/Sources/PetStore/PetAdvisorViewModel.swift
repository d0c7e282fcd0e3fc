import Observation
import UnderstudyClient

/// The pet advisor screen: asks a chat model and shows its answer as it streams in, with the
/// tools it asked for and why it stopped.
@MainActor
@Observable
public final class PetAdvisorViewModel {
    /// The screen's state.
    public enum State: Equatable, Sendable {
        case idle
        case streaming
        case finished(reason: String)
        case error(String)
    }

    public private(set) var state: State = .idle
    /// The answer so far.
    public private(set) var answer = ""
    /// The tools the model called, with their arguments assembled from the fragments.
    public private(set) var toolCalls: [String: String] = [:]

    private let client: APIClient

    public init(client: APIClient) { self.client = client }

    /// Asks `prompt` and follows the stream to its end.
    public func ask(_ prompt: String) async {
        (state, answer, toolCalls) = (.streaming, "", [:])
        var names: [Int: String] = [:]
        var reason = "end of stream"
        do {
            for try await chunk in client.events(ChatCompletion(), with: ChatRequest(prompt: prompt)) {
                guard let choice = chunk.choices.first else { continue }
                answer += choice.delta.content ?? ""
                for call in choice.delta.toolCalls ?? [] {
                    if let name = call.function.name { names[call.index] = name }
                    if let name = names[call.index] { toolCalls[name, default: ""] += call.function.arguments ?? "" }
                }
                if let finish = choice.finishReason { reason = finish }
            }
            state = .finished(reason: reason)
        } catch {
            state = .error(error.localizedDescription)
        }
    }
}
