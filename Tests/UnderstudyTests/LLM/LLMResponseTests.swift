import Foundation
import Testing
import UnderstudyJSON
import UnderstudySupport
@testable import Understudy
@testable import UnderstudyLLM
@testable import UnderstudyMessaging

/// LLM presets in the core: one stub answers a plain call with the provider's JSON object and
/// a `"stream": true` call with its events; ids are deterministic; errors and faults cut the
/// stream where asked; the mapping-file form round-trips and refuses bad input by name.
struct LLMResponseTests {
    private struct NotAResponse: Error {}

    private func planned(_ mock: HTTPMock, _ request: RecordedRequest) throws -> (ResponsePlan, ResponseHead, TimedBody) {
        var generator = SplitMix64(seed: 1)
        let plan = mock.respond(to: request, using: &generator).plan
        guard case let .respond(head, body) = plan.action else { throw NotAResponse() }
        return (plan, head, body)
    }

    /// The events of a streamed body: each part's `event:` name (or nil) and its `data:` JSON.
    private func events(_ body: TimedBody) -> [(name: String?, data: String)] {
        body.parts.map { part in
            let lines = String(decoding: part.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            let name = lines.first { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
            let data = lines.first { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) } ?? ""
            return (name, data)
        }
    }

    private func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    private static let chat = #"{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Hi"}]}"#
    private static let streamedChat = #"{"model": "gpt-4o-mini", "stream": true, "messages": [{"role": "user", "content": "Hi"}]}"#

    @Test func oneStubAnswersAPlainCallWithTheObjectAndAStreamedCallWithEvents() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/v1/chat/completions"), .ok.llm(.openAIChat(text: ["Hel", "lo"]).usage(inputTokens: 3, outputTokens: 2)))
        let (_, head, body) = try planned(mock, request(.post, "/v1/chat/completions", body: Self.chat))
        #expect(head.headers["Content-Type"] == "application/json")
        #expect(!body.isStream)
        let object = try JSONValue(parsing: body.data)
        #expect(object["object"] == "chat.completion")
        #expect(object["model"] == "gpt-4o-mini", "the request's model")
        #expect(object["choices"]?.arrayValue?.first?["message"]?["content"] == "Hello")
        #expect(object["choices"]?.arrayValue?.first?["finish_reason"] == "stop")
        #expect(object["usage"]?["total_tokens"] == 5)

        let (_, streamHead, stream) = try planned(mock, request(.post, "/v1/chat/completions", body: Self.streamedChat))
        #expect(streamHead.headers["Content-Type"] == "text/event-stream; charset=utf-8")
        #expect(streamHead.headers["Content-Length"] == nil)
        #expect(stream.isStream)
        let sent = events(stream)
        #expect(sent.allSatisfy { $0.name == nil })
        #expect(sent.last?.data == "[DONE]")
        let deltas = try sent.dropLast().map { try json($0.data)["choices"]?.arrayValue?.first?["delta"]?["content"] }
        #expect(deltas == ["", "Hel", "lo", nil])
        #expect(try json(sent[sent.count - 2].data)["choices"]?.arrayValue?.first?["finish_reason"] == "stop")
        #expect(try json(sent[0].data)["id"] == object["id"], "the same request body, the same id")
    }

    @Test func idsFollowTheSeedAndTheRequestAndRepeatForTheSame() throws {
        func id(_ answer: LLMResponse, _ body: String) throws -> JSONValue? {
            let mock = HTTPMock()
            mock.stub(.post(urlPath: "/v1/messages"), .ok.llm(answer))
            return try JSONValue(parsing: planned(mock, request(.post, "/v1/messages", body: body)).2.data)["id"]
        }
        let answer = LLMResponse.anthropicMessages(text: ["Hi"])
        let first = try id(answer, Self.chat)
        #expect(first?.stringValue?.hasPrefix("msg_01") == true)
        #expect(try id(answer, Self.chat) == first)
        #expect(try id(answer.seed(7), Self.chat) != first)
        #expect(try id(answer, #"{"messages": []}"#) != first)
    }

