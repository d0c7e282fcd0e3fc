extension HTTPMock: WebhookSender {
    /// Receives a webhook in process: serves it from this mock's stubs and records it in this
    /// mock's journal, so a test can verify the webhooks another mock sends. The answer comes
    /// after the stub's delays; a fault or a proxy stub fails the webhook, an unmatched
    /// webhook is answered with the near-miss 404, and this mock's own webhooks do not fire.
    public func send(_ request: WebhookRequest) async throws -> WebhookResponse {
        let recorded = RecordedRequest(id: makeRequestID(), method: request.method, url: request.url,
                                       headers: request.headers, body: request.body)
        var generator = SystemRandomNumberGenerator()
        let served = respond(to: recorded, using: &generator)
        let (event, plan) = (served.event, served.plan)
        if plan.delay > .zero { try await Task.sleep(for: plan.delay) }
        switch plan.action {
        case .fault(let fault):
            throw WebhookReceiverError(description: "the receiving mock answered with the fault \(fault)")
        case .proxy:
            throw WebhookReceiverError(description: "the receiving mock's stub \(event.stubIdentity?.label ?? "") proxies, which a mock receiving in process cannot do")
        case let .respond(head, body):
            return WebhookResponse(status: head.status, body: body.data)
        }
    }
}

/// A webhook that a mock receiving it in process could not answer.
struct WebhookReceiverError: Error, CustomStringConvertible {
    let description: String
}
