import Foundation

/// A request the mock has served, as a transport needs it in one piece: what happened (the
/// journal's entry) and how to answer (the plan), from one call to
/// ``HTTPMock/respond(to:using:)``.
package struct ServedRequest: Sendable {
    /// The journal's entry: the request, the stub that answered it, the response.
    package let event: ServeEvent
    /// How to answer: delays, fault, proxying or timed parts, and the webhooks to fire.
    package var plan: ResponsePlan
    /// Why no stub matched, for an unmatched request that no `onUnmatched` responder answered
    /// (the same report as the 404's body, made once).
    package let nearMisses: NearMissReport?
    /// What kept a remote store from serving the request, answered with a 503 that says so.
    package var storeFailure: (any Error)?
}

/// How a served request's answer ended, where the plan alone does not say: what the journal
/// keeps once the answer is over (``HTTPMock/finish(_:with:)``).
package enum ServeOutcome: Sendable {
    /// How much of a streamed answer reached the client.
    case streamed(StreamDelivery)
    /// What upstream answered to a proxied request (or the 502/504 given in its place), and
    /// when the pieces of its body arrived, where the transport saw them arrive.
    case proxied(ResponseDefinition, timeline: BodyTimeline? = nil)
}