    @Test func theFinishReasonIsDerivedFromToolCalls() throws {
        let call = LLMToolCall(id: "c1", name: "get_weather", arguments: ["city": "Paris"])
        let cases: [(LLMResponse, String, String)] = [
            (.openAIChat(text: ["x"]), "$.choices[0].finish_reason", "stop"),
            (.openAIChat(toolCalls: [call]), "$.choices[0].finish_reason", "tool_calls"),
            (.anthropicMessages(text: ["x"]), "$.stop_reason", "end_turn"),
            (.anthropicMessages(toolCalls: [call]), "$.stop_reason", "tool_use"),
            (.anthropicMessages(toolCalls: [call]).finishReason("max_tokens"), "$.stop_reason", "max_tokens"),
            (.openAIResponses(text: ["x"]).finishReason("max_output_tokens"), "$.status", "incomplete"),
            (.openAIResponses(toolCalls: [call]), "$.status", "completed"),
        ]
        for (answer, path, expected) in cases {
            let mock = HTTPMock()
            mock.stub(.post(urlPath: "/llm"), .ok.llm(answer))
            let object = try JSONValue(parsing: planned(mock, request(.post, "/llm", body: "{}")).2.data)
            let key = path.split(separator: ".").last.map(String.init) ?? ""
            let holder = path.contains("choices") ? object["choices"]?.arrayValue?.first : object
            #expect(holder?[key] == .string(expected), "\(answer.api) \(path)")
        }
    }

