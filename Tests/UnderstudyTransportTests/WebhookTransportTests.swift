import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyServer
import UnderstudySupport
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every transport fires a stub's webhooks once its response is over, as WireMock 3.13.2's
/// `http/StubRequestHandler.java` does in `afterResponseSent`, and sends them as
/// `org/wiremock/webhooks/Webhooks.java` does: templated, after their delay, failures logged.
@Suite(.timeLimit(.minutes(1)))
struct WebhookTransportTests {
    /// The webhook reaches a real server, whatever the transport, through the default sender
    /// (the server's HTTP client, or `URLSession` in process).
    @Test(arguments: Transport.allCases)
    func aTemplatedWebhookReachesARealReceivingServer(_ transport: Transport) async throws {
        let receiver = HTTPMock()
        receiver.stub(.post(urlPath: "/callbacks/42"), .status(204))
        try await withMockServer(receiver) { receiving in
            let outcomes = WebhookOutcomes()
            let mock = HTTPMock(configuration: .init(onWebhookOutcome: outcomes.record))
            mock.stub(StubMapping(.post(urlPath: "/orders/42"), .status(202).body("accepted")).withWebhook(
                .post(try receiving.baseURL.absoluteString + "/callbacks/{{originalRequest.pathSegments.[1]}}")
                    .header("X-Order", "{{originalRequest.headers.X-Order}}")
                    .body("paid {{jsonPath originalRequest.body '$.amount'}}")))
            try await transport.withClient(for: mock) { client, base in
                var request = URLRequest(url: base.appendingPathComponent("orders/42"))
                request.httpMethod = "POST"
                request.setValue("A-7", forHTTPHeaderField: "X-Order")
                request.httpBody = Data(#"{"amount": 30}"#.utf8)
                let (data, response) = try await client.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == 202)
                #expect(String(decoding: data, as: UTF8.self) == "accepted")
                let outcome = try #require(await outcomes.next())
                #expect(outcome.failure == nil, "\(outcome)")
                #expect(outcome.response?.status == 204)
            }
            let received = try #require(receiver.serveEvents.first)
            #expect(received.request.method == .post)
            #expect(received.request.path == "/callbacks/42")
            #expect(received.request.headers["X-Order"] == "A-7")
            #expect(received.request.bodyText == "paid 30")
            #expect(mock.serveEvents.count == 1, "the webhook is not journaled by the sending mock")
        }
    }

    /// An injected sender captures webhooks in process: here another mock, whose journal the
    /// test reads, with nothing sent over the network.
    @Test(arguments: [Transport.direct, .urlSession])
    func anInjectedSenderCapturesWebhooksInProcess(_ transport: Transport) async throws {
        let receiver = HTTPMock()
        receiver.stub(.put(urlPath: "/audit"), .ok)
        let outcomes = WebhookOutcomes()
        let mock = HTTPMock(configuration: .init(webhookSender: receiver, onWebhookOutcome: outcomes.record))
        mock.stub(StubMapping(.get(urlPath: "/users/7"), .ok).withWebhook(
            .put("http://audit.invalid/audit").body("read {{originalRequest.path}}")))
        try await transport.withClient(for: mock) { client, base in
            _ = try await get(client, base.appendingPathComponent("users/7"))
            #expect(try #require(await outcomes.next()).response?.status == 200)
        }
        #expect(receiver.serveEvents.map(\.request.bodyText) == ["read /users/7"])
    }

    /// A caller that leaves mid-stream ends the response, and its webhooks fire, on every
    /// transport alike (the server fires them when its client leaves).
    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func aCallerLeavingMidStreamStillFiresTheWebhooks(_ transport: Transport) async throws {
        let receiver = HTTPMock()
        receiver.stub(.post(urlPath: "/left"), .ok)
        let mock = HTTPMock(configuration: .init(webhookSender: receiver))
        mock.stub(StubMapping(.get(urlPath: "/events"), .ok.eventStream([.data("first"), .data("an hour later", after: .seconds(3_600))]))
            .withWebhook(.post("http://hooks.invalid/left")))
        try await transport.withClient(for: mock) { client, base in
            let (body, _) = try await client.stream(for: URLRequest(url: base.appendingPathComponent("events")))
            for try await line in body.lines where line == "data: first" { break }
        }
        try await receiver.waitForRequests(matching: .post(urlPath: "/left"), timeout: .seconds(60))
    }

    /// A slow webhook target never holds the response back: the response arrives while the
    /// webhook is still in flight (its sender only returns once the test has the response).
    @Test(arguments: Transport.allCases)
    func theResponseIsNotHeldBackByASlowWebhookTarget(_ transport: Transport) async throws {
        let sender = GatedSender()
        let outcomes = WebhookOutcomes()
        let mock = HTTPMock(configuration: .init(webhookSender: sender, onWebhookOutcome: outcomes.record))
        mock.stub(StubMapping(.get(urlPath: "/a"), .ok.body("answer")).withWebhook(.post("http://slow.invalid/hook")))
        try await transport.withClient(for: mock) { client, base in
            let (status, body) = try await get(client, base.appendingPathComponent("a"))
            #expect(status == 200 && body == "answer")
            // Had the response waited for the webhook, the test would never get here.
            sender.open()
            let outcome = try #require(await outcomes.next())
            #expect(outcome.failure == nil)
        }
    }

