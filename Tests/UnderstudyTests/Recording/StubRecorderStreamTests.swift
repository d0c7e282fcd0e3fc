import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyRecording

/// Timed answers in, stream stubs out: which answers become `eventStream` or `chunks`, the
/// pauses they keep and how the spec scales them.
struct StubRecorderStreamTests {
    /// An exchange whose body arrived in `pieces` (text, milliseconds after the request).
    static func exchange(_ path: String = "/stream", headers: HTTPHeaders, pieces: [(String, Int)]) -> RecordedExchange {
        let timeline = BodyTimeline(pieces: pieces.map { BodyTimeline.Piece(byteCount: $0.0.utf8.count, arrival: .milliseconds($0.1)) })
        return RecordedExchange(request: request(.get, path),
                                response: RecordedResponse(status: 200, headers: headers, body: Data(pieces.map(\.0).joined().utf8),
                                                           timeline: timeline))
    }

    static let sse: HTTPHeaders = ["Content-Type": "text/event-stream; charset=utf-8", "Transfer-Encoding": "chunked"]
    static let ndjson: HTTPHeaders = ["Content-Type": "application/x-ndjson", "Transfer-Encoding": "chunked"]

    /// The stream a recorded stub sends, and the bytes of its parts put together.
    static func stream(_ result: RecordingResult) throws -> (stream: ResponseStream, bytes: Data) {
        let stream = try #require(result.mappings.first?.response.definition?.stream)
        return (stream, stream.parts.reduce(into: Data()) { $0.append($1.bytes) })
    }

    /// An event split over two reads takes the time of the read that completed it; two events
    /// in one read are written with no pause between them.
    @Test(arguments: [(1.0, [10, 150, 150, 0, 150]), (0.5, [5, 75, 75, 0, 75]), (0.0, [0, 0, 0, 0, 0])])
    func serverSentEventsKeepTheirObservedPauses(scale: Double, delays: [Int]) throws {
        let pieces = [(": hi\n\n", 10), ("id: 1\ndata: a", 100), ("\n\n", 160), ("data: b\n\nevent: e\ndata: c\n\n", 310), ("data: d\n\n", 460)]
        let result = StubRecorder.record([Self.exchange(headers: Self.sse, pieces: pieces)], spec: RecordSpec(streamTimeScale: scale))
        let (stream, bytes) = try Self.stream(result)
        guard case .events(let events) = stream.content else {
            Issue.record("expected events, got \(stream.content)")
            return
        }
        #expect(events.map(\.delay) == delays.map { .milliseconds($0) })
        #expect(events.map(\.comment) == ["hi", nil, nil, nil, nil])
        #expect(events.map(\.id) == [nil, "1", nil, nil, nil])
        #expect(events.map(\.data) == [nil, "a", "b", "c", "d"])
        #expect(events[3].event == "e")
        #expect(bytes == Data(pieces.map(\.0).joined().utf8), "replaying sends the recorded bytes")
        let definition = try #require(result.mappings.first?.response.definition)
        #expect(definition.headers["Content-Type"] == "text/event-stream; charset=utf-8")
        #expect(definition.headers["Transfer-Encoding"] == nil)
        #expect(definition.body == .none)
    }

    @Test func theMappingFileKeepsTheEventsAndPauses() throws {
        let result = StubRecorder.record([Self.exchange(headers: Self.sse, pieces: [("data: a\n\n", 0), ("data: b\n\n", 200)])], spec: RecordSpec())
        let json = try #require(result.mappings.first).wireMockJSON()
        #expect(json["response"]?["eventStream"] == ["events": [["data": "a"], ["data": "b", "delayMilliseconds": 200]]])
        let decoded = try WireMockMappings.decode(Data(json.jsonText().utf8))
        #expect(decoded.first?.response.definition?.stream == result.mappings.first?.response.definition?.stream)
    }

