import Foundation
import NIOCore
import NIOHTTP1
import Understudy
import UnderstudyJSON
import UnderstudyServer

/// Serves one gRPC call on an HTTP/2 stream: reads its length-prefixed messages as they
/// arrive, turns each into JSON by the method's descriptor and serves it as
/// `POST /<package.Service>/<Method>` with that JSON body (so the journal, matching, templating
/// and near misses work on it), then answers with the output messages and the `grpc-status`
/// and `grpc-message` trailers.
///
/// - Unary and server-streaming calls are served once the client has sent its message.
/// - Client-streaming calls serve each message as it arrives until one is answered with a
///   message; that answer is sent when the client is done (WireMock's
///   `internal/ClientStreamingServerCallHandler.java`).
/// - Bidirectional calls serve each message as it arrives and send its answer at once.
///
/// Answers are sent in order, each after its stub's delay; a wait is due after the previous
/// step was due, not after it ran, so a late wake-up of the event loop delays one message of a
/// stream and not every message after it. `grpc-timeout` ends the call with
/// `DEADLINE_EXCEEDED`. Every method runs on the stream's event loop.
final class GRPCStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// One thing to do, in order, on the way out.
    private enum Step {
        case wait(Duration)
        case send([UInt8])
        case finish(GRPCStatus, String)
        case fault(Fault)
    }

    /// The services the server answers itself, when no descriptor set describes them.
    private enum BuiltIn {
        case reflection, healthCheck, healthWatch

        init?(path: String) {
            if GRPCReflection.paths.contains(path) { self = .reflection }
            else if path == GRPCHealth.checkPath { self = .healthCheck }
            else if path == GRPCHealth.watchPath { self = .healthWatch }
            else { return nil }
        }
    }

    private let server: StreamTakeoverContext
    private var builtIn: (service: BuiltIn, pool: DescriptorPool)?
    private let services: GRPCServices
    private var head: HTTPRequestHead?
    private var call: (method: ServiceDescriptor.Method, codec: ProtoJSONCodec)?
    private var framer: GRPCMessageFramer
    /// Messages received and not yet served.
    private var incoming: [[UInt8]] = []
    /// Every message received, for the unary kinds (served once the client is done).
    private var received: [[UInt8]] = []
    /// The steps queued; those before ``nextStep`` are done (taken from the front by index: a
    /// stream of many messages must not move the rest of its steps at every one).
    private var steps: [Step] = []
    private var nextStep = 0
    /// When the last step was due: the next wait counts from it.
    // Counting from when the step ran made lateness add up along a stream: 1 000 streams' last
    // messages were 260 ms late at 20 000 messages a second (Benchmarks/grpc-streams-benchmark.sh).
    private var due: NIODeadline?
    private var serving = false
    private var waiting: Scheduled<Void>?
    private var deadline: Scheduled<Void>?
    private var clientDone = false
    /// Whether the call's last answer is queued: the call ends with `OK` once the steps are done.
    private var answered = false
    private var sentHead = false
    private var finished = false
    /// A client-streaming call's answer so far (WireMock's: the first message answered, else
    /// the last status, else the last near miss).
    private var clientStreamAnswer: GRPCAnswer?
    private var served: [(ServedRequest, NIODeadline)] = []
    /// The status the call ended with, once it has (not when a fault or the client ended it).
    private var ending: (status: GRPCStatus, message: String)?

    init(server: StreamTakeoverContext, services: GRPCServices) {
        self.server = server
        self.services = services
        self.framer = GRPCMessageFramer(maxMessageBytes: server.configuration.maxRequestBodyBytes)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { stop() }

    private func stop() {
        finished = true
        waiting?.cancel()
        deadline?.cancel()
        completeServed()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finished else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            start(head, context: context)
        case .body(let buffer):
            guard call != nil || builtIn != nil else { return }
            do {
                let messages = try framer.append(buffer.readableBytesView)
                for message in messages { receive(message, context: context) }
            } catch {
                let reason = switch error {
                case .compressed: "compressed messages are not supported; send them uncompressed"
                case .tooLarge(let length): "a message of \(length) bytes is more than the \(server.configuration.maxRequestBodyBytes) bytes allowed"
                case .malformed: "the request is not length-prefixed gRPC messages"
                }
                fail(error == .compressed ? .unimplemented : error == .malformed ? .internal : .resourceExhausted, reason, context: context)
            }
        case .end:
            guard call != nil || builtIn != nil else { return }
            clientDone = true
            if framer.hasPartialMessage {
                fail(.internal, "the request ended inside a message", context: context)
                return
            }
            if builtIn != nil { return endBuiltIn(context: context) }
            advance(context: context)
        }
    }

    private func start(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        self.head = head
        if let timeout = head.headers.first(name: "grpc-timeout").flatMap(GRPCTimeout.parse) {
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(saturating: timeout)) {
                self.fail(.deadlineExceeded, "Deadline exceeded", context: context)
            }
        }
        let path = String(head.uri.split(separator: "?", maxSplits: 1).first ?? "")
        let pool = services.pool
        guard head.method == .POST, let (_, method) = pool.method(forPath: path) else {
            if head.method == .POST, let service = BuiltIn(path: path) {
                builtIn = (service, pool)
                return
            }
            let name = path.hasPrefix("/") ? String(path.dropFirst()) : path
            fail(.unimplemented, "Method not found: \(name)", context: context)
            return
        }
        call = (method, ProtoJSONCodec(pool: pool))
    }

    private func receive(_ message: [UInt8], context: ChannelHandlerContext) {
        if let builtIn { return receiveBuiltIn(message, service: builtIn.service, pool: builtIn.pool, context: context) }
        guard let call else { return }
        if call.method.clientStreaming {
            incoming.append(message)
        } else {
            received.append(message)
        }
        advance(context: context)
    }

    /// Serves what can be served next, or ends the call when everything is done.
    private func advance(context: ChannelHandlerContext) {
        guard !finished, let call, !serving else { return }
        if call.method.clientStreaming {
            if !incoming.isEmpty {
                let message = incoming.removeFirst()
                if !call.method.serverStreaming, clientStreamAnswer.map(Self.answersWithMessages) == true {
                    // WireMock's: once a message is answered, later ones are not matched.
                    advance(context: context)
                    return
                }
                serve(message, context: context)
                return
            }
            guard clientDone, !answered else { return finishIfDone(context: context) }
            answered = true
            if !call.method.serverStreaming {
                queue(clientStreamAnswer ?? GRPCAnswer(.status(.unimplemented, GRPCAnswer.unmatchedMessage)), context: context)
            } else {
                runSteps(context: context)
            }
            return
        }
        guard clientDone, !answered else { return finishIfDone(context: context) }
        answered = true
        guard received.count == 1 else {
            let problem = received.isEmpty ? "the client sent no request message" : "the client sent \(received.count) request messages to a call that takes one"
            fail(.internal, problem, context: context)
            return
        }
        serve(received[0], context: context)
    }

    private func finishIfDone(context: ChannelHandlerContext) {
        if answered, !hasSteps, waiting == nil, !serving { finish(.ok, "", context: context) }
    }

    private static func answersWithMessages(_ answer: GRPCAnswer) -> Bool {
        if case .messages = answer.outcome { true } else { false }
    }

    /// Serves one message through the mock, then queues (or, client streaming, keeps) its answer.
    private func serve(_ message: [UInt8], context: ChannelHandlerContext) {
        guard let call, let head else { return }
        let json: JSONValue
        do {
            json = try call.codec.json(fromMessage: message, type: call.method.inputType)
        } catch {
            fail(.internal, "the request is not a \(call.method.inputType): \(error)", context: context)
            return
        }
        var request = head
        request.headers.replaceOrAdd(name: "content-type", value: "application/json")
        let recorded = server.recordedRequest(request, body: json.jsonData(pretty: true), channel: context.channel)
        serving = true
        let arrived = NIODeadline.now()
        server.serve(recorded, on: context.eventLoop).assumeIsolated().whenSuccess { served in
            self.serving = false
            guard !self.finished else {
                self.server.complete(served, elapsed: .zero)
                return
            }
            self.served.append((served, arrived))
            let answer = GRPCAnswer(served, method: call.method, codec: call.codec, cache: self.services.answers)
            if call.method.clientStreaming && !call.method.serverStreaming {
                self.keep(answer)
            } else {
                self.queue(answer, context: context)
            }
            self.advance(context: context)
        }
    }

    /// A client-streaming call's answer: a message answer wins, and stays; a status replaces an
    /// earlier status or near miss; a near miss replaces only another near miss.
    private func keep(_ answer: GRPCAnswer) {
        guard let kept = clientStreamAnswer else {
            clientStreamAnswer = answer
            return
        }
        if Self.answersWithMessages(kept) { return }
        if Self.answersWithMessages(answer) || !answer.unmatched || kept.unmatched { clientStreamAnswer = answer }
    }

    private func queue(_ answer: GRPCAnswer, context: ChannelHandlerContext) {
        // An answer queued behind others waits after them; one queued on its own, from now.
        if !hasSteps, waiting == nil { due = context.eventLoop.now }
        if answer.delay > .zero { steps.append(.wait(answer.delay)) }
        switch answer.outcome {
        case .messages(let messages):
            for (index, message) in messages.enumerated() {
                let pause = answer.pauses.map { index < $0.count ? $0[index] : .zero } ?? (index > 0 ? answer.spacing : .zero)
                if pause > .zero { steps.append(.wait(pause)) }
                steps.append(.send(message))
            }
            if let fault = answer.thenFault { steps.append(.fault(fault)) }
        case let .status(status, message):
            steps.append(.finish(status, message))
        case .fault(let fault):
            steps.append(.fault(fault))
        }
        runSteps(context: context)
    }

    private var hasSteps: Bool { nextStep < steps.count }

    private func dropSteps() {
        steps.removeAll(keepingCapacity: true)
        nextStep = 0
    }

    private func runSteps(context: ChannelHandlerContext) {
        while !finished, waiting == nil, hasSteps {
            let step = steps[nextStep]
            nextStep += 1
            if nextStep == steps.count { dropSteps() }
            switch step {
            case .wait(let duration):
                let deadline = (due ?? context.eventLoop.now) + TimeAmount(saturating: duration)
                due = deadline
                waiting = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
                    self.waiting = nil
                    self.runSteps(context: context)
                }
            case .send(let message):
                write(message, context: context)
            case let .finish(status, message):
                finish(status, message, context: context)
            case .fault(let fault):
                server.perform(fault, afterHead: sentHead, context: context)
                stop()
            }
        }
        if !finished, waiting == nil, !hasSteps { advance(context: context) }
    }

    /// A message to reflection or health, answered at once (health's `Check` once the client is done).
    private func receiveBuiltIn(_ message: [UInt8], service: BuiltIn, pool: DescriptorPool, context: ChannelHandlerContext) {
        do {
            switch service {
            case .reflection:
                write(try GRPCReflection.answer(message, pool: pool), context: context)
            case .healthCheck:
                received.append(message)
            case .healthWatch:
                let known = GRPCHealth.knows(try GRPCHealth.service(in: message), pool: pool)
                write(GRPCHealth.response(known ? GRPCHealth.serving : GRPCHealth.serviceUnknown), context: context)
            }
        } catch {
            fail(.internal, "the request is not a message of this service: \(error)", context: context)
        }
    }

    private func endBuiltIn(context: ChannelHandlerContext) {
        guard let builtIn else { return }
        switch builtIn.service {
        case .reflection:
            finish(.ok, "", context: context)
        case .healthCheck:
            guard received.count == 1, let service = try? GRPCHealth.service(in: received[0]) else {
                return fail(.internal, "a health check takes one HealthCheckRequest", context: context)
            }
            guard GRPCHealth.knows(service, pool: builtIn.pool) else { return fail(.notFound, "unknown service \(service)", context: context) }
            write(GRPCHealth.response(GRPCHealth.serving), context: context)
            finish(.ok, "", context: context)
        case .healthWatch:
            // A watch stays open until the client leaves or its deadline passes.
            break
        }
    }

    private func write(_ message: [UInt8], context: ChannelHandlerContext) {
        writeHead(context: context)
        var buffer = context.channel.allocator.buffer(capacity: message.count + 5)
        buffer.writeBytes(GRPCMessageFramer.frame(message))
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    }

    private func writeHead(context: ChannelHandlerContext) {
        guard !sentHead else { return }
        sentHead = true
        let headers = NIOHTTP1.HTTPHeaders([("content-type", "application/grpc")])
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http2, status: .ok, headers: headers))), promise: nil)
    }

    /// Ends the call at once with `status` (whatever was still to be sent is dropped).
    private func fail(_ status: GRPCStatus, _ message: String, context: ChannelHandlerContext) {
        dropSteps()
        waiting?.cancel()
        waiting = nil
        finish(status, message, context: context)
    }

    private func finish(_ status: GRPCStatus, _ message: String, context: ChannelHandlerContext) {
        guard !finished else { return }
        writeHead(context: context)
        var trailers = NIOHTTP1.HTTPHeaders([("grpc-status", String(status.code))])
        if !message.isEmpty { trailers.add(name: "grpc-message", value: GRPCStatus.percentEncoded(message)) }
        context.writeAndFlush(wrapOutboundOut(.end(trailers)), promise: nil)
        ending = (status, message)
        stop()
    }

    /// Tells the mock that the served requests' answers are over. The serve listeners (the
    /// console log, the dashboard) hear each with the call's `grpc-status` and `grpc-message`
    /// trailers among its answer's headers, when the call ended with a status.
    private func completeServed() {
        let now = NIODeadline.now()
        for (served, arrived) in served {
            server.complete(Self.withTrailers(served, ending), elapsed: .nanoseconds((now - arrived).nanoseconds))
        }
        served.removeAll()
    }

    private static func withTrailers(_ served: ServedRequest, _ ending: (status: GRPCStatus, message: String)?) -> ServedRequest {
        guard let ending, case .respond(var head, let body) = served.plan.action else { return served }
        head.headers.replaceOrAdd(name: "grpc-status", value: String(ending.status.code))
        if !ending.message.isEmpty { head.headers.replaceOrAdd(name: "grpc-message", value: ending.message) }
        var served = served
        served.plan.action = .respond(head, body)
        return served
    }
}

extension TimeAmount {
    /// `duration` in NIO's nanoseconds, the largest amount when it is longer.
    init(saturating duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        self = .nanoseconds(overflow || overflowAgain ? (seconds < 0 ? .min : .max) : total)
    }
}
