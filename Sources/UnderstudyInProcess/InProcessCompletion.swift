import Understudy

/// How an in-process answer reports that it is over: through the mock's one completion
/// (``Understudy/HTTPMock/complete(_:recorded:delivery:elapsed:transport:defaultSender:)``), which fires
/// the stub's webhooks (by default through `URLSession.shared`) and tells the serve listeners.
package struct InProcessCompletion: Sendable {
    let mock: HTTPMock
    let served: ServedRequest
    let started: ContinuousClock.Instant
    /// The journal's entry once the answer recorded its end (a proxied one).
    var recorded: ServeEvent?

    /// The completion of `served`'s answer, or `nil` when nothing hears of it (no webhook and
    /// no listener), which spares the answer the clock.
    init?(mock: HTTPMock, served: ServedRequest) {
        guard served.plan.webhooks != nil || mock.hasCompletionListeners else { return nil }
        self.mock = mock
        self.served = served
        started = .now
    }

    /// The answer is over.
    func report() {
        mock.complete(served, recorded: recorded, elapsed: .now - started, transport: .inProcess, defaultSender: URLSessionWebhookSender())
    }
}
