package import Foundation
package import Understudy
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// What an in-process transport hands its caller: the response and the body's timed parts,
/// which it delivers after each part's pause (on the task's clock, so cancelling the task
/// ends the wait at once). Once the last part is delivered, the stub's webhooks fire: this is
/// where both in-process transports (direct and URLSession) finish serving a response.
package struct InProcessAnswer: Sendable {
    /// The status and final headers, `Matched-Stub-Id` and `Content-Length` included.
    package let response: HTTPURLResponse
    /// The body in the parts the plan gives (one for a plain body).
    package let body: TimedBody
    /// The webhooks to fire once the body has been delivered.
    package let webhooks: PendingWebhooks?

    package init(response: HTTPURLResponse, body: TimedBody, webhooks: PendingWebhooks? = nil) {
        self.response = response
        self.body = body
        self.webhooks = webhooks
    }

    /// Waits each part's pause, then hands its bytes to `deliver`, in order; then fires the
    /// webhooks.
    package func deliver(_ deliver: (Data) -> Void) async throws {
        for part in body.parts {
            if part.delay > .zero { try await Task.sleep(for: part.delay) }
            try Task.checkCancellation()
            deliver(part.bytes)
        }
        webhooks?.fireInProcess()
    }

    /// The whole body, once every part's pause has passed (the webhooks then fire).
    package func collect() async throws -> Data {
        guard body.isTimed else {
            webhooks?.fireInProcess()
            return body.data
        }
        var data = Data()
        try await deliver { data.append($0) }
        return data
    }
}
