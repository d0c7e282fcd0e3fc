/// Sends the webhooks a mock's stubs fire.
///
/// By default the loopback server sends with its own HTTP client and the in-process
/// transports with `URLSession`; set ``HTTPMock/Configuration/webhookSender`` to send through
/// something else: another ``HTTPMock``, which records them in its journal, a
/// `URLSessionWebhookSender` (`UnderstudyInProcess`) with a session of yours, or a type of
/// your own:
/// ```swift
/// let receiver = HTTPMock()
/// receiver.stub(.post(urlPath: "/callbacks"), .ok)
/// let mock = HTTPMock(configuration: .init(webhookSender: receiver))
/// ```
public protocol WebhookSender: Sendable {
    /// Sends `request` and returns the answer; throws when there is none.
    func send(_ request: WebhookRequest) async throws -> WebhookResponse
}
