import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An LLM preset as a Swift client meets it on every transport: a chat client posts to the
/// provider's path, reads the server-sent events with the package's `EventStreamParser` and
/// puts the text and tool calls back together; the same stub answers the call not streamed.
struct LLMTransportTests {
    static let cases: [(Transport, LLMAPI)] = Transport.allCases.flatMap { transport in LLMAPI.allCases.map { (transport, $0) } }

    /// What a chat client makes of an answer: the text and each tool call's name and arguments.
    struct Reply: Equatable {
        var text = ""
        var calls: [String: String] = [:]
    }

    private static let answerText = ["Hel", "lo", " wörld"]

    private static func stub(_ api: LLMAPI) -> ResponseDefinition {
        .ok.llm(LLMResponse(api: api, text: answerText, toolCalls: [LLMToolCall(name: "get_weather", arguments: ["city": "Paris"])],
                            delayBetweenDeltas: .milliseconds(5)))
    }

    private static func post(_ base: URL, _ api: LLMAPI, stream: Bool) -> URLRequest {
        var request = URLRequest(url: base.appendingPathComponent(String(api.path.dropFirst())))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"model": "test-model", "stream": \#(stream), "messages": [{"role": "user", "content": "Hi"}]}"#.utf8)
        return request
    }

    /// Folds one event into the reply, as each provider's clients do.
    private static func fold(_ event: ReceivedEvent, _ api: LLMAPI, into reply: inout Reply, names: inout [Int: String]) throws {
        guard event.data != "[DONE]" else { return }
        let data = try JSONValue(parsing: event.data)
        switch api {
        case .openAIChat:
            let delta = data["choices"]?.arrayValue?.first?["delta"]
            reply.text += delta?["content"]?.stringValue ?? ""
            for call in delta?["tool_calls"]?.arrayValue ?? [] {
                let index = call["index"]?.intValue ?? 0
                if let name = call["function"]?["name"]?.stringValue { names[index] = name }
                reply.calls[names[index] ?? "", default: ""] += call["function"]?["arguments"]?.stringValue ?? ""
            }
        case .openAIResponses:
            if event.event == "response.output_text.delta" { reply.text += data["delta"]?.stringValue ?? "" }
            if event.event == "response.output_item.added", let name = data["item"]?["name"]?.stringValue {
                names[data["output_index"]?.intValue ?? 0] = name
            }
            if event.event == "response.function_call_arguments.delta" {
                reply.calls[names[data["output_index"]?.intValue ?? 0] ?? "", default: ""] += data["delta"]?.stringValue ?? ""
            }
        default:
            let index = data["index"]?.intValue ?? 0
            if event.event == "content_block_start", let name = data["content_block"]?["name"]?.stringValue { names[index] = name }
            if event.event == "content_block_delta" {
                reply.text += data["delta"]?["text"]?.stringValue ?? ""
                if let json = data["delta"]?["partial_json"]?.stringValue { reply.calls[names[index] ?? "", default: ""] += json }
            }
        }
    }

    @Test(arguments: cases)
    func aStreamedAnswerIsPutBackTogetherOnEveryTransport(_ transport: Transport, _ api: LLMAPI) async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: api.path), Self.stub(api))
        try await transport.withClient(for: mock) { client, base in
            let (body, response) = try await client.stream(for: Self.post(base, api, stream: true))
            #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream; charset=utf-8")
            var parser = EventStreamParser()
            var reply = Reply()
            var names: [Int: String] = [:]
            var events: [String] = []
            for try await line in body.lines {
                guard let event = parser.consume(line) else { continue }
                events.append(event.event)
                try Self.fold(event, api, into: &reply, names: &names)
            }
            #expect(reply == Reply(text: "Hello wörld", calls: ["get_weather": #"{"city":"Paris"}"#]), "\(events)")
            let last = api == .openAIChat ? "message" : api == .openAIResponses ? "response.completed" : "message_stop"
            #expect(events.last == last)
        }
    }

    @Test(arguments: cases)
    func theSameStubAnswersACallNotStreamedWithTheWholeObject(_ transport: Transport, _ api: LLMAPI) async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: api.path), Self.stub(api))
        try await transport.withClient(for: mock) { client, base in
            let (data, response) = try await client.data(for: Self.post(base, api, stream: false))
            #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/json")
            let object = try JSONValue(parsing: data)
            #expect(object["model"] == "test-model")
            switch api {
            case .openAIChat:
                let message = object["choices"]?.arrayValue?.first?["message"]
                #expect(message?["content"] == "Hello wörld")
                #expect(message?["tool_calls"]?.arrayValue?.first?["function"]?["arguments"] == #"{"city":"Paris"}"#)
            case .openAIResponses:
                #expect(object["output"]?.arrayValue?.first?["content"]?.arrayValue?.first?["text"] == "Hello wörld")
                #expect(object["output"]?.arrayValue?.last?["arguments"] == #"{"city":"Paris"}"#)
            default:
                #expect(object["content"] == [["type": "text", "text": "Hello wörld"],
                                              ["type": "tool_use", "id": object["content"]?.arrayValue?.last?["id"] ?? .null, "name": "get_weather", "input": ["city": "Paris"]]])
            }
        }
    }

    /// A fault mid-stream reaches the caller after the deltas before it, in process (over a
    /// socket a reset may discard bytes the client had not read yet).
    @Test(arguments: [Transport.direct, .urlSession])
    func aFaultMidStreamReachesTheCallerAfterTheDeltasBeforeIt(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: LLMAPI.anthropicMessages.path),
                  .ok.llm(.anthropicMessages(text: Self.answerText).cut(by: .connectionResetByPeer, afterDeltas: 2)))
        try await transport.withClient(for: mock) { client, base in
            var parser = EventStreamParser()
            var reply = Reply()
            var names: [Int: String] = [:]
            let error = await #expect(throws: URLError.self) {
                let (body, _) = try await client.stream(for: Self.post(base, .anthropicMessages, stream: true))
                for try await line in body.lines {
                    if let event = parser.consume(line) { try Self.fold(event, .anthropicMessages, into: &reply, names: &names) }
                }
            }
            #expect(error?.code == Fault.connectionResetByPeer.urlErrorCode)
            #expect(reply.text == "Hello")
        }
    }
}
