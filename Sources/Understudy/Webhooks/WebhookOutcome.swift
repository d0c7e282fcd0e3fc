/// What became of one webhook: sent and answered, or why not.
///
/// Outcomes go to ``HTTPMock/Configuration/onWebhookOutcome`` when it is set; otherwise the
/// failures are written to standard error. A webhook never changes the response, the journal
/// or the test's result.
public struct WebhookOutcome: Sendable, CustomStringConvertible {
    /// The stub that fired the webhook.
    public let stub: StubIdentity
    /// The request as rendered; `nil` when its templates could not be rendered.
    public let request: WebhookRequest?
    /// The target's answer; `nil` when the webhook failed.
    public let response: WebhookResponse?
    /// Why the webhook failed; `nil` when it was answered (whatever the status).
    public let failure: String?

    /// Creates an outcome.
    public init(stub: StubIdentity, request: WebhookRequest?, response: WebhookResponse?, failure: String?) {
        self.stub = stub
        self.request = request
        self.response = response
        self.failure = failure
    }

    /// `webhook POST http://… of stub "x" (id …) answered 200`, or what failed.
    public var description: String {
        let target = request.map { "webhook \($0.method.rawValue) \($0.url)" } ?? "webhook"
        let subject = "\(target) of stub \(stub.label)"
        if let failure { return "\(subject) failed: \(failure)" }
        return "\(subject) answered \(response?.status ?? 0)"
    }
}