    /// `WebhookDefinition.getDelaySampleMillis()`: the webhook waits its delay after the
    /// response (a lower bound only).
    @Test(arguments: Transport.allCases)
    func aDelayedWebhookWaitsItsDelayAfterTheResponse(_ transport: Transport) async throws {
        let sender = RecordingSender()
        let outcomes = WebhookOutcomes()
        let mock = HTTPMock(configuration: .init(webhookSender: sender, onWebhookOutcome: outcomes.record))
        mock.stub(StubMapping(.get(urlPath: "/a"), .ok).withWebhook(.get("http://later.invalid/").delay(.fixed(milliseconds: 300))))
        try await transport.withClient(for: mock) { client, base in
            let asked = ContinuousClock.now
            _ = try await get(client, base.appendingPathComponent("a"))
            _ = try #require(await outcomes.next())
            let sent = try #require(sender.sentAt)
            #expect(sent - asked >= .milliseconds(300), "sent \(sent - asked) after the request")
        }
    }

    /// A webhook whose target refuses the connection changes neither the response nor the
    /// journal; the failure is reported (`Webhooks.java` logs "Failed to fire webhook").
    @Test(arguments: Transport.allCases)
    func aFailingWebhookTargetChangesNothing(_ transport: Transport) async throws {
        let outcomes = WebhookOutcomes()
        let mock = HTTPMock(configuration: .init(onWebhookOutcome: outcomes.record))
        mock.stub(StubMapping(.get(urlPath: "/a"), .ok.body("fine")).withWebhook(.post("http://127.0.0.1:1/refused")))
        try await transport.withClient(for: mock) { client, base in
            let (status, body) = try await get(client, base.appendingPathComponent("a"))
            #expect(status == 200 && body == "fine")
            let outcome = try #require(await outcomes.next())
            #expect(outcome.response == nil)
            #expect(outcome.failure != nil)
            #expect(outcome.description.hasPrefix("webhook POST http://127.0.0.1:1/refused of stub id "), "\(outcome)")
        }
        #expect(mock.serveEvents.count == 1)
        #expect(mock.serveEvents.first?.response.status == 200)
    }
}

/// WireMock fires webhooks in `afterResponseSent` whatever the answer was
/// (`http/AbstractRequestHandler.java` calls it after `httpResponder.respond`): faults and
/// proxied answers fire them too.
@Suite(.timeLimit(.minutes(1)))
struct WebhookAnswerKindTests {
    @Test(arguments: Transport.allCases)
    func aFaultFiresTheWebhook(_ transport: Transport) async throws {
        let receiver = HTTPMock()
        receiver.stub(.post(urlPath: "/after-fault"), .ok)
        let outcomes = WebhookOutcomes()
        let mock = HTTPMock(configuration: .init(webhookSender: receiver, onWebhookOutcome: outcomes.record))
        mock.stub(StubMapping(.get(urlPath: "/a"), .fault(.emptyResponse)).withWebhook(.post("http://receiver.invalid/after-fault")))
        try await transport.withClient(for: mock) { client, base in
            await #expect(throws: (any Error).self) { try await get(client, base.appendingPathComponent("a")) }
            let outcome = try #require(await outcomes.next())
            #expect(outcome.response?.status == 200)
        }
        #expect(receiver.serveEvents.map(\.request.path) == ["/after-fault"])
    }

    @Test(arguments: Transport.allCases)
    func aProxiedAnswerFiresTheWebhook(_ transport: Transport) async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/a"), .ok.body("from upstream"))
        let receiver = HTTPMock()
        receiver.stub(.post(urlPath: "/after-proxy"), .ok)
        try await withMockServer(upstream) { upstreamServer in
            let outcomes = WebhookOutcomes()
            let mock = HTTPMock(configuration: .init(webhookSender: receiver, onWebhookOutcome: outcomes.record))
            mock.stub(StubMapping(.get(urlPath: "/a"), .proxy(to: try upstreamServer.baseURL.absoluteString))
                .withWebhook(.post("http://receiver.invalid/after-proxy")))
            try await transport.withClient(for: mock) { client, base in
                let (status, body) = try await get(client, base.appendingPathComponent("a"))
                #expect(status == 200 && body == "from upstream")
                #expect(try #require(await outcomes.next()).response?.status == 200)
            }
        }
        #expect(receiver.serveEvents.map(\.request.path) == ["/after-proxy"])
    }
}

/// The outcomes a mock reports, in order; `next()` waits for the next one.
private final class WebhookOutcomes: Sendable {
    private let stream: AsyncStream<WebhookOutcome>
    private let continuation: AsyncStream<WebhookOutcome>.Continuation

    init() { (stream, continuation) = AsyncStream.makeStream(of: WebhookOutcome.self) }

    /// For ``HTTPMock/Configuration/onWebhookOutcome``.
    var record: @Sendable (WebhookOutcome) -> Void { { [continuation] in continuation.yield($0) } }

    func next() async -> WebhookOutcome? {
        var iterator = stream.makeAsyncIterator()
        return await iterator.next()
    }
}

/// A sender that answers only once the test calls `open()`.
private final class GatedSender: WebhookSender {
    private let gate = AsyncStream<Void>.makeStream(of: Void.self)

    func open() { gate.continuation.yield() }

    func send(_ request: WebhookRequest) async throws -> WebhookResponse {
        var iterator = gate.stream.makeAsyncIterator()
        _ = await iterator.next()
        return WebhookResponse(status: 200)
    }
}

/// A sender that notes when it was called.
private final class RecordingSender: WebhookSender {
    private let sent = Locked<ContinuousClock.Instant?>(nil)

    var sentAt: ContinuousClock.Instant? { sent.withLock { $0 } }

    func send(_ request: WebhookRequest) async throws -> WebhookResponse {
        sent.withLock { $0 = .now }
        return WebhookResponse(status: 200)
    }
}
