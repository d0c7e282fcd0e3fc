import Foundation
import PetStore
import Testing
import Understudy
import UnderstudyClient
import UnderstudyTesting

/// The pet advisor streams an OpenAI-compatible chat completion: the role chunk, content
/// deltas, a tool call whose arguments arrive in fragments, `finish_reason`, `data: [DONE]`;
/// over the three transports, as the app would see a real backend.
@MainActor
struct PetAdvisorFeatureTests {
    private static func chunk(_ delta: String, finish: String? = nil, after pause: Duration = .milliseconds(5)) -> ServerSentEvent {
        let reason = finish.map { "\"\($0)\"" } ?? "null"
        return .data(#"{"object":"chat.completion.chunk","choices":[{"index":0,"delta":\#(delta),"finish_reason":\#(reason)}]}"#, after: pause)
    }

    /// What an OpenAI-compatible server streams for "Is chocolate safe for dogs?".
    static let stream: [ServerSentEvent] = [
        chunk(#"{"role":"assistant","content":""}"#),
        chunk(#"{"content":"No, "}"#),
        chunk(#"{"content":"never."}"#),
        .comment("keep-alive", after: .milliseconds(20)),
        chunk(#"{"tool_calls":[{"index":0,"function":{"name":"lookup_toxicity","arguments":"{\"food\":"}}]}"#),
        chunk(#"{"tool_calls":[{"index":0,"function":{"arguments":"\"chocolate\"}"}}]}"#),
        chunk("{}", finish: "tool_calls"),
        .data("[DONE]"),
    ]

    @Test(arguments: MockTransport.allCases)
    func theAnswerStreamsInWithItsToolCall(_ transport: MockTransport) async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/v1/chat/completions").body(.matchesJsonPath("$[?(@.stream == true)]")), .ok.eventStream(Self.stream))
        try await transport.withClient(for: mock, baseURL: URL(string: "https://llm.example.com")!) { httpClient, baseURL in
            let advisor = PetAdvisorViewModel(client: APIClient(baseURL: baseURL, httpClient: httpClient))
            await advisor.ask("Is chocolate safe for dogs?")
            #expect(advisor.state == .finished(reason: "tool_calls"))
            #expect(advisor.answer == "No, never.")
            #expect(advisor.toolCalls == ["lookup_toxicity": #"{"food":"chocolate"}"#])
        }
        let asked = try #require(mock.requests(matching: .post(urlPath: "/v1/chat/completions")).first)
        #expect(asked.headers["Accept"] == "text/event-stream")
        #expect(asked.bodyText.contains("Is chocolate safe for dogs?"))
    }

    @Test(arguments: MockTransport.allCases)
    func aStreamCutMidAnswerShowsAnErrorAndKeepsWhatArrived(_ transport: MockTransport) async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/v1/chat/completions"), .ok.eventStream(Array(Self.stream.prefix(3)), then: .fault(.malformedResponseChunk)))
        try await transport.withClient(for: mock, baseURL: URL(string: "https://llm.example.com")!) { httpClient, baseURL in
            let advisor = PetAdvisorViewModel(client: APIClient(baseURL: baseURL, httpClient: httpClient))
            await advisor.ask("Is chocolate safe for dogs?")
            guard case .error = advisor.state else {
                Issue.record("expected an error, got \(advisor.state)")
                return
            }
            #expect("No, never.".hasPrefix(advisor.answer))
        }
    }
}
