import Foundation
import Testing
import Understudy
import UnderstudyServer
import UnderstudyLLM

/// An LLM preset added through the admin API: it is served at once, streamed and not, and reads
/// back as it was written.
struct LLMAdminTests {
    @Test func aPresetPostedToTheAdminAPIIsServedAndReadsBack() async throws {
        let llm: JSONValue = [
            "api": "anthropic-messages", "model": "claude-under-test", "text": ["Hi", " there"],
            "toolCalls": [["id": "toolu_1", "name": "get_weather", "arguments": [#"{"city""#, #": "Paris"}"#]]],
            "usage": ["inputTokens": 3, "outputTokens": 4], "delayMilliseconds": 5, "seed": 9,
        ]
        let mapping: JSONValue = ["request": ["method": "POST", "urlPath": "/v1/messages"], "response": ["status": 200, "llm": llm]]
        try await withMockServer(HTTPMock()) { server in
            let base = try server.baseURL
            let created = try await send(base.appendingPathComponent("__admin/mappings"), method: "POST", body: mapping.jsonText())
            #expect(created.status == 201, "\(created.body)")
            let id = try #require(try JSONValue(parsing: created.body)["id"]?.stringValue)
            #expect(try JSONValue(parsing: created.body)["response"]?["llm"] == llm)
            let read = try await send(base.appendingPathComponent("__admin/mappings/\(id)"))
            #expect(try JSONValue(parsing: read.body)["response"]?["llm"] == llm)

            let messages = base.appendingPathComponent("v1/messages")
            let whole = try await send(messages, method: "POST", body: #"{"model": "x", "messages": []}"#)
            #expect(whole.header("Content-Type") == "application/json")
            let message = try JSONValue(parsing: whole.body)
            #expect(message["content"] == [["type": "text", "text": "Hi there"],
                                           ["type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": ["city": "Paris"]]])
            #expect(message["stop_reason"] == "tool_use")
            let streamed = try await send(messages, method: "POST", body: #"{"model": "x", "messages": [], "stream": true}"#)
            #expect(streamed.header("Content-Type") == "text/event-stream; charset=utf-8")
            #expect(streamed.header("Cache-Control") == "no-cache")
            let names = streamed.body.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { $0.dropFirst(7) }
            #expect(names == ["message_start", "content_block_start", "ping", "content_block_delta", "content_block_delta", "content_block_stop",
                              "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop", "message_delta", "message_stop"])
            #expect(streamed.body.contains(#"data: {"type":"message_start","message":{"id":"\#(message["id"]?.stringValue ?? "")""#),
                    "the same conversation, streamed or not, has the same id")
        }
    }
}