    @Test func aChunkedBodySpreadOverTimeBecomesChunks() throws {
        let pieces = [(#"{"n":1}"# + "\n", 5), (#"{"n":2}"#, 120), ("\n", 120), (#"{"n":3}"# + "\n", 400)]
        let result = StubRecorder.record([Self.exchange(headers: Self.ndjson, pieces: pieces)], spec: RecordSpec(streamTimeScale: 0.5))
        let (stream, bytes) = try Self.stream(result)
        guard case .chunks(let chunks) = stream.content else {
            Issue.record("expected chunks, got \(stream.content)")
            return
        }
        // The two reads at 120 ms are one chunk.
        #expect(chunks == [.text(#"{"n":1}"# + "\n", after: .milliseconds(3)), .text(#"{"n":2}"# + "\n", after: .milliseconds(57)),
                           .text(#"{"n":3}"# + "\n", after: .milliseconds(140))])
        #expect(bytes == Data(pieces.map(\.0).joined().utf8))
    }

    @Test func bytesThatAreNotUTF8StayBytes() throws {
        var exchange = Self.exchange(headers: ["Content-Type": "text/plain"], pieces: [("ab", 0), ("cd", 100)])
        exchange.response.body = Data([0x61, 0xC3, 0xA9, 0x64])   // "aéd", the é split between the reads
        let (stream, bytes) = try Self.stream(StubRecorder.record([exchange], spec: RecordSpec()))
        #expect(stream.content == .chunks([.bytes(Data([0x61, 0xC3])), .bytes(Data([0xA9, 0x64]), after: .milliseconds(100))]))
        #expect(bytes == exchange.response.body)
    }

    /// Plain bodies: a `Content-Length`, reads closer together than the threshold, a single
    /// read, or no timeline at all (in process, HAR).
    static let plainCases: [(HTTPHeaders, [(String, Int)])] = [
        (["Content-Type": "application/x-ndjson", "Content-Length": "16"], [("{\"n\":1}\n", 0), ("{\"n\":2}\n", 300)]),
        (ndjson, [("{\"n\":1}\n", 0), ("{\"n\":2}\n", 50)]),
        (ndjson, [("{\"n\":1}\n{\"n\":2}\n", 300)]),
        (["Content-Type": "application/json", "Transfer-Encoding": "chunked"], [("{\"token\": ", 0), ("\"tok\", \"password\": \"hunter2\"}", 200)]),
    ]

    @Test(arguments: plainCases)
    func otherAnswersKeepAPlainBody(headers: HTTPHeaders, pieces: [(String, Int)]) throws {
        let result = StubRecorder.record([Self.exchange(headers: headers, pieces: pieces)], spec: RecordSpec())
        let definition = try #require(result.mappings.first?.response.definition)
        #expect(definition.stream == nil)
        #expect(definition.body != .none)
        #expect(!(try result.mappings[0].wireMockJSON().jsonText()).contains("hunter2"))
    }

    @Test func anEventStreamWithoutATimelineKeepsAPlainBody() throws {
        var exchange = Self.exchange(headers: Self.sse, pieces: [("data: a\n\n", 0), ("data: b\n\n", 200)])
        exchange.response.timeline = nil
        let definition = try #require(StubRecorder.record([exchange], spec: RecordSpec()).mappings.first?.response.definition)
        #expect(definition.stream == nil)
        #expect(definition.body == .text("data: a\n\ndata: b\n\n"))
    }

    /// A stream cut inside an event is not events; chunked and spread, it is kept as chunks.
    @Test func anEventStreamEndingInsideAnEventIsRecordedAsChunks() throws {
        let pieces = [("data: a\n\n", 0), ("data: b", 200)]
        let (stream, bytes) = try Self.stream(StubRecorder.record([Self.exchange(headers: Self.sse, pieces: pieces)], spec: RecordSpec()))
        #expect(stream.content == .chunks([.text("data: a\n\n"), .text("data: b", after: .milliseconds(200))]))
        #expect(bytes == Data("data: a\n\ndata: b".utf8))
    }

    @Test func secretsInEventDataAreRedacted() throws {
        let pieces = [(#"data: {"access_token": "tok-1", "n": 1}"# + "\n\n", 0), ("data: [DONE]\n\n", 80)]
        let (stream, _) = try Self.stream(StubRecorder.record([Self.exchange(headers: Self.sse, pieces: pieces)], spec: RecordSpec()))
        #expect(stream.content == .events([.data(#"{"access_token":"REDACTED","n":1}"#), .data("[DONE]", after: .milliseconds(80))]))
    }

    /// The same answer timed differently is one answer, not a scenario of two.
    @Test func repeatsThatDifferOnlyInTimingAreOneStub() throws {
        let first = Self.exchange(headers: Self.sse, pieces: [("data: a\n\n", 0), ("data: b\n\n", 200)])
        let second = Self.exchange(headers: Self.sse, pieces: [("data: a\n\n", 3), ("data: b\n\n", 230)])
        let result = StubRecorder.record([first, second], spec: RecordSpec())
        #expect(result.mappings.count == 1)
        #expect(result.mappings.first?.scenarioName == nil)
    }

    /// Each arrival is rounded, not each pause: three pauses of 149.6 ms add up to 449 ms, the
    /// last arrival rounded, where rounding each would give 450 ms.
    @Test func roundingDoesNotAddUp() {
        let arrivals: [Duration] = [.microseconds(149_600), .microseconds(299_200), .microseconds(448_800)]
        #expect(StubRecorder.pauses(before: arrivals, scale: 1) == [.milliseconds(150), .milliseconds(149), .milliseconds(150)])
        #expect(StubRecorder.pauses(before: arrivals, scale: 0.5) == [.milliseconds(75), .milliseconds(75), .milliseconds(74)])
        #expect(StubRecorder.pauses(before: arrivals, scale: 0) == [.zero, .zero, .zero])
    }

    @Test(arguments: [(-1.0, 0.0), (2.0, 2.0), (5000.0, 1000.0), (Double.nan, 1.0)])
    func theScaleIsKeptInRange(scale: Double, effective: Double) {
        #expect(RecordSpec(streamTimeScale: scale).effectiveStreamTimeScale == effective)
    }
}
