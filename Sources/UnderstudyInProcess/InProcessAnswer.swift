package import Foundation
package import Understudy
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// What an in-process transport hands its caller: the response and the body's timed parts,
/// which it delivers after each part's pause (on the task's clock, so cancelling the task
/// ends the wait at once). Once the last part is delivered, the answer reports that it is over
/// (the stub's webhooks fire): this is where both in-process transports (direct and URLSession)
/// finish serving a response. Then the body's ending applies: a fault throws its `URLError`, a
/// held-open response waits.
package struct InProcessAnswer: Sendable {
    /// The status and final headers, `Matched-Stub-Id` and `Content-Length` included.
    package let response: HTTPURLResponse
    /// The planned status, reason and header fields, in order and one field per value
    /// (``response`` joins the values of a repeated name, as `HTTPURLResponse` keeps one).
    package let head: ResponseHead
    /// The body in the parts the plan gives (one for a plain body).
    package let body: TimedBody
    /// What to report once the body has been delivered (the stub's webhooks fire then).
    package let completion: InProcessCompletion?

    package init(response: HTTPURLResponse, head: ResponseHead, body: TimedBody, completion: InProcessCompletion?) {
        self.response = response
        self.head = head
        self.body = body
        self.completion = completion
    }

    /// Waits each part's pause, then hands its bytes to `deliver`, in order; then fires the
    /// webhooks (also when the task is cancelled first) and carries out the body's ending.
    /// - Throws: the fault's `URLError` (see ``Understudy/Fault/urlErrorCode``) after the last
    ///   part for a `.fault` ending; `CancellationError` when the task is cancelled during a
    ///   pause or while the response is held open.
    ///
    /// Each part is due `delay` after the previous one was due (not after it was delivered), as
    /// the loopback server schedules them, so a late wake-up delays one part, not every one after.
    package func deliver(_ deliver: (Data) -> Void) async throws {
        let clock = ContinuousClock()
        var due = clock.now
        do {
            for part in body.parts {
                if part.delay > .zero {
                    due += part.delay
                    try await Task.sleep(until: due, clock: clock)
                }
                try Task.checkCancellation()
                // An empty part only marks a time (a stalled connection's wait).
                if !part.bytes.isEmpty { deliver(part.bytes) }
            }
        } catch {
            // The caller went away: the response is over, and its webhooks fire, as the
            // loopback server fires them when its client leaves.
            completion?.report()
            throw error
        }
        try await end(lastPartDue: due, clock: clock)
    }

    /// The whole body, once every part's pause has passed (the webhooks then fire) and the
    /// ending has been carried out; throws as ``deliver(_:)`` does.
    package func collect() async throws -> Data {
        guard !body.arrivesAtOnce else {
            completion?.report()
            return body.data
        }
        var data = Data()
        try await deliver { data.append($0) }
        return data
    }

    /// After the last part: the webhooks fire (after a fault too, as the loopback server fires
    /// them), then a fault is thrown, or a held-open response waits until the task is
    /// cancelled (`CancellationError`, as the client went away) or the cap has passed since
    /// the last part was due (it then ends normally).
    private func end(lastPartDue: ContinuousClock.Instant, clock: ContinuousClock) async throws {
        completion?.report()
        switch body.ending {
        case .complete:
            return
        case .fault(let fault):
            throw URLError(fault.urlErrorCode, userInfo: response.url.map { [NSURLErrorFailingURLErrorKey: $0] } ?? [:])
        case .heldOpen(let cap):
            try await Task.sleep(until: lastPartDue + cap, clock: clock)
        }
    }
}
