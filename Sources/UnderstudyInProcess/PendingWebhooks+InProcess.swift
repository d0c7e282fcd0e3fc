import Understudy

extension PendingWebhooks {
    /// Fires the webhooks through the mock's sender or, by default, `URLSession.shared`.
    func fireInProcess() {
        fire(defaultSender: URLSessionWebhookSender())
    }
}
