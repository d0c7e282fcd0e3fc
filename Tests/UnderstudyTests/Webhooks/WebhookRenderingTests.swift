import Foundation
import Testing
@testable import Understudy

/// How a webhook is rendered and sent, as WireMock 3.13.2's `org/wiremock/webhooks/Webhooks.java`
/// does it (`applyTemplating`, `buildRequest`).
struct WebhookRenderingTests {
    /// The model holds `originalRequest` and `parameters` (every parameter of the webhook);
    /// `request` is removed from it, and there is no `originalResponse`.
    @Test func templatesSeeTheOriginalRequestAndTheParameters() throws {
        let webhook = WebhookDefinition(
            method: "{{jsonPath originalRequest.body '$.method'}}",
            url: "http://localhost:8081{{jsonPath originalRequest.body '$.callbackPath'}}",
            headers: ["X-Single": "{{math 1 '+' 2}}", "X-Param": "{{parameters.one}}", "X-Request": "[{{request.path}}]",
                      "X-Response": "[{{originalResponse.status}}]"],
            body: .text("{{jsonPath originalRequest.body '$.name'}} from {{originalRequest.path}}"),
            parameters: ["one": "param-one-value"])
        let original = request(.post, "http://localhost:8080/templating",
                               body: #"{"callbackPath": "/callback/123", "method": "PUT", "name": "Tom"}"#)
        let rendered = try webhook.rendered(for: original, urlPattern: nil)
        #expect(rendered.method == .put)
        #expect(rendered.url == "http://localhost:8081/callback/123")
        #expect(rendered.headers.values(for: "X-Single") == ["3"])
        #expect(rendered.headers.values(for: "X-Param") == ["param-one-value"])
        #expect(rendered.headers.values(for: "X-Request") == ["[]"])
        #expect(rendered.headers.values(for: "X-Response") == ["[]"], "3.13.2 has no originalResponse in the model")
        #expect(String(decoding: rendered.body, as: UTF8.self) == "Tom from /templating")
    }

    /// `parameters` holds the named parameters too (`Webhooks.java` puts the whole
    /// `Parameters` object in the model).
    @Test func parametersIncludeTheNamedOnes() throws {
        let webhook = WebhookDefinition.post("http://localhost:8081/x").body("{{parameters.url}}")
        let rendered = try webhook.rendered(for: request(.get, "/a"), urlPattern: nil)
        #expect(String(decoding: rendered.body, as: UTF8.self) == "http://localhost:8081/x")
    }

    /// `buildRequest` adds the body only when `RequestMethod.hasEntity()`: POST, PUT, PATCH.
    @Test(arguments: [("GET", false), ("DELETE", false), ("POST", true), ("PUT", true), ("PATCH", true)])
    func onlyMethodsWithAnEntityCarryTheBody(_ method: String, _ carries: Bool) throws {
        let webhook = WebhookDefinition(method: method, url: "http://localhost:8081/x", body: .binary(Data([1, 2])))
        let rendered = try webhook.rendered(for: request(.get, "/a"), urlPattern: nil)
        #expect(rendered.body == (carries ? Data([1, 2]) : Data()))
    }

    @Test func aBrokenTemplateNamesThePartLineAndColumn() throws {
        let webhook = WebhookDefinition.post("http://localhost:8081/x").header("X-A", "{{#if}}")
        let error = try #require(throws: WebhookRenderingError.self) { try webhook.rendered(for: request(.get, "/a"), urlPattern: nil) }
        #expect(error.description.hasPrefix("template error in the header X-A at line 1, column 1:"), "\(error)")
    }

    /// A mock can receive another mock's webhooks in process: they land in its journal.
    @Test func aMockReceivesWebhooksInItsJournal() async throws {
        let receiver = HTTPMock()
        receiver.stub(.post(urlPath: "/callbacks/42"), .status(204))
        let (outcomes, continuation) = AsyncStream.makeStream(of: WebhookOutcome.self)
        let mock = HTTPMock(configuration: .init(webhookSender: receiver, onWebhookOutcome: { continuation.yield($0) }))
        let stub = mock.stub(StubMapping(.post(urlPath: "/orders/42"), .status(202)).withWebhook(
            .post("http://localhost:8081/callbacks/{{originalRequest.pathSegments.[1]}}").body("{{originalRequest.body}}")))
        var generator = SystemRandomNumberGenerator()
        mock.respond(to: request(.post, "/orders/42", body: "paid"), using: &generator).plan.webhooks?.fire(defaultSender: UnusedSender())
        var iterator = outcomes.makeAsyncIterator()
        let outcome = try #require(await iterator.next())
        #expect(outcome.failure == nil)
        #expect(outcome.response?.status == 204)
        #expect(outcome.stub == stub.identity)
        #expect(outcome.description == "webhook POST http://localhost:8081/callbacks/42 of stub \(stub.label) answered 204")
        let received = try #require(receiver.serveEvents.first)
        #expect(received.request.path == "/callbacks/42")
        #expect(received.request.bodyText == "paid")
        #expect(mock.serveEvents.count == 1, "the webhook is not journaled by the mock that sent it")
    }

    /// A failure is an outcome, never an error thrown into the test.
    @Test func aFailingSenderIsReportedAsAnOutcome() async throws {
        let (outcomes, continuation) = AsyncStream.makeStream(of: WebhookOutcome.self)
        let mock = HTTPMock(configuration: .init(onWebhookOutcome: { continuation.yield($0) }))
        let stub = mock.stub(StubMapping(.get(urlPath: "/a"), .ok).withWebhook(.get("http://localhost:1/nothing")))
        var generator = SystemRandomNumberGenerator()
        mock.respond(to: request(.get, "/a"), using: &generator).plan.webhooks?.fire(defaultSender: UnusedSender())
        var iterator = outcomes.makeAsyncIterator()
        let outcome = try #require(await iterator.next())
        #expect(outcome.description == "webhook GET http://localhost:1/nothing of stub \(stub.label) failed: no sender here")
        #expect(mock.serveEvents.count == 1)
        #expect(mock.serveEvents.first?.response.status == 200)
    }
}

/// A sender that always fails.
struct UnusedSender: WebhookSender {
    struct Failure: Error, CustomStringConvertible { var description: String { "no sender here" } }
    func send(_ request: WebhookRequest) async throws -> WebhookResponse { throw Failure() }
}

/// `templateRandomSeed` makes webhooks repeatable too: they draw their seeds from the mock's
/// sequence, as responses do.
struct WebhookSeedTests {
    private func renderedBody(seed: UInt64) throws -> String {
        let mock = HTTPMock(configuration: .init(templateRandomSeed: seed))
        mock.stub(StubMapping(.post(urlPath: "/orders"), .ok).withWebhook(.post("http://127.0.0.1:9/hook").body("{{randomValue length=12 type='ALPHANUMERIC'}}")))
        let event = mock.serve(request(.post, "/orders"))
        let pending = try #require(mock.pendingWebhooks(for: event))
        let webhook = try #require(pending.webhooks.first)
        return String(decoding: try webhook.rendered(for: event.request, urlPattern: nil, seed: pending.seed).body, as: UTF8.self)
    }

    @Test func theSameSeedRendersTheSameRandomValues() throws {
        let first = try renderedBody(seed: 7)
        #expect(first.count == 12)
        #expect(try renderedBody(seed: 7) == first)
        #expect(try renderedBody(seed: 8) != first)
    }
}
