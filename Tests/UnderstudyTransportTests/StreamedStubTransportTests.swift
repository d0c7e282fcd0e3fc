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

/// Streamed stubs (`.eventStream`, `.chunks`) as each transport's caller sees them through
/// `HTTPClient.stream(for:)` and `data(for:)`: the same events in the same order, the stream's
/// ending as the caller's error, a held-open stream ended by its cap or by the caller.
struct StreamedStubTransportTests {
    private static let events: [ServerSentEvent] = [
        .event("delta", data: "Hel", id: "1"),
        .event("delta", data: "lo\nwörld", after: .milliseconds(40)),
        .comment("keep-alive", after: .milliseconds(40)),
        .data("[DONE]", after: .milliseconds(40)),
    ]

    private static let wire = ["id: 1", "event: delta", "data: Hel", "",
                               "event: delta", "data: lo", "data: wörld", "",
                               ": keep-alive", "",
                               "data: [DONE]", ""]

    @Test(arguments: Transport.allCases)
    func eventsArriveInOrderOverEveryTransport(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/events"), .ok.eventStream(Self.events))
        try await transport.withClient(for: mock) { client, base in
            let start = ContinuousClock.now
            let (body, response) = try await client.stream(for: URLRequest(url: base.appendingPathComponent("events")))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
            #expect(http.value(forHTTPHeaderField: "Content-Length") == nil)
            var lines: [String] = []
            for try await line in body.lines { lines.append(line) }
            #expect(lines.filter { !$0.isEmpty } == Self.wire.filter { !$0.isEmpty })
            if transport != .server { #expect(lines == Self.wire) }
            #expect(ContinuousClock.now - start >= .milliseconds(120))
        }
    }

    /// A mapping file's `eventStream` gets the headers strict clients (a browser's
    /// `EventSource`) need, as the Swift builder's does, unless it sets its own.
    @Test(arguments: Transport.allCases)
    func aMappingFileEventStreamIsServedAsAnEventStream(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(try WireMockMappings.decodeMapping(Data(#"""
            {"request": {"urlPath": "/events"}, "response": {"status": 200, "eventStream": {"events": [{"data": "hi"}]}}}
            """#.utf8)))
        mock.stub(try WireMockMappings.decodeMapping(Data(#"""
            {"request": {"urlPath": "/own"}, "response": {"status": 200, "headers": {"Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store"},
             "eventStream": {"events": [{"data": "hi"}]}}}
            """#.utf8)))
        try await transport.withClient(for: mock) { client, base in
            let (data, response) = try await client.data(for: URLRequest(url: base.appendingPathComponent("events")))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
            #expect(http.value(forHTTPHeaderField: "Cache-Control") == "no-cache")
            #expect(String(decoding: data, as: UTF8.self) == "data: hi\n\n")
            let own = try #require(try await client.data(for: URLRequest(url: base.appendingPathComponent("own"))).1 as? HTTPURLResponse)
            #expect(own.value(forHTTPHeaderField: "Content-Type") == "text/event-stream; charset=utf-8")
            #expect(own.value(forHTTPHeaderField: "Cache-Control") == "no-store")
        }
    }

    /// In process, every part arrives, then the fault's `URLError` (over a socket a reset may
    /// discard parts the client had not read yet).
    @Test(arguments: [Transport.direct, .urlSession])
    func aFaultEndingReachesTheCallerAfterThePartsInProcess(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/cut"), .ok.chunks([.text("one\n"), .text("two\n", after: .milliseconds(20))], then: .fault(.connectionResetByPeer)))
        try await transport.withClient(for: mock) { client, base in
            let url = base.appendingPathComponent("cut")
            var lines: [String] = []
            let error = await #expect(throws: URLError.self) {
                let (body, _) = try await client.stream(for: URLRequest(url: url))
                for try await line in body.lines { lines.append(line) }
            }
            #expect(error?.code == Fault.connectionResetByPeer.urlErrorCode)
            #expect(lines == ["one", "two"])
            let whole = await #expect(throws: URLError.self) { try await client.data(for: URLRequest(url: url)) }
            #expect(whole?.code == .networkConnectionLost)
        }
    }

    @Test(arguments: [Transport.direct, .urlSession])
    func aHeldOpenStreamEndsNormallyAtItsCapInProcess(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/held"), .ok.chunks([.text("first")], then: .heldOpen(cap: .milliseconds(150))))
        try await transport.withClient(for: mock) { client, base in
            var data = Data()
            let elapsed = try await ContinuousClock().measure {
                data = try await client.data(for: URLRequest(url: base.appendingPathComponent("held"))).0
            }
            #expect(data == Data("first".utf8))
            #expect(elapsed >= .milliseconds(150))
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func aHeldOpenStreamEndsWhenTheCallerStops(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/held"), .ok.eventStream([.data("first")], then: .heldOpen(cap: .seconds(3600))))
        try await transport.withClient(for: mock) { client, base in
            let (body, _) = try await client.stream(for: URLRequest(url: base.appendingPathComponent("held")))
            var lines: [String] = []
            // Leaving the loop ends the stream: the test returns long before the cap.
            for try await line in body.lines {
                lines.append(line)
                if line == "data: first" { break }
            }
            #expect(lines == ["data: first"])
        }
    }

    /// Waiting for the head is cancellable too: a stub delayed for an hour ends at once.
    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func cancellingBeforeTheHeadEndsTheWait(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/late"), .ok.eventStream([.data("never")]).delayed(by: .seconds(3600)))
        try await transport.withClient(for: mock) { client, base in
            let request = URLRequest(url: base.appendingPathComponent("late"))
            let waiting = Task { try await client.stream(for: request) }
            waiting.cancel()
            await #expect(throws: (any Error).self) { try await waiting.value }
        }
    }
}
