import Foundation
import Testing
import UnderstudySupport
@testable import Understudy

/// Server-sent events and timed chunks in the core: the wire format, the plan every transport
/// carries out, templating per event, and the mapping-file form.
struct ResponseStreamTests {
    private func plannedBody(_ mock: HTTPMock, _ request: RecordedRequest) throws -> (ResponseHead, TimedBody) {
        var generator = SplitMix64(seed: 1)
        guard case let .respond(head, body) = mock.respond(to: request, using: &generator).plan.action else {
            throw StreamPlanMismatch()
        }
        return (head, body)
    }

    private struct StreamPlanMismatch: Error {}

    private func text(_ part: TimedBody.Part) -> String { String(decoding: part.bytes, as: UTF8.self) }

    /// The WHATWG HTML "server-sent events" format: fields one per line, a blank line
    /// dispatches, each line of multi-line data is its own `data:` line, `:` starts a comment.
    @Test func eventsAreWrittenInTheServerSentEventsFormat() {
        #expect(ServerSentEvent.event("greeting", data: "hello", id: "1").wireText == "id: 1\nevent: greeting\ndata: hello\n\n")
        #expect(ServerSentEvent.data("line one\nline two\r\nline three", retry: 3_000).wireText
                == "data: line one\ndata: line two\ndata: line three\nretry: 3000\n\n")
        #expect(ServerSentEvent.comment("keep-alive").wireText == ": keep-alive\n\n")
        #expect(ServerSentEvent.data("").wireText == "data: \n\n")
    }

    @Test func anEventStreamIsPlannedAsTimedPartsWithItsHeadersAndNoLength() throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/events"), .ok.eventStream([
            .event("greeting", data: "hello", id: "1", after: .milliseconds(50)),
            .comment("keep-alive", after: .milliseconds(100)),
            .data(#"{"n":2}"#, retry: 3_000),
        ], then: .fault(.connectionResetByPeer)))
        let (head, body) = try plannedBody(mock, request(.get, "/events"))
        #expect(head.status == 200)
        #expect(head.headers["Content-Type"] == "text/event-stream")
        #expect(head.headers["Cache-Control"] == "no-cache")
        #expect(head.headers["Content-Length"] == nil)
        #expect(body.isStream)
        #expect(body.parts.map(\.delay) == [.milliseconds(50), .milliseconds(100), .zero])
        #expect(body.parts.map(text) == ["id: 1\nevent: greeting\ndata: hello\n\n", ": keep-alive\n\n", "data: {\"n\":2}\nretry: 3000\n\n"])
        #expect(body.ending == .fault(.connectionResetByPeer))
        // HEAD gets the head only.
        #expect(try plannedBody(mock, request(.head, "/events")).1.parts.isEmpty)
    }

    @Test func aRepeatedEventCountsItsCopies() throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/ticks"), .ok.eventStream([.data("tick {{counter}}", after: .milliseconds(10)).repeated(3), .data("done")]))
        let body = try plannedBody(mock, request(.get, "/ticks")).1
        #expect(body.parts.map(text) == ["data: tick 1\n\n", "data: tick 2\n\n", "data: tick 3\n\n", "data: done\n\n"])
        #expect(body.parts.map(\.delay) == [.milliseconds(10), .milliseconds(10), .milliseconds(10), .zero])
    }

    @Test func chunksAreTimedPartsOfAnyBody() throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/ndjson"), .ok.header("Content-Type", "application/x-ndjson").chunks([
            .json(["n": 1]), .text("\n"), .json(["n": 2], after: .milliseconds(20)), .bytes(Data([0x0A])),
        ], then: .heldOpen(cap: .seconds(5))))
        let (head, body) = try plannedBody(mock, request(.get, "/ndjson"))
        #expect(head.headers["Content-Type"] == "application/x-ndjson")
        #expect(head.headers["Cache-Control"] == nil)
        #expect(body.parts.map(text) == [#"{"n":1}"#, "\n", #"{"n":2}"#, "\n"])
        #expect(body.ending == .heldOpen(cap: .seconds(5)))
    }

    @Test func templatingRendersEachEventAgainstTheRequest() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/chat"), .ok.templated().eventStream([
            .data("you asked: {{jsonPath request.body '$.q'}}"),
            .event("{{request.headers.X-Kind}}", data: "{{size (jsonPath request.body '$.words')}} words"),
        ]))
        let body = try plannedBody(mock, request(.post, "/chat", headers: ["X-Kind": "answer"], body: #"{"q": "why", "words": [1, 2]}"#)).1
        #expect(body.parts.map(text) == ["data: you asked: why\n\n", "event: answer\ndata: 2 words\n\n"])
    }

    /// Lint parses each event's text as a template, as serving renders it.
    @Test func lintFindsTemplateErrorsInsideAStream() {
        let response = ResponseDefinition.ok.templated().eventStream([.data("fine {{request.path}}"), .data("{{jsonPaht request.body '$.q'}}")])
        let problems = response.templateProblems(root: nil)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("template error in the stream at line 1, column 1: unknown helper \"jsonPaht\"") == true, "\(problems)")
    }

    @Test func mappingFilesRoundTripStreams() throws {
        let document = #"""
            {"mappings": [
              {"request": {"method": "GET", "urlPath": "/events"},
               "response": {"status": 200, "headers": {"Content-Type": "text/event-stream"},
                 "eventStream": {"events": [{"id": "1", "event": "greeting", "data": "hello", "delayMilliseconds": 50},
                                            {"comment": "keep-alive", "delayMilliseconds": 100},
                                            {"data": "{\"n\":2}", "retry": 3000},
                                            {"data": "tick {{counter}}", "repeat": 2}],
                                 "thenFault": "CONNECTION_RESET_BY_PEER"}}},
              {"request": {"method": "GET", "urlPath": "/chunks"},
               "response": {"status": 200, "chunks": [{"body": "a"}, {"jsonBody": {"b": 1}, "delayMilliseconds": 20}, {"base64Body": "AAE="}],
                            "thenHoldOpenMilliseconds": 30000}}
            ]}
            """#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(document.utf8), file: "s.json")
        let events = try #require(decoded.mappings[0].response.definition?.stream)
        #expect(events.ending == .fault(.connectionResetByPeer))
        guard case .events(let list) = events.content else { throw StreamPlanMismatch() }
        #expect(list.count == 4)
        #expect(list[0] == .event("greeting", data: "hello", id: "1", after: .milliseconds(50)))
        #expect(list[3].repetitions == 2)
        let chunks = try #require(decoded.mappings[1].response.definition?.stream)
        #expect(chunks.ending == .heldOpen(cap: .milliseconds(30_000)))
        #expect(chunks.content == .chunks([.text("a"), .json(["b": 1], after: .milliseconds(20)), .bytes(Data([0, 1]))]))
        // Written back as read.
        let again = try WireMockMappings.decodeMapping(Data(try decoded.mappings[0].wireMockJSON().jsonText().utf8))
        #expect(again.response.definition?.stream == events)
        let json1 = try decoded.mappings[1].wireMockJSON()
        #expect(json1["response"]?["thenHoldOpenMilliseconds"] == 30_000)
        #expect(try WireMockMappings.decodeMapping(Data(json1.jsonText().utf8)).response.definition?.stream == chunks)
        // Lint says WireMock will not load them.
        #expect(decoded.warnings.map(\.message).allSatisfy { $0.contains("is an Understudy extension: WireMock 3.13 will not load this mapping") })
        #expect(decoded.warnings.count == 2)
    }

    @Test(arguments: [
        (#"{"eventStream": {"events": [{"data": "x"}]}, "body": "y"}"#, #""eventStream" is the body of this response; remove "body""#),
        (#"{"chunks": [{"body": "x"}], "eventStream": {"events": [{"data": "x"}]}}"#, #"keep "eventStream" or "chunks", not both"#),
        (#"{"chunks": [{"body": "x", "jsonBody": 1}]}"#, "a chunk has one body"),
        (#"{"thenFault": "EMPTY_RESPONSE"}"#, #"thenFault ends a stream; add "chunks""#),
        (#"{"eventStream": {"events": [{}]}}"#, "an event needs at least one of id, event, data, retry or comment"),
        (#"{"chunks": [{"body": "x"}], "thenFault": "BOOM"}"#, #"unknown fault "BOOM""#),
        (#"{"chunks": [{"body": "x"}], "fault": "EMPTY_RESPONSE"}"#, #""fault" cannot go with "chunks""#),
    ])
    func badStreamsAreRefusedNamingTheConflict(response: String, message: String) {
        let document = #"{"request": {"urlPath": "/s"}, "response": "# + response + "}"
        #expect {
            try WireMockMappings.decodeMapping(Data(document.utf8))
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
