import Foundation
import Testing
import Understudy
@testable import UnderstudyServer
import UnderstudyRecording

/// Recording through the loopback server's proxy keeps a stream's timing: an upstream that
/// streams server-sent events or chunks over time is recorded as an `eventStream` or `chunks`
/// stub whose pauses are those observed, and plays back the same bytes.
struct RecordingStreamsTests {
    /// The pause upstream waits before each part.
    /// The upstream's pause between parts. Long enough that a proxy read late on a loaded
    /// machine still sees the parts spread (a chunked answer whose parts all arrive in one
    /// read is rightly recorded as a plain body, and the test would then have nothing to check).
    static let gap = 300

    /// Checks the only timing a real socket guarantees, a lower bound: upstream sends part k at
    /// least `k * gap` after it got the request, so the pauses recorded up to part k (counted
    /// from when the proxy forwarded the request) add up to at least `k * gap * scale`. One
    /// pause alone may be shorter when the part before it was read late.
    static func expectAtLeastUpstreamsPauses(_ delays: [Int], scale: Double = 1, _ path: String,
                                             sourceLocation: SourceLocation = #_sourceLocation) {
        // Events are parsed, whatever the reads; chunks are the proxy's reads, and a proxy that
        // read late on a loaded machine gets two of upstream's parts in one.
        let expected = path == "/events" ? 3...3 : 1...3
        #expect(expected.contains(delays.count), "\(path): one part per upstream part (or per read): \(delays)", sourceLocation: sourceLocation)
        var total = 0
        for (index, delay) in delays.enumerated() {
            total += delay
            let bound = Int((Double((index + 1) * gap) * scale).rounded())
            #expect(total >= bound, "\(path): the pauses up to part \(index + 1) add up to \(total) ms: \(delays)",
                    sourceLocation: sourceLocation)
        }
    }

    /// An upstream with an event stream, a chunked NDJSON stream (three parts, `gap` apart)
    /// and a plain JSON answer.
    static func upstreamMock() -> HTTPMock {
        let upstream = HTTPMock()
        let pause = Duration.milliseconds(gap)
        upstream.stub(.get(urlPath: "/events"), .ok.eventStream([
            .event("delta", data: #"{"text": "Hel"}"#, id: "1", after: pause),
            .comment("keep-alive", after: pause),
            ServerSentEvent(id: "2", data: "lo\nworld", retry: 2_000, after: pause),
        ]))
        upstream.stub(.get(urlPath: "/ndjson"), .ok.header("Content-Type", "application/x-ndjson").chunks([
            .text(#"{"n":1}"# + "\n", after: pause), .text(#"{"n":2}"# + "\n", after: pause), .text(#"{"n":3}"# + "\n", after: pause),
        ]))
        upstream.stub(.get(urlPath: "/users/42"), .ok.json(["id": 42, "name": "Ada"]))
        return upstream
    }

    static func traffic(_ base: URL) async throws -> [TestResponse] {
        [
            try await send(base.appendingPathComponent("events")),
            try await send(base.appendingPathComponent("ndjson")),
            try await send(base.appendingPathComponent("users/42")),
        ]
    }

    /// The pauses, in milliseconds, of the recorded stub for `path`.
    static func delays(_ mappings: [StubMapping], _ path: String) throws -> [Int] {
        let mapping = try #require(mappings.first { $0.request.matches(RecordedRequest(method: .get, url: path)) })
        let stream = try #require(mapping.response.definition?.stream, "\(path) was recorded as a stream")
        switch stream.content {
        case .events(let events): return events.map { Int($0.delay / .milliseconds(1)) }
        case .chunks(let chunks): return chunks.map { Int($0.delay / .milliseconds(1)) }
        }
    }

    @Test func streamsAreRecordedWithTheirPausesAndPlayBackTheSameBytes() async throws {
        let root = try AdminRecordingsTests.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let (live, recorded, ndjsonTimeline) = try await withMockServer(Self.upstreamMock()) { upstream in
            try await withMockServer(HTTPMock(configuration: .init(root: root))) { server in
                try server.recorder.start(RecordSpec(targetBaseURL: try upstream.baseURL.absoluteString))
                let live = try await Self.traffic(server.baseURL)
                let result = try server.recorder.stop()
                let timeline = server.mock.serveEvents.first { $0.request.path == "/ndjson" }?.upstreamBodyTimeline
                return (live, result.mappings, timeline)
            }
        }
        #expect(live.map(\.status) == [200, 200, 200])
        #expect(recorded.count == 3)

        let events = try #require(recorded.first { $0.request.matches(RecordedRequest(method: .get, url: "/events")) }?.response.definition)
        guard case .events(let recordedEvents)? = events.stream?.content else {
            Issue.record("/events is not an event stream")
            return
        }
        #expect(recordedEvents.map(\.id) == ["1", nil, "2"])
        #expect(recordedEvents.map(\.event) == ["delta", nil, nil])
        #expect(recordedEvents.map(\.data) == [#"{"text": "Hel"}"#, nil, "lo\nworld"])
        #expect(recordedEvents.map(\.comment) == [nil, "keep-alive", nil])
        #expect(recordedEvents.last?.retry == 2_000)
        #expect(events.headers["Content-Type"] == "text/event-stream")

        Self.expectAtLeastUpstreamsPauses(try Self.delays(recorded, "/events"), "/events")
        // A proxy that read all of upstream's chunks at once (a loaded machine held its event
        // loop for two pauses) saw no spread, and then rightly records a plain body; otherwise
        // the chunks and their pauses (`RecordSpec.streamTimeScale`'s rules).
        let ndjsonWasSpread = ndjsonTimeline.map { $0.pieces.count > 1 && $0.spread > RecordSpec.streamSpreadThreshold } ?? false
        if ndjsonWasSpread {
            Self.expectAtLeastUpstreamsPauses(try Self.delays(recorded, "/ndjson"), "/ndjson")
        } else {
            let ndjson = try #require(recorded.first { $0.request.matches(RecordedRequest(method: .get, url: "/ndjson")) }?.response.definition)
            #expect(ndjson.stream == nil, "read in one piece (\(String(describing: ndjsonTimeline))), yet recorded as a stream")
        }
        let plain = try #require(recorded.first { $0.request.matches(RecordedRequest(method: .get, url: "/users/42")) }?.response.definition)
        #expect(plain.stream == nil)
        #expect(plain.body == .json(["id": 42, "name": "Ada"]))

        // A fresh server on the written root plays the same bytes, with the pauses.
        let playback = HTTPMock(configuration: .init(root: root))
        playback.stub(try root.loadMappings())
        try await withMockServer(playback) { server in
            let clock = ContinuousClock()
            let start = clock.now
            let replayed = try await Self.traffic(server.baseURL)
            let streams = ndjsonWasSpread ? 2 : 1
            #expect(clock.now - start >= .milliseconds(streams * 3 * Self.gap), "the streams wait their pauses again")
            #expect(replayed.map(\.body) == live.map(\.body))
            #expect(replayed.map(\.status) == [200, 200, 200])
            #expect(replayed[0].header("Content-Type") == "text/event-stream")
            #expect(replayed[1].header("Content-Type") == "application/x-ndjson")
        }
    }

    /// The same journal recorded at other scales (`POST /__admin/recordings/snapshot`): 0 drops
    /// the pauses, 0.5 halves them.
    @Test func theTimeScaleMultipliesThePauses() async throws {
        try await withMockServer(Self.upstreamMock()) { upstream in
            let mock = HTTPMock()
            mock.stub(.anyRequest, .proxy(to: try upstream.baseURL.absoluteString))
            try await withMockServer(mock) { server in
                let live = try await Self.traffic(server.baseURL)
                func snapshot(_ scale: String) async throws -> [StubMapping] {
                    let answer = try await send(server.baseURL.appendingPathComponent("__admin/recordings/snapshot"), method: "POST",
                                                body: #"{"persist": false, "streamTimeScale": \#(scale)}"#)
                    #expect(answer.status == 200, "\(answer.body)")
                    let mappings = try #require(JSONValue.parse(answer.body)["mappings"])
                    return try WireMockMappings.decode(Data(mappings.jsonText().utf8))
                }
                let asObserved = try await snapshot("1")
                let none = try await snapshot("0")
                let half = try await snapshot("0.5")
                for path in ["/events", "/ndjson"] {
                    let observed = try Self.delays(asObserved, path)
                    Self.expectAtLeastUpstreamsPauses(observed, path)
                    let unpaused = try Self.delays(none, path)
                    #expect(!unpaused.isEmpty && unpaused.allSatisfy { $0 == 0 }, "\(path): \(unpaused)")
                    let halved = try Self.delays(half, path)
                    Self.expectAtLeastUpstreamsPauses(halved, scale: 0.5, path)
                    // The same arrivals halved: up to each part, half the time (each total rounded to a millisecond).
                    var (halfTotal, wholeTotal) = (0, 0)
                    for (half, whole) in zip(halved, observed) {
                        (halfTotal, wholeTotal) = (halfTotal + half, wholeTotal + whole)
                        #expect(abs(2 * halfTotal - wholeTotal) <= 2, "\(path): \(halved) vs \(observed)")
                    }
                }
                // Without pauses the stub still sends the same bytes.
                let playback = HTTPMock()
                playback.stub(none)
                try await withMockServer(playback) { replay in
                    let replayed = try await Self.traffic(replay.baseURL)
                    #expect(replayed.map(\.body) == live.map(\.body))
                }
            }
        }
    }

    @Test func aScaleOutOfRangeIsRefused() {
        let admin = AdminHarness()
        let answer = admin.call(.post, "/recordings/snapshot", #"{"streamTimeScale": -1}"#)
        #expect(answer.status == 422)
        #expect(answer.bodyText.contains("streamTimeScale"))
    }
}
