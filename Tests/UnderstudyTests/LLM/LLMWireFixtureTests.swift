import Foundation
import Testing
import UnderstudyJSON
import UnderstudySupport
@testable import Understudy
@testable import UnderstudyLLM

/// The streams of the LLM presets against streams transcribed from the providers' public API
/// documentation (`Fixtures/LLM/*.sse`, each citing its page): the same framing byte for byte
/// (`event:` and `data:` lines, one event per part, a blank line after each), the same events
/// in the same order, and every member the documentation shows, with its value, except ids and
/// timestamps (which Understudy makes from the seed). Understudy may send more members.
struct LLMWireFixtureTests {
    /// Members whose values are made per answer.
    private static let madePerAnswer: Set<String> = ["id", "item_id", "created", "created_at", "system_fingerprint"]

    private struct Event {
        var lines: [String]
        var name: String? { lines.first { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) } }
        var data: String { lines.first { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) } ?? "" }
        /// The framing: each line's field name, in order.
        var fields: [String] { lines.map { String($0.prefix { $0 != ":" }) } }
    }

    /// The events of a fixture: blocks between blank lines, comment lines (`: …`) left out.
    private func fixture(_ name: String) throws -> [Event] {
        let text = try String(contentsOf: fixturesFolder.appendingPathComponent("LLM/\(name).sse"), encoding: .utf8)
        return text.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(":") }
            return lines.isEmpty ? nil : Event(lines: lines)
        }
    }

    /// The events Understudy streams for `answer`; each part must be one whole event.
    private func streamed(_ answer: LLMResponse) throws -> [Event] {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/llm"), .ok.llm(answer))
        var generator = SplitMix64(seed: 1)
        guard case .respond(_, let body) = mock.respond(to: request(.post, "/llm", body: #"{"stream": true}"#), using: &generator).plan.action else {
            Issue.record("no stream")
            return []
        }
        return body.parts.map { part in
            let text = String(decoding: part.bytes, as: UTF8.self)
            #expect(text.hasSuffix("\n\n") && !text.dropLast(2).contains("\n\n"), "one event per part: \(text)")
            return Event(lines: text.split(separator: "\n").map(String.init))
        }
    }

    /// Where `ours` lacks a member of `documented` or has another value, as `path: …` lines.
    private func differences(_ ours: JSONValue, _ documented: JSONValue, at path: String = "$") -> [String] {
        switch (ours, documented) {
        case (.object(let mine), .object(let theirs)):
            return theirs.flatMap { member -> [String] in
                guard !Self.madePerAnswer.contains(member.key) else { return [] }
                guard let value = mine[member.key] else { return ["\(path).\(member.key) is missing"] }
                return differences(value, member.value, at: "\(path).\(member.key)")
            }
        case (.array(let mine), .array(let theirs)):
            guard mine.count == theirs.count else { return ["\(path) has \(mine.count) elements, the documentation \(theirs.count)"] }
            return zip(mine, theirs).enumerated().flatMap { differences($0.element.0, $0.element.1, at: "\(path)[\($0.offset)]") }
        default:
            return ours == documented ? [] : ["\(path) is \(ours.jsonText()), the documentation's \(documented.jsonText())"]
        }
    }

    private func compare(_ answer: LLMResponse, with name: String) throws {
        let ours = try streamed(answer)
        let documented = try fixture(name)
        #expect(ours.map(\.name) == documented.map(\.name))
        #expect(ours.map(\.fields) == documented.map(\.fields), "the framing")
        for (mine, theirs) in zip(ours, documented) {
            guard theirs.data != "[DONE]" else {
                #expect(mine.data == "[DONE]")
                continue
            }
            let problems = differences(try JSONValue(parsing: mine.data), try JSONValue(parsing: theirs.data))
            #expect(problems.isEmpty, "\(theirs.name ?? "data"): \(problems.joined(separator: "; "))")
        }
    }

    @Test func anthropicMessagesStreamsAsTheDocumentationShows() throws {
        try compare(LLMResponse(api: .anthropicMessages, model: "claude-opus-4-20250514", text: ["Hello", "!"],
                                usage: LLMUsage(inputTokens: 25, outputTokens: 15)), with: "anthropic-messages")
    }

    /// A text block, then a tool call whose arguments arrive as `input_json_delta` fragments
    /// (the first one empty, as in the documentation's example).
    @Test func anthropicToolUseStreamsAsTheDocumentationShows() throws {
        let call = LLMToolCall(id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name: "get_weather",
                               argumentFragments: ["", #"{"location": "San Fra"#, #"ncisco, CA", "unit": "fahrenheit"}"#])
        try compare(LLMResponse(api: .anthropicMessages, model: "claude-opus-4-20250514", text: ["Let me check ", "the weather."],
                                toolCalls: [call], usage: LLMUsage(inputTokens: 472, outputTokens: 89)), with: "anthropic-messages-tool-use")
    }

    @Test func openAIChatStreamsAsTheDocumentationShows() throws {
        try compare(LLMResponse(api: .openAIChat, model: "gpt-4o-mini", text: ["Hello"]), with: "openai-chat")
    }

    @Test func openAIResponsesStreamsAsTheDocumentationShows() throws {
        try compare(LLMResponse(api: .openAIResponses, model: "gpt-4o-2024-08-06", text: ["In a shimmering forest"],
                                usage: LLMUsage(inputTokens: 0, outputTokens: 0)), with: "openai-responses")
    }
}
