import Foundation

/// The webhooks a served request fires once its response is over: part of the
/// ``ResponsePlan``, carried out by each transport right after it has written the response
/// (the loopback server when the response has ended, the in-process transports when the body
/// has been delivered). Firing never waits: each webhook renders, waits its delay and sends in
/// a task of its own, and its outcome is reported, never thrown.
package struct PendingWebhooks: Sendable {
    let webhooks: [WebhookDefinition]
    let request: RecordedRequest
    let stub: StubIdentity
    let urlPattern: URLPattern?
    /// The mock's configured sender; `nil` lets the transport choose.
    let sender: (any WebhookSender)?
    let report: (@Sendable (WebhookOutcome) -> Void)?
    /// The mock's `templateEscaping`.
    var escapesHTML = false
    /// The first of the seeds the webhooks render with (the next one each), from the mock's
    /// template seeds, so `templateRandomSeed` makes webhooks repeatable too.
    var seed: UInt64?

    /// Starts every webhook, sending through the mock's configured sender or, when it has
    /// none, through `defaultSender`; returns at once.
    package func fire(defaultSender: @autoclosure () -> any WebhookSender) {
        let sender = self.sender ?? defaultSender()
        for (index, webhook) in webhooks.enumerated() {
            let seed = self.seed.map { $0 &+ UInt64(index) }
            Task { await send(webhook, seed: seed, through: sender) }
        }
    }

    private func send(_ webhook: WebhookDefinition, seed: UInt64?, through sender: any WebhookSender) async {
        let request: WebhookRequest
        do {
            request = try webhook.rendered(for: self.request, urlPattern: urlPattern, escapesHTML: escapesHTML, seed: seed)
        } catch {
            return finish(WebhookOutcome(stub: stub, request: nil, response: nil, failure: error.description))
        }
        if let delay = webhook.delay {
            var generator = SystemRandomNumberGenerator()
            let milliseconds = delay.sampleMilliseconds(using: &generator)
            if milliseconds > 0 {
                do {
                    try await Task.sleep(for: .milliseconds(milliseconds))
                } catch {
                    return finish(WebhookOutcome(stub: stub, request: request, response: nil, failure: "cancelled during its delay"))
                }
            }
        }
        do {
            let response = try await sender.send(request)
            finish(WebhookOutcome(stub: stub, request: request, response: response, failure: nil))
        } catch {
            finish(WebhookOutcome(stub: stub, request: request, response: nil, failure: "\(error)"))
        }
    }

    private func finish(_ outcome: WebhookOutcome) {
        if let report {
            report(outcome)
        } else if outcome.failure != nil {
            FileHandle.standardError.write(Data("understudy: \(outcome)\n".utf8))
        }
    }
}

extension HTTPMock {
    /// The webhooks the stub that answered `event` fires, or `nil` when it fires none.
    func pendingWebhooks(for event: ServeEvent) -> PendingWebhooks? {
        let webhooks = event.webhooks
        guard !webhooks.isEmpty, let stub = event.stubIdentity else { return nil }
        return PendingWebhooks(webhooks: webhooks, request: event.request, stub: stub, urlPattern: event.stub?.request.url,
                               sender: configuration.webhookSender, report: configuration.onWebhookOutcome,
                               escapesHTML: configuration.templateEscaping, seed: templateSeed())
    }
}
