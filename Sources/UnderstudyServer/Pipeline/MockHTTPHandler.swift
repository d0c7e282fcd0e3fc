import Foundation
import NIOCore
import NIOHTTP1
import Understudy
import UnderstudySupport

/// Turns HTTP/1.1 requests into ``RecordedRequest``s, asks the mock (or the admin API) for
/// the plan of the answer, and carries the plan out: delay, then a fault, a proxy exchange or
/// the planned head and timed body. One instance per connection; every method runs on the
/// connection's event loop.
final class MockHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: ServerContext
    /// `http`, or `https` behind TLS: what the journal records and stubs match on.
    private let scheme: String
    private let reader: RequestReader
    private let writer: ResponseWriter
    private var generator = SystemRandomNumberGenerator()
    // Request ids need only be unique within a journal, not unpredictable: a seeded generator
    // per connection saves a system random draw (a syscall) per request.
    private var requestIDs: SplitMix64 = {
        var system = SystemRandomNumberGenerator()
        return SplitMix64(seed: system.next())
    }()
    /// `ip:port` of the client, worked out once per connection.
    private var clientAddress = "unknown"
    /// The request being forwarded upstream, while a proxy stub answers.
    private var proxy: ProxyExchange?
    /// The dashboard's live feed, once the connection has asked for it (it then carries
    /// nothing else).
    private var dashboard: DashboardStream?

    /// Whether the channel is one HTTP/2 stream of a connection.
    private let onHTTP2Stream: Bool

    init(context: ServerContext, scheme: String = "http", onHTTP2Stream: Bool = false) {
        self.server = context
        self.scheme = scheme
        self.onHTTP2Stream = onHTTP2Stream
        self.reader = RequestReader(configuration: context.configuration)
        self.writer = ResponseWriter(reader: reader, onHTTP2Stream: onHTTP2Stream)
    }

    /// Whether the connection's start (client address, request timer) has been handled.
    private var started = false

    func handlerAdded(context: ChannelHandlerContext) {
        // Behind TLS and ALPN the handler is added to a connection that is already active, and
        // `channelActive` never comes.
        if context.channel.isActive { start(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    private func start(context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        clientAddress = RecordedRequest.clientAddress(of: context.channel)
        reader.start(context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    /// Taken out of the pipeline (a WebSocket upgrade): the timers of a request that will never
    /// come must not close the socket.
    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    private func stop() {
        reader.stop()
        writer.stop()
        proxy?.cancel()
        proxy = nil
        dashboard?.stop()
        dashboard = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if onHTTP2Stream, case .head(let head) = part, let takeover = server.configuration.streamTakeover(for: head) {
            handOver(to: takeover, head: part, context: context)
            return
        }
        if case let .complete(head, body) = reader.read(part, context: context) {
            respond(to: head, body: body, context: context)
        }
    }

    /// Puts the takeover's handler in this handler's place and hands it the request's head
    /// (the rest of the stream goes to it directly).
    private func handOver(to takeover: StreamTakeover, head: HTTPServerRequestPart, context: ChannelHandlerContext) {
        let handler = takeover.makeHandler(StreamTakeoverContext(server: server, scheme: scheme, clientAddress: clientAddress))
        do {
            try context.pipeline.syncOperations.addHandler(handler, position: .after(self))
        } catch {
            context.close(promise: nil)
            return
        }
        context.fireChannelRead(NIOAny(head))
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { dashboard?.drain() }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, reader.isIdle {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func respond(to head: HTTPRequestHead, body: ByteBuffer, context: ChannelHandlerContext) {
        let started = NIODeadline.now()
        writer.startResponse()
        let request = recordedRequest(head, body: body, channel: context.channel)
        guard server.configuration.adminEnabled, AdminAPI.isAdmin(path: request.path) else {
            if server.configuration.stubCORS, let preflight = StubCORS.preflightAnswer(to: request) {
                carryOut(adminPlan(preflight, to: request), served: nil, head: head, startedAt: started, context: context)
                return
            }
            switch server.serve(request, on: context.eventLoop) {
            case .now(let served):
                carryOut(served, to: request, head: head, startedAt: started, context: context)
            case .later(let served):
                served.assumeIsolated().whenSuccess { served in
                    self.carryOut(served, to: request, head: head, startedAt: started, context: context)
                }
            }
            return
        }
        let admitted = server.adminToken.map { $0.admits(request) } != false
        if admitted, DashboardStream.isRequested(by: request) {
            let stream = DashboardStream(context: context, feed: server.adminState.dashboardFeed)
            dashboard = stream
            stream.start(answering: head, mock: server.mock)
            return
        }
        if admitted, let endpoint = server.configuration.adminExtension(for: request) {
            // A program's own endpoint may take its time: it runs off the event loop.
            adminAnswer(to: request, head: head, startedAt: started, context: context).completeWithTask { await endpoint.handler(request) }
            return
        }
        let api = AdminAPI(mock: server.mock, requestShutdown: server.requestShutdown, state: server.adminState,
                           certificateAuthorityPEM: server.configuration.secureTransport?.certificateAuthorityPEM)
        if admitted, let work = api.waitingWork(for: request) {
            // `/messages/wait`: waits off the event loop.
            adminAnswer(to: request, head: head, startedAt: started, context: context).completeWithTask { await work() }
            return
        }
        if admitted {
            // A call may read or write files (a reset loads the root's mappings again, a save
            // writes them) and a remote store's round trips block: every call runs on a
            // Dispatch thread, and what the store fails answers the call.
            adminAnswer(to: request, head: head, startedAt: started, context: context).completeWith(server.runBlocking(on: context.eventLoop) {
                let (response, failure) = StoreFailures.collecting { api.handle(request) }
                return failure.map(AdminError.storeFailed)?.response ?? response
            })
            return
        }
        carryOut(adminPlan(AdminToken.unauthorized(for: request), to: request), served: nil, head: head, startedAt: started, context: context)
    }

    /// A promise of an admin call's answer, made off the event loop; the answer is carried out
    /// back on it when the promise is kept.
    private func adminAnswer(to request: RecordedRequest, head: HTTPRequestHead, startedAt started: NIODeadline,
                             context: ChannelHandlerContext) -> EventLoopPromise<ResponseDefinition> {
        let answer = context.eventLoop.makePromise(of: ResponseDefinition.self)
        answer.futureResult.assumeIsolated().whenSuccess { response in
            self.carryOut(self.adminPlan(response, to: request), served: nil, head: head, startedAt: started, context: context)
        }
        return answer
    }

    /// Carries out a stub's answer (with the CORS headers, when the server adds them).
    private func carryOut(_ served: ServedRequest, to request: RecordedRequest, head: HTTPRequestHead, startedAt started: NIODeadline,
                          context: ChannelHandlerContext) {
        var plan = served.plan
        if server.configuration.stubCORS { StubCORS.decorate(&plan, for: request) }
        carryOut(plan, served: served, head: head, startedAt: started, context: context)
    }

    private func adminPlan(_ response: ResponseDefinition, to request: RecordedRequest) -> ResponsePlan {
        ResponsePlan.make(for: response, to: request, stub: nil, bodyData: { try $0.bodyData(root: nil) }, using: &generator)
    }

    /// Waits the plan's delay, then carries out its action.
    private func carryOut(_ plan: ResponsePlan, served: ServedRequest?, head: HTTPRequestHead, startedAt started: NIODeadline,
                          context: ChannelHandlerContext) {
        let event = served?.event
        let finished = completion(of: plan, for: served, startedAt: started)
        if plan.delay > .zero {
            context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(plan.delay)) {
                self.perform(plan, head: head, event: event, context: context, then: finished)
            }
        } else {
            perform(plan, head: head, event: event, context: context, then: finished)
        }
    }

    /// What runs once the response is over, however it ended, given the journal's entry when
    /// the answer already recorded its end (a proxied one): the mock's one completion, which
    /// records a stream's delivery, fires the stub's webhooks and tells the serve listeners
    /// (the console log, the dashboard). `nil` when there is nothing to do.
    private func completion(of plan: ResponsePlan, for served: ServedRequest?, startedAt started: NIODeadline) -> ((ServeEvent?) -> Void)? {
        guard var served else { return nil }
        served.plan = plan
        let mock = server.mock
        let webhooks = plan.webhooks
        let listened = mock.hasCompletionListeners
        let streamedParts: Int? = if case .respond(_, let body) = plan.action, body.isStream { body.parts.count } else { nil }
        guard webhooks != nil || listened || streamedParts != nil else { return nil }
        let (upstream, writer, transport) = (server.upstream, self.writer, server.transport)
        return { recorded in
            // No delivery recorded: the client left before the stream began (during a delay).
            let delivery = streamedParts.map { writer.streamDelivery ?? StreamDelivery(partsDelivered: 0, parts: $0, clientLeftEarly: true) }
            let elapsed = Duration.nanoseconds((NIODeadline.now() - started).nanoseconds)
            let complete: @Sendable () -> Void = { [served] in
                mock.complete(served, recorded: recorded, delivery: delivery, elapsed: elapsed, transport: transport, defaultSender: upstream)
            }
            // A shared store is a round trip away: the delivery is recorded and the listeners'
            // work (the dashboard's near misses) done off the event loop (the client has the
            // whole answer already).
            if delivery != nil || listened, mock.sharesStateRemotely {
                StoreRoundTrip.detach(complete)
            } else {
                complete()
            }
        }
    }

    private func perform(_ plan: ResponsePlan, head: HTTPRequestHead, event: ServeEvent?, context: ChannelHandlerContext,
                         then finished: ((ServeEvent?) -> Void)?) {
        let done = finished.map { finished in { finished(nil) } }
        guard context.channel.isActive else {
            done?()
            return
        }
        switch plan.action {
        case .fault(let fault):
            FaultWriter.perform(fault, context: context, onHTTP2Stream: onHTTP2Stream)
            done?()
        case .proxy(var request):
            guard let event else { return }
            if server.configuration.proxyPreservesHostHeader, let host = head.headers.first(name: "Host") {
                request.headers.replaceOrAdd(name: "Host", value: host)
            }
            let exchange = ProxyExchange(request, for: head, event: event, server: server, writer: writer, context: context,
                                         then: finished)
            proxy = exchange
            exchange.start()
        case let .respond(planned, body):
            writer.write(planned, body, reusableKey: plan.reusableKey, for: head, context: context, then: done)
        }
    }

    private func recordedRequest(_ head: HTTPRequestHead, body: ByteBuffer, channel: any Channel) -> RecordedRequest {
        RecordedRequest(head, body: body, scheme: scheme, channel: channel, id: UUID.version4(using: &requestIDs), clientAddress: clientAddress)
    }
}
