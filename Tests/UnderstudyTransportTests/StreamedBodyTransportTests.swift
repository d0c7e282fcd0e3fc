import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyTesting
import UnderstudyURLSession
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPClient.stream(for:)`: a timed body's parts reach the caller in order, at their
/// times, and a stream's ending (a fault, held open) reaches it as a real session's would.
struct StreamedBodyTransportTests {
    /// An answer for `/stream` with `parts` and `ending`, as the engine plans a stream.
    private func answer(_ parts: [(Duration, String)], ending: TimedBody.Ending = .complete) throws -> InProcessAnswer {
        let url = try #require(URL(string: "http://api.example.com/stream"))
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/event-stream"]))
        let body = TimedBody(parts: parts.map { TimedBody.Part(delay: $0.0, bytes: Data($0.1.utf8)) }, ending: ending, isStream: true)
        return InProcessAnswer(response: response, body: body)
    }

    /// Each chunk's text with the time it arrived, counted from `start` (before the request).
    private func chunks(of body: StreamedBody, since start: ContinuousClock.Instant) async throws -> [(String, Duration)] {
        let clock = ContinuousClock()
        var received: [(String, Duration)] = []
        for try await chunk in body { received.append((String(decoding: chunk, as: UTF8.self), start.duration(to: clock.now))) }
        return received
    }

    @Test func directStreamHandsOutEachPartAtItsTime() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/drip"), .ok.body("aabbcc").dribbled(chunks: 3, over: .milliseconds(300)))
        let start = ContinuousClock.now
        let (body, response) = try await mock.stream(for: URLRequest(url: try #require(URL(string: "http://api.example.com/drip"))))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let received = try await chunks(of: body, since: start)
        #expect(received.map(\.0) == ["aa", "bb", "cc"])
        // Lower bounds only: part n is sent n × 100 ms after the head, so after the request.
        for (index, (_, time)) in received.enumerated() {
            #expect(time >= .milliseconds(100 * (index + 1)))
        }
    }

    @Test func partsThenTheFaultsURLError() async throws {
        let answer = try answer([(.zero, "data: 1\n\n"), (.milliseconds(20), "data: 2\n\n")], ending: .fault(.connectionResetByPeer))
        var received: [String] = []
        let error = await #expect(throws: URLError.self) {
            for try await line in StreamedBody(answer).lines { received.append(line) }
        }
        #expect(error?.code == .networkConnectionLost)
        #expect(error?.failingURL?.absoluteString == "http://api.example.com/stream")
        #expect(received == ["data: 1", "", "data: 2", ""])
    }

    @Test func collectingAFaultedStreamThrowsItsURLError() async throws {
        let answer = try answer([(.milliseconds(10), "partial")], ending: .fault(.malformedResponseChunk))
        let error = await #expect(throws: URLError.self) { try await answer.collect() }
        #expect(error?.code == .cannotParseResponse)
    }

    @Test func aHeldOpenStreamEndsNormallyWhenItsCapPasses() async throws {
        let answer = try answer([(.zero, "first")], ending: .heldOpen(cap: .milliseconds(200)))
        let clock = ContinuousClock()
        var received: [String] = []
        let elapsed = try await clock.measure {
            for try await chunk in StreamedBody(answer) { received.append(String(decoding: chunk, as: UTF8.self)) }
        }
        #expect(received == ["first"])
        #expect(elapsed >= .milliseconds(200))
        #expect(try await answer.collect() == Data("first".utf8))
    }

    @Test(.timeLimit(.minutes(1)))
    func aHeldOpenStreamEndsWhenTheClientGoesAway() async throws {
        let answer = try answer([(.zero, "first")], ending: .heldOpen(cap: .seconds(3600)))
        let (firstArrived, arrival) = AsyncStream.makeStream(of: Void.self)
        let reading = Task {
            var received: [String] = []
            for try await chunk in StreamedBody(answer) {
                received.append(String(decoding: chunk, as: UTF8.self))
                arrival.yield()
            }
            return received
        }
        for await _ in firstArrived { break }
        reading.cancel()
        // The iteration of a cancelled task says it was cut, not that the body was whole.
        await #expect(throws: CancellationError.self) { try await reading.value }
    }

    @Test(.timeLimit(.minutes(1)))
    func collectingAHeldOpenBodyEndsWhenCancelled() async throws {
        let answer = try answer([(.zero, "first")], ending: .heldOpen(cap: .seconds(3600)))
        let reading = Task { try await answer.collect() }
        reading.cancel()
        await #expect(throws: CancellationError.self) { try await reading.value }
    }

    @Test func aCharacterSplitBetweenPartsComesOutWhole() async throws {
        let bytes = Array("data: héllo 👋\r\ndata: ok\rlast".utf8)
        // "é" is split after its first byte, "👋" after its second, `\r\n` between its halves.
        let cuts = [8, 15, 18, bytes.count]
        var body: [TimedBody.Part] = []
        var start = 0
        for cut in cuts {
            body.append(TimedBody.Part(delay: .milliseconds(5), bytes: Data(bytes[start..<cut])))
            start = cut
        }
        let url = try #require(URL(string: "http://api.example.com/stream"))
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:]))
        let answer = InProcessAnswer(response: response, body: TimedBody(parts: body, isStream: true))
        var lines: [String] = []
        for try await line in StreamedBody(answer).lines { lines.append(line) }
        #expect(lines == ["data: héllo 👋", "data: ok", "last"])
    }

    @Test func emptyLinesAreKeptAndAllTerminatorsEndALine() async throws {
        var lines: [String] = []
        for try await line in StreamedBody(Data("a\n\nb\r\n\r\nc\rd\n".utf8)).lines { lines.append(line) }
        #expect(lines == ["a", "", "b", "", "c", "d"])
    }

    @Test(arguments: Transport.allCases)
    func everyTransportStreamsADribbledBodyInOrder(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/feed"), .ok.body("one\ntwo\nthree\n").dribbled(chunks: 3, over: .milliseconds(150)))
        try await transport.withClient(for: mock) { client, base in
            let clock = ContinuousClock()
            let start = clock.now
            let (body, response) = try await client.stream(for: URLRequest(url: base.appendingPathComponent("feed")))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            var lines: [String] = []
            for try await line in body.lines { lines.append(line) }
            #expect(lines.joined(separator: "\n") == "one\ntwo\nthree")
            #expect(start.duration(to: clock.now) >= .milliseconds(150))
        }
    }

    /// Measured on Swift 6.3.1 Linux: a delegate-based data task sees each `didLoad` at its
    /// time, so `URLSession.stream(for:)` gets every part of a mock's session at its time on
    /// every platform, while `data(for:)` still gets the whole body.
    @Test func aMockSessionStreamsEachPartAtItsTime() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/drip"), .ok.body("aabbcc").dribbled(chunks: 3, over: .milliseconds(300)))
        let session = mock.urlSession()
        defer { session.invalidateAndCancel() }
        let url = try #require(URL(string: "http://api.example.com/drip"))
        let start = ContinuousClock.now
        let (body, response) = try await session.stream(for: URLRequest(url: url))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let received = try await chunks(of: body, since: start)
        #expect(received.map(\.0) == ["aa", "bb", "cc"])
        for (index, (_, time)) in received.enumerated() {
            #expect(time >= .milliseconds(100 * (index + 1)))
        }
        #expect(try await session.data(for: URLRequest(url: url)).0 == Data("aabbcc".utf8))
    }

    @Test(.timeLimit(.minutes(1)))
    func leavingAMockSessionStreamEarlyCancelsTheRest() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/drip"), .ok.body("ab").dribbled(chunks: 2, over: .seconds(1200)))
        let session = mock.urlSession()
        defer { session.invalidateAndCancel() }
        let (body, _) = try await session.stream(for: URLRequest(url: try #require(URL(string: "http://api.example.com/drip"))))
        let reading = Task {
            for try await _ in body {}
        }
        reading.cancel()
        await #expect(throws: CancellationError.self) { try await reading.value }
    }

    /// The loopback server fires a stub's webhooks after a stream it cut with a fault; so do
    /// the in-process transports, once the parts are out and before the fault is thrown.
    @Test(.timeLimit(.minutes(1)))
    func webhooksFireAfterAStreamCutByAFault() async throws {
        let receiver = HTTPMock()
        receiver.stub(.post(urlPath: "/hook"), .ok)
        let (outcomes, record) = AsyncStream.makeStream(of: WebhookOutcome.self)
        let mock = HTTPMock(configuration: .init(webhookSender: receiver, onWebhookOutcome: { record.yield($0) }))
        mock.stub(StubMapping(.get(urlPath: "/feed"), .ok.body("ab").dribbled(chunks: 2, over: .milliseconds(20)))
            .withWebhook(.post("http://hooks.invalid/hook").body("fed")))
        let planned = try await mock.answer(RecordedRequest(method: .get, url: "http://api.example.com/feed"))
        let cut = InProcessAnswer(response: planned.response, head: planned.head, body: TimedBody(parts: planned.body.parts, ending: .fault(.connectionResetByPeer)),
                                  completion: planned.completion)
        var received = Data()
        await #expect(throws: URLError.self) { try await cut.deliver { received.append($0) } }
        #expect(received == Data("ab".utf8))
        var iterator = outcomes.makeAsyncIterator()
        #expect(await iterator.next()?.response?.status == 200)
        #expect(receiver.serveEvents.map(\.request.bodyText) == ["fed"])
    }
}
