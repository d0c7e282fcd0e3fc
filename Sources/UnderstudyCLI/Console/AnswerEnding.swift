import Understudy

/// How an answer ended, as its client saw it, read from the plan that was carried out: what
/// the request log says after the arrow. Every kind of ending the plan can hold is a case
/// here, so that a new one cannot be logged as a plain status by omission.
enum AnswerEnding: Sendable, Equatable {
    /// The whole response, with this status.
    case complete(status: Int)
    /// A fault instead of any response.
    case fault(Fault)
    /// The response began with this status and was cut by the fault after `bytes` bytes of
    /// its body; `stalled` when the connection first sent nothing more for a while (a network
    /// profile's stall).
    case cut(status: Int, Fault, afterBytes: Int, stalled: Bool)
    /// The response's body was sent, and the connection then held open.
    case heldOpen(status: Int)
    /// The client went away after `delivered` of the stream's `parts` parts.
    case clientLeft(status: Int, delivered: Int, parts: Int)
    /// A remote state store failed, and the 503 says so.
    case storeFailed(String)
    /// A gRPC call that ended with this `grpc-status` code (its trailer), whatever HTTP status
    /// the stub gave.
    case grpc(code: Int)

    /// The ending of `completion`'s answer.
    init(_ completion: ServeCompletion) {
        let event = completion.event
        if let failure = completion.storeFailure {
            self = .storeFailed("\(failure)")
            return
        }
        if let delivery = event.streamDelivery, delivery.clientLeftEarly {
            self = .clientLeft(status: event.status, delivered: delivery.partsDelivered, parts: delivery.parts)
            return
        }
        switch completion.plan.action {
        case .fault(let fault):
            self = .fault(fault)
        case .proxy:
            // The journal's final entry holds upstream's answer.
            self = .complete(status: event.status)
        case let .respond(head, body):
            // The gRPC serving hands its calls over with the trailers they ended with.
            if let code = head.headers["grpc-status"].flatMap({ Int($0) }) {
                self = .grpc(code: code)
                return
            }
            switch body.ending {
            case .complete:
                self = .complete(status: head.status)
            case .heldOpen:
                self = .heldOpen(status: head.status)
            case .fault(let fault):
                // A stall is an empty part that only marks the wait before the cut.
                let stalled = body.parts.last.map { $0.bytes.isEmpty && $0.delay > .zero } ?? false
                self = .cut(status: head.status, fault, afterBytes: body.parts.reduce(0) { $0 + $1.bytes.count }, stalled: stalled)
            }
        }
    }
}
