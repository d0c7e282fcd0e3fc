import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `APIClient.events(_:with:)` over the three transports: what an app's chat feature is
/// written against, fed by an OpenAI-compatible stream (a role chunk, content deltas, a
/// tool-call fragment, `finish_reason`, `data: [DONE]`).
struct EventStreamEndpointTests {
    struct ChatRequest: Codable, Sendable {
        var prompt: String
        var stream = true
    }

    struct ChatChunk: Decodable, Sendable, Equatable {
        struct Choice: Decodable, Sendable, Equatable {
            struct Delta: Decodable, Sendable, Equatable {
                var role: String?
                var content: String?
                var toolName: String?
            }
            var delta: Delta
            var finishReason: String?
        }
        var choices: [Choice]
    }

    struct ChatCompletion: EventStreamEndpoint {
        typealias Input = ChatRequest
        typealias Event = ChatChunk
        var method: HTTPMethod { .post }
        var path: String { "/v1/chat/completions" }
        var endMarker: String? { "[DONE]" }
    }

    private static func chunk(_ delta: String, finish: String? = nil) -> ServerSentEvent {
        .data(#"{"choices":[{"delta":\#(delta),"finishReason":\#(finish.map { "\"\($0)\"" } ?? "null")}]}"#, after: .milliseconds(5))
    }

    private func mock() -> HTTPMock {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/v1/chat/completions").body(.matchesJsonPath("$[?(@.stream == true)]")), .ok.eventStream([
            Self.chunk(#"{"role":"assistant"}"#),
            Self.chunk(#"{"content":"Hel"}"#),
            .comment("keep-alive"),
            Self.chunk(#"{"content":"lo"}"#),
            Self.chunk(#"{"toolName":"lookup"}"#),
            Self.chunk("{}", finish: "stop"),
            .data("[DONE]"),
            .data("never decoded"),
        ]))
        return mock
    }

    @Test(arguments: MockTransport.allCases)
    func chunksArriveDecodedAndTheStreamEndsAtDone(_ transport: MockTransport) async throws {
        let mock = mock()
        try await transport.withClient(for: mock) { httpClient, baseURL in
            let client = APIClient(baseURL: baseURL, httpClient: httpClient)
            var chunks: [ChatChunk] = []
            for try await chunk in client.events(ChatCompletion(), with: ChatRequest(prompt: "Hi")) { chunks.append(chunk) }
            #expect(chunks.count == 5)
            #expect(chunks.first?.choices.first?.delta.role == "assistant")
            #expect(chunks.compactMap { $0.choices.first?.delta.content }.joined() == "Hello")
            #expect(chunks.compactMap { $0.choices.first?.delta.toolName } == ["lookup"])
            #expect(chunks.last?.choices.first?.finishReason == "stop")
        }
        #expect(mock.requests(matching: .post(urlPath: "/v1/chat/completions")).first?.headers["Accept"] == "text/event-stream")
    }

    @Test(arguments: MockTransport.allCases)
    func aFailingStatusOrAnUndecodableEventFailsTheStream(_ transport: MockTransport) async throws {
        let mock = HTTPMock()
        // The newest stub is tried first among equals.
        mock.stub(.post(urlPath: "/v1/chat/completions"), .ok.eventStream([.data("not json")]))
        mock.stub(.post(urlPath: "/v1/chat/completions").header("X-Case", "down"), .status(503).body("busy"))
        try await transport.withClient(for: mock) { httpClient, baseURL in
            let down = APIClient(baseURL: baseURL, httpClient: httpClient)
            struct Down: EventStreamEndpoint {
                typealias Input = ChatRequest
                typealias Event = ChatChunk
                var method: HTTPMethod { .post }
                var path: String { "/v1/chat/completions" }
                var headers: [String: String] { ["X-Case": "down"] }
            }
            await #expect {
                for try await _ in down.events(Down(), with: ChatRequest(prompt: "Hi")) {}
            } throws: { error in
                (error as? APIError)?.statusCode == 503 && (error as? APIError)?.body == Data("busy".utf8)
            }
            await #expect {
                for try await _ in down.events(ChatCompletion(), with: ChatRequest(prompt: "Hi")) {}
            } throws: { error in
                (error as? APIError)?.codingPath != nil && "\(error)".contains("ChatChunk")
            }
        }
    }
}