    @Test func toolCallArgumentsStreamInFragmentsAndJoinToTheObject() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/v1/messages"), .ok.llm(.anthropicMessages(toolCalls: [
            LLMToolCall(id: "toolu_1", name: "get_weather", arguments: ["city": "Paris"]),
        ])))
        let whole = try JSONValue(parsing: planned(mock, request(.post, "/v1/messages", body: "{}")).2.data)
        #expect(whole["content"] == [["type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": ["city": "Paris"]]])
        let sent = events(try planned(mock, request(.post, "/v1/messages", body: #"{"stream": true}"#)).2)
        #expect(sent.map(\.name) == ["message_start", "content_block_start", "ping", "content_block_delta", "content_block_delta",
                                     "content_block_stop", "message_delta", "message_stop"])
        let fragments = try sent.filter { $0.name == "content_block_delta" }.map { try json($0.data)["delta"]?["partial_json"]?.stringValue ?? "" }
        #expect(fragments == [#"{"city":"#, #""Paris"}"#])
        #expect(try json(sent[6].data)["delta"]?["stop_reason"] == "tool_use")
    }

    @Test func anErrorCutsTheStreamAfterTheDeltasItNames() throws {
        let mock = HTTPMock()
        let overloaded = LLMProviderError(type: "overloaded_error", message: "Overloaded", status: 529)
        mock.stub(.post(urlPath: "/v1/messages"), .ok.llm(.anthropicMessages(text: ["a", "b", "c"]).delayed(by: .milliseconds(10))
            .failing(with: overloaded, afterDeltas: 1)))
        let (_, _, body) = try planned(mock, request(.post, "/v1/messages", body: #"{"stream": true}"#))
        let sent = events(body)
        #expect(sent.map(\.name) == ["message_start", "content_block_start", "ping", "content_block_delta", "error"])
        #expect(try json(sent.last?.data ?? "") == ["type": "error", "error": ["type": "overloaded_error", "message": "Overloaded"]])
        #expect(body.parts.map(\.delay) == [.zero, .zero, .zero, .milliseconds(10), .zero])
        #expect(body.ending == .complete)
        // Not streamed, the answer is the error.
        let (_, head, whole) = try planned(mock, request(.post, "/v1/messages", body: "{}"))
        #expect(head.status == 529)
        #expect(try JSONValue(parsing: whole.data)["error"]?["type"] == "overloaded_error")
    }

    @Test func theResponsesAPINumbersItsEventsAndErrsWithItsOwnEvent() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/v1/responses"), .ok.llm(.openAIResponses(text: ["a", "b"]).failing(with: LLMProviderError(message: "boom"), afterDeltas: 0)))
        let sent = events(try planned(mock, request(.post, "/v1/responses", body: #"{"stream": true}"#)).2)
        #expect(sent.map(\.name) == ["response.created", "response.in_progress", "response.output_item.added", "response.content_part.added",
                                     "error", "response.failed"])
        #expect(try sent.map { try json($0.data)["sequence_number"] } == [0, 1, 2, 3, 4, 5])
        #expect(try json(sent[4].data)["code"] == "server_error")
        // As the API does, the error event is followed by the response, failed.
        let failed = try json(sent[5].data)
        #expect(failed["type"] == "response.failed")
        #expect(failed["response"]?["status"] == "failed")
        #expect(failed["response"]?["error"] == ["code": "server_error", "message": "boom"])
        #expect(failed["response"]?["id"] == (try json(sent[0].data))["response"]?["id"], "the response the stream created")
        #expect(failed["response"]?["object"] == "response")
        #expect(failed["response"]?["output"] == [])
        #expect(failed["response"]?["usage"] == .null)
    }

    @Test func aResponsesErrorOfItsOwnTypeNamesItInBothEvents() throws {
        let mock = HTTPMock()
        let limited = LLMProviderError(type: "rate_limit_exceeded", message: "Slow down", status: 429)
        mock.stub(.post(urlPath: "/v1/responses"), .ok.llm(.openAIResponses(text: ["a", "b"]).failing(with: limited, afterDeltas: 1)))
        let sent = events(try planned(mock, request(.post, "/v1/responses", body: #"{"stream": true}"#)).2)
        #expect(sent.suffix(2).map(\.name) == ["error", "response.failed"])
        #expect(sent.filter { $0.name == "response.output_text.delta" }.count == 1)
        #expect(try json(sent[sent.count - 2].data)["message"] == "Slow down")
        #expect(try json(sent[sent.count - 1].data)["response"]?["error"] == ["code": "rate_limit_exceeded", "message": "Slow down"])
    }

    @Test func aFaultCutsTheStreamOrReplacesTheAnswer() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/v1/chat/completions"), .ok.llm(.openAIChat(text: ["a", "b"]).cut(by: .connectionResetByPeer, afterDeltas: 1)))
        let (_, _, body) = try planned(mock, request(.post, "/v1/chat/completions", body: #"{"stream": true}"#))
        #expect(body.parts.count == 2, "the role chunk and one delta")
        #expect(body.ending == .fault(.connectionResetByPeer))
        var generator = SplitMix64(seed: 1)
        let plan = mock.respond(to: request(.post, "/v1/chat/completions", body: "{}"), using: &generator).plan
        guard case .fault(let fault) = plan.action else { throw NotAResponse() }
        #expect(fault == .connectionResetByPeer)
    }

    @Test func templatingReachesTheModelTheTextAndTheArguments() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/v1/chat/completions"), .ok.templated().llm(LLMResponse(
            api: .openAIChat, model: "{{jsonPath request.body '$.model'}}-mock", text: ["You said: ", "{{jsonPath request.body '$.messages[0].content'}}"],
            toolCalls: [LLMToolCall(name: "echo", argumentFragments: [#"{"said": ""#, "{{jsonPath request.body '$.messages[0].content'}}", #""}"#])])))
        let object = try JSONValue(parsing: planned(mock, request(.post, "/v1/chat/completions", body: Self.chat)).2.data)
        #expect(object["model"] == "gpt-4o-mini-mock")
        let message = object["choices"]?.arrayValue?.first?["message"]
        #expect(message?["content"] == "You said: Hi")
        #expect(message?["tool_calls"]?.arrayValue?.first?["function"]?["arguments"] == #"{"said": "Hi"}"#)
    }

    @Test func anthropicArgumentsThatAreNotAnObjectAnswer500NamingTheCall() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/v1/messages"), .ok.llm(.anthropicMessages(toolCalls: [LLMToolCall(name: "broken", argumentFragments: ["{\"a\":"])])))
        let (_, head, body) = try planned(mock, request(.post, "/v1/messages", body: "{}"))
        #expect(head.status == 500)
        #expect(String(decoding: body.data, as: UTF8.self).contains(#"the arguments of tool call "broken" are not a JSON object"#))
    }

    @Test func mappingFilesRoundTripTheLLMExtensionAndLintNotesIt() throws {
        let document = #"""
            {"request": {"method": "POST", "urlPath": "/v1/responses"},
             "response": {"status": 200, "llm": {
               "api": "openai-responses", "model": "gpt-4.1", "text": "Hello there, world",
               "toolCalls": [{"id": "call_1", "name": "get_weather", "arguments": {"city": "Paris"}},
                             {"name": "noop"}],
               "finishReason": "max_output_tokens", "usage": {"inputTokens": 5, "outputTokens": 6},
               "delayMilliseconds": 15, "seed": 18446744073709551615,
               "error": {"type": "rate_limit_exceeded", "message": "Slow down", "status": 429}, "afterDeltas": 2}}}
            """#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(document.utf8), file: "llm.json", extensions: .llm)
        let llm = try #require(decoded.mappings[0].response.definition?.llm)
        #expect(llm.api == .openAIResponses)
        #expect(llm.text == ["Hello", " there,", " world"])
        #expect(llm.toolCalls[0].argumentFragments == [#"{"city":"#, #""Paris"}"#])
        #expect(llm.toolCalls[1].arguments == "{}")
        #expect(llm.seed == .max)
        #expect(llm.delayBetweenDeltas == .milliseconds(15))
        #expect(llm.error == LLMProviderError(type: "rate_limit_exceeded", message: "Slow down", status: 429))
        #expect(llm.afterDeltas == 2)
        let again = try WireMockMappings.decodeMapping(Data(try decoded.mappings[0].wireMockJSON().jsonText().utf8), extensions: .llm)
        #expect(again.response.definition?.llm == llm)
        #expect(decoded.warnings.map(\.message) == [#""llm" is an Understudy extension: WireMock 3.13 will not load this mapping"#])
    }

    /// A finish reason the API does not document is sent as written, with a warning that
    /// suggests the nearest one.
    @Test func anUndocumentedFinishReasonIsSentWithAWarning() throws {
        let document = #"{"request": {"urlPath": "/llm"}, "response": {"llm": {"api": "openai-chat", "finishReason": "tool_call"}}}"#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(document.utf8), file: "llm.json", extensions: .llm)
        #expect(decoded.mappings[0].response.definition?.llm?.finishReason == "tool_call")
        let messages = decoded.warnings.map(\.message)
        #expect(messages.contains { $0.hasPrefix(#"finishReason "tool_call" is not one openai-chat documents; did you mean "tool_calls"?"#) }, "\(messages)")
    }

    @Test(arguments: [
        (#"{"llm": {"api": "openai-chats"}}"#, #"unknown llm api "openai-chats"; did you mean "openai-chat"?"#),
        (#"{"llm": {"text": ["x"]}}"#, #"api"#),
        (#"{"llm": {"api": "openai-chat", "toolCalls": [{"arguments": {}}]}}"#, #"a tool call needs a "name""#),
        (#"{"llm": {"api": "openai-chat", "toolCalls": [{"name": "f", "arguments": "{\"a\":"}]}}"#, #"the arguments of tool call "f" are not a JSON object"#),
        (#"{"llm": {"api": "openai-chat", "afterDeltas": 1}}"#, #"afterDeltas says when "error" or "thenFault" interrupts the stream"#),
        (#"{"llm": {"api": "openai-chat", "thenFault": "EMPTY_RESPONSE", "error": {"message": "x"}}}"#, #"keep "error""#),
        (#"{"llm": {"api": "openai-chat", "error": {"message": "x", "status": 200}}}"#, "not an error status"),
        (#"{"llm": {"api": "openai-chat", "temperature": 1}}"#, "temperature"),
        (#"{"llm": {"api": "openai-chat"}, "body": "x"}"#, #""llm" is the body of this response"#),
        (#"{"llm": {"api": "openai-chat"}, "fault": "EMPTY_RESPONSE"}"#, #"a fault mid-answer is "thenFault" inside "llm""#),
    ])
    func badLLMAnswersAreRefusedNamingTheProblem(response: String, message: String) {
        let document = #"{"request": {"urlPath": "/llm"}, "response": "# + response + "}"
        #expect {
            try WireMockMappings.decodeMapping(Data(document.utf8), extensions: .llm)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func lintFindsTemplateErrorsInsideAnLLMAnswer() {
        let response = ResponseDefinition.ok.templated().llm(.openAIChat(text: ["{{jsonPaht request.body '$.q'}}"]))
        let problems = response.templateProblems(root: nil)
        #expect(problems.first?.hasPrefix("template error in llm at line 1, column 1: unknown helper \"jsonPaht\"") == true, "\(problems)")
    }
}
