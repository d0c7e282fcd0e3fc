import Understudy

/// How an in-process answer reports that it is over: through the mock's one completion
/// (``Understudy/HTTPMock/complete(_:webhooks:delivery:elapsed:transport:defaultSender:)``), which fires
/// the stub's webhooks (by default through `URLSession.shared`) and tells the serve listeners.
package struct InProcessCompletion: Sendable {
    let mock: HTTPMock
    let event: ServeEvent
    let webhooks: PendingWebhooks?
    let started: ContinuousClock.Instant

    /// The completion of `event`'s answer, or `nil` when nothing hears of it (no webhook and
    /// no listener), which spares the answer the clock.
    init?(mock: HTTPMock, event: ServeEvent, webhooks: PendingWebhooks?) {
        guard webhooks != nil || mock.hasCompletionListeners else { return nil }
        self.mock = mock
        self.event = event
        self.webhooks = webhooks
        started = .now
    }

    /// The answer is over.
    func report() {
        mock.complete(event, webhooks: webhooks, elapsed: .now - started, transport: .inProcess,
                      defaultSender: URLSessionWebhookSender())
    }
}
