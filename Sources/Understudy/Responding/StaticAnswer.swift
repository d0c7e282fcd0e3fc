import Foundation
import UnderstudyClient

/// The planned head and body of a static stub's answer, worked out once when the stub is
/// added, so that serving it copies no headers and encodes no JSON: only its delays are drawn
/// per request. A class, so that serving passes one reference rather than copying the head,
/// body and answer kinds; its identity is the answer's ``ResponsePlan/reusableKey``.
final class StaticAnswer: Sendable {
    let head: ResponseHead
    let body: TimedBody
    let fixedDelayMilliseconds: Int?
    let delayDistribution: DelayDistribution?
    /// The answer kinds from outside the core the response carries (all static ones).
    let extensions: [AnyAnswerExtension]

    /// The answer of a stub whose response needs nothing from the request or the disk (no
    /// template, file, fault or proxy); `nil` otherwise.
    convenience init?(_ mapping: StubMapping, listsTemplating: Bool) {
        guard !listsTemplating, case .definition(let response) = mapping.response else { return nil }
        self.init(response, stub: mapping.identity)
    }

    /// The answer of a response that needs nothing from the request, the disk or the network
    /// (no answer kind made from the request, file, fault or proxy), served by `stub`; `nil` otherwise.
    init?(_ response: ResponseDefinition, stub: StubIdentity) {
        guard response.extensions.allSatisfy(\.value.isStatic), response.fault == nil, response.proxyBaseUrl == nil, let bytes = response.body.inlineData else { return nil }
        (head, body) = ResponsePlan.answer(response, bytes: bytes, stub: stub, isHead: false)
        fixedDelayMilliseconds = response.fixedDelayMilliseconds
        delayDistribution = response.delayDistribution
        extensions = response.extensions
    }

    /// The plan for one request: this answer after the delays drawn now (no body for `HEAD`),
    /// reusable (``ResponsePlan/reusableKey``, this answer) except for `HEAD`, whose answer is
    /// not the others'.
    func plan(for method: HTTPMethod, delays: GlobalDelays, using generator: inout some RandomNumberGenerator) -> ResponsePlan {
        let delay = delays.delay(fixed: fixedDelayMilliseconds, distribution: delayDistribution, using: &generator)
        guard method != .head else { return ResponsePlan(delay: delay, action: .respond(head, TimedBody(parts: []))) }
        var plan = ResponsePlan(delay: delay, action: .respond(head, body))
        plan.reusableKey = self
        return plan
    }
}
