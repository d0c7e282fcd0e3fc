import Foundation
import Understudy
import UnderstudyJSON

/// What a served request's plan means for a gRPC call, following WireMock's gRPC extension
/// (`internal/UnaryServerCallHandler.java`): with no `grpc-status-name` header, an HTTP status
/// it maps (404, 401, 503, …) is that gRPC status; a `grpc-status-name` other than `OK` is that
/// status, with `grpc-status-reason` as its message; anything else is the body as JSON, encoded
/// as the method's output message. A JSON array is one message per element, for a method that
/// streams its answers (WireMock sends one message; Understudy sends them all). A stub whose
/// answer is `chunks` (an Understudy extension) sends each chunk's JSON as a message after the
/// chunk's `delayMilliseconds`, and its `thenFault` after the last: a reset mid-stream.
struct GRPCAnswer {
    enum Outcome: Sendable {
        /// Messages to send, encoded.
        case messages([[UInt8]])
        /// A status that ends the call.
        case status(GRPCStatus, String)
        /// A network fault instead of an answer.
        case fault(Fault)
    }

    /// How long to wait before the answer (the stub's delays).
    var delay: Duration
    /// How long to wait before each message after the first (a `chunkedDribbleDelay`'s total
    /// spread over the messages).
    var spacing: Duration
    /// The pause before each message, when the stub's chunks time them one by one (instead of
    /// ``spacing``).
    var pauses: [Duration]?
    /// The fault after the last message (the chunks' `thenFault`).
    var thenFault: Fault?
    var outcome: Outcome
    /// Whether no stub matched (its status message carries the near-miss report).
    var unmatched: Bool

    /// The message of an unmatched call: WireMock's, then the near-miss report.
    static let unmatchedMessage = "No matching stub mapping found for gRPC request"

    init(delay: Duration = .zero, spacing: Duration = .zero, _ outcome: Outcome, unmatched: Bool = false) {
        self.delay = delay
        self.spacing = spacing
        self.outcome = outcome
        self.unmatched = unmatched
    }

    /// The answer `served` makes to a call of `method`; a static stub's messages come from
    /// `cache` after the first call.
    init(_ served: ServedRequest, method: ServiceDescriptor.Method, codec: ProtoJSONCodec, cache: GRPCAnswerCache? = nil) {
        let delay = served.plan.delay
        switch served.plan.action {
        case .fault(let fault):
            self.init(delay: delay, .fault(fault))
        case .proxy:
            self.init(delay: delay, .status(.unimplemented, "Understudy does not proxy gRPC calls; stub the method instead"))
        case let .respond(head, body):
            if let name = head.headers["grpc-status-name"] {
                if name != GRPCStatus.ok.name {
                    let status = GRPCStatus(name: name)
                    let reason = head.headers["grpc-status-reason"] ?? ""
                    self.init(delay: delay, .status(status ?? .unknown, status == nil ? "unknown grpc-status-name \(name); \(reason)" : reason))
                    return
                }
            } else if let (status, message) = GRPCStatus.mapping(httpStatus: head.status) {
                if head.status == 404, !served.event.wasMatched {
                    let report = served.nearMisses?.text ?? String(decoding: body.data, as: UTF8.self)
                    self.init(delay: delay, .status(status, Self.unmatchedMessage + "\n\n" + report), unmatched: true)
                } else {
                    self.init(delay: delay, .status(status, message))
                }
                return
            }
            if case .chunks? = served.event.response.stream?.content {
                self.init(delay: delay, chunks: body, method: method, codec: codec)
                return
            }
            let outcome = if let cache, let key = served.plan.reusableKey {
                cache.outcome(for: key, outputType: method.outputType) { Self.messages(body.data, method: method, codec: codec) }
            } else {
                Self.messages(body.data, method: method, codec: codec)
            }
            var spacing = Duration.zero
            if case .messages(let messages) = outcome, messages.count > 1, let dribble = served.event.response.chunkedDribbleDelay {
                spacing = .milliseconds(dribble.totalDurationMilliseconds) / messages.count
            }
            self.init(delay: delay, spacing: spacing, outcome)
        }
    }

    /// A `chunks` answer: each chunk's JSON as messages, the first after the chunk's pause.
    private init(delay: Duration, chunks body: TimedBody, method: ServiceDescriptor.Method, codec: ProtoJSONCodec) {
        var messages: [[UInt8]] = []
        var pauses: [Duration] = []
        var pause = Duration.zero
        for part in body.parts {
            pause += part.delay
            // An empty part only marks a time.
            guard !part.bytes.isEmpty else { continue }
            switch Self.messages(part.bytes, method: method, codec: codec) {
            case .messages(let encoded):
                for message in encoded {
                    messages.append(message)
                    pauses.append(pause)
                    pause = .zero
                }
            case let outcome:
                self.init(delay: delay, outcome)
                return
            }
        }
        guard messages.count <= 1 || method.serverStreaming else {
            self.init(delay: delay, .status(.internal, "the stub answers with \(messages.count) chunks, but \(method.name) sends one \(method.outputType); answer with one"))
            return
        }
        self.init(delay: delay, .messages(messages))
        self.pauses = pauses
        if case .fault(let fault) = body.ending { thenFault = fault }
    }

    /// The body's JSON as the method's output messages.
    static func messages(_ body: Data, method: ServiceDescriptor.Method, codec: ProtoJSONCodec) -> Outcome {
        let json: JSONValue
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            json = .object(JSONObject())
        } else {
            do {
                json = try JSONValue(parsing: body)
            } catch {
                return .status(.internal, "the stub's answer is not JSON: \(error)")
            }
        }
        let elements: [JSONValue]
        if case .array(let array) = json, method.outputType != WellKnownType.listValue.rawValue {
            guard method.serverStreaming else {
                return .status(.internal, "the stub answers with a JSON array, but \(method.name) sends one \(method.outputType); answer with an object")
            }
            elements = array
        } else {
            elements = [json]
        }
        var messages: [[UInt8]] = []
        for (index, element) in elements.enumerated() {
            do {
                messages.append(try codec.message(fromJSON: element, type: method.outputType))
            } catch {
                let which = elements.count > 1 ? " (element \(index))" : ""
                return .status(.internal, "the stub's answer\(which) is not a \(method.outputType): \(error)")
            }
        }
        return .messages(messages)
    }
}
