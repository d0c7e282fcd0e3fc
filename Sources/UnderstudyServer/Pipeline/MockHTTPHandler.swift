import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Understudy

/// Turns HTTP/1.1 request parts into ``RecordedRequest``s, asks the mock (or the admin API)
/// what to answer, and writes the answer: delays, dribbled bodies and faults included.
/// One instance per connection; every method runs on the connection's event loop.
final class MockHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        /// Between requests: the head-read timer runs.
        case waitingForHead
        /// Collecting the body of a request.
        case receiving(HTTPRequestHead, ByteBuffer)
        /// The request was refused (too large); its remaining parts are dropped.
        case rejecting
        /// A response is being written.
        case responding
    }

    private let server: ServerContext
    private var state = State.waitingForHead
    /// Fires at most once per timeout period; it closes the connection when it has been
    /// waiting for a request head for longer than the timeout, and otherwise re-arms itself.
    /// (Scheduling and cancelling a timer per request was measurably slow.)
    private var headTimer: Scheduled<Void>?
    /// Since when the connection has been waiting for a request head; `nil` while a request is in progress.
    private var waitingSince: NIODeadline? = .now()
    private var generator = SystemRandomNumberGenerator()
    /// Request ids need only be unique within a journal, not unpredictable: a seeded generator
    /// per connection saves a system random draw (a syscall) per request.
    private var requestIDs: SplitMix64 = {
        var system = SystemRandomNumberGenerator()
        return SplitMix64(seed: system.next())
    }()
    /// `ip:port` of the client, worked out once per connection.
    private var clientAddress = "unknown"
    /// The request being forwarded upstream, while a proxy stub answers.
    private var proxyExchange: ProxyExchange?
    /// The handler's context, kept for the proxy callbacks.
    private var context: ChannelHandlerContext?

    /// A proxied request in flight: what the client asked, what upstream has answered so far.
    private struct ProxyExchange {
        let requestHead: HTTPRequestHead
        let event: ServeEvent
        let proxy: ProxyRequest
        var task: HTTPClient.Task<Void>?
        var responseHead: HTTPResponseHead?
        /// Upstream's body as far as the journal keeps it.
        var captured: ByteBuffer
        var capturedAll = true
        /// Upstream's `Content-Length`, when it sent one.
        var expectedLength: Int?
        var receivedBytes = 0
        /// The piece that completes a `Content-Length` body, held back until upstream finishes:
        /// the client sees the end of such a body with its last byte, and the journal must have
        /// upstream's answer by then. (A chunked body ends with the server's own last chunk.)
        var heldBack: ByteBuffer?
    }

    init(context: ServerContext) { self.server = context }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelActive(context: ChannelHandlerContext) {
        clientAddress = context.channel.remoteAddress.map { "\($0.ipAddress ?? "unknown"):\($0.port ?? 0)" } ?? "unknown"
        waitingSince = .now()
        armHeadTimer(at: .now() + TimeAmount(server.configuration.headerReadTimeout), context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        headTimer?.cancel()
        proxyExchange?.task?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            waitingSince = nil
            let limit = server.configuration.maxRequestBodyBytes
            if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                reject(context: context, version: head.version, status: .payloadTooLarge,
                       "Request body of \(length) bytes is over the limit of \(limit) bytes.\n")
                return
            }
            if head.headers.first(name: "Expect")?.lowercased() == "100-continue" {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            }
            state = .receiving(head, context.channel.allocator.buffer(capacity: 0))
        case .body(var chunk):
            guard case .receiving(let head, var body) = state else { return }
            let limit = server.configuration.maxRequestBodyBytes
            if body.readableBytes + chunk.readableBytes > limit {
                reject(context: context, version: head.version, status: .payloadTooLarge,
                       "Request body is over the limit of \(limit) bytes.\n")
                return
            }
            state = .responding // drop the reference so the buffer is not copied on write
            body.writeBuffer(&chunk)
            state = .receiving(head, body)
        case .end:
            guard case .receiving(let head, let body) = state else { return }
            state = .responding
            respond(to: head, body: body, context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, case .waitingForHead = state {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: Responding

    private func respond(to head: HTTPRequestHead, body: ByteBuffer, context: ChannelHandlerContext) {
        let request = recordedRequest(head, body: body, channel: context.channel)
        let plan: ResponsePlan
        let isHead = head.method == .HEAD
        var event: ServeEvent?
        if server.configuration.adminEnabled, request.path == "/__admin" || request.path.hasPrefix("/__admin/") {
            let response = server.adminToken.map { $0.admits(request) } == false
                ? AdminToken.unauthorized
                : AdminAPI(mock: server.mock, requestShutdown: server.requestShutdown, state: server.adminState).handle(request)
            plan = ResponsePlan.make(for: response, to: request, stub: nil, bodyData: { try $0.bodyData(root: nil) },
                                     isHead: isHead, using: &generator)
        } else {
            let served = server.mock.serve(request)
            let mock = server.mock
            event = served
            plan = ResponsePlan.make(for: served.response, to: request, stub: served.stubIdentity,
                                     bodyData: { try mock.bodyData(for: $0) }, isHead: isHead, using: &generator)
        }
        if plan.delay > .zero {
            context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(plan.delay)) {
                self.perform(plan.action, head: head, event: event, context: context)
            }
        } else {
            perform(plan.action, head: head, event: event, context: context)
        }
    }

    private func perform(_ action: ResponsePlan.Action, head: HTTPRequestHead, event: ServeEvent?, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        switch action {
        case .fault(let fault):
            FaultWriter.perform(fault, context: context)
        case .proxy(let proxy):
            guard let event else { return }
            startProxying(proxy, head: head, event: event, context: context)
        case let .respond(status, reason, headers, body, chunks, interval):
            var responseHead = HTTPResponseHead(version: head.version, status: Self.status(status, reason))
            for field in headers { responseHead.headers.add(name: field.name, value: field.value) }
            let keepAlive = head.isKeepAlive
            if !keepAlive { responseHead.headers.replaceOrAdd(name: "Connection", value: "close") }
            context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
            writeBody(body, chunks: chunks, interval: interval, keepAlive: keepAlive, context: context)
        }
    }

    /// Writes the body in `chunks` pieces, `interval` apart, then ends the response.
    private func writeBody(_ body: Data, chunks: Int, interval: Duration, keepAlive: Bool, context: ChannelHandlerContext) {
        guard chunks > 1 else {
            // One piece: no flush until the end, so the whole response leaves in one write.
            if !body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
            }
            finish(keepAlive: keepAlive, context: context)
            return
        }
        let chunkSize = (body.count + chunks - 1) / chunks
        var offset = 0
        func writeNext() {
            guard context.channel.isActive else { return }
            if body.count > offset {
                let end = min(body.count, offset + max(chunkSize, 1))
                let buffer = context.channel.allocator.buffer(bytes: body[body.startIndex + offset ..< body.startIndex + end])
                offset = end
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
                if interval > .zero, body.count > offset {
                    context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(interval)) { writeNext() }
                    return
                }
                if body.count > offset {
                    writeNext()
                    return
                }
            }
            finish(keepAlive: keepAlive, context: context)
        }
        writeNext()
    }

    private func finish(keepAlive: Bool, context: ChannelHandlerContext) {
        if keepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            state = .waitingForHead
            waitingSince = .now()
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }

    // MARK: Proxying

    private func startProxying(_ proxy: ProxyRequest, head: HTTPRequestHead, event: ServeEvent, context: ChannelHandlerContext) {
        proxyExchange = ProxyExchange(requestHead: head, event: event, proxy: proxy,
                                      captured: context.channel.allocator.buffer(capacity: 0))
        do {
            let task = try server.upstream.forward(proxy, delegate: ProxyResponseDelegate(sink: self, eventLoop: context.eventLoop),
                                                   on: context.eventLoop)
            proxyExchange?.task = task
        } catch {
            proxyExchange = nil
            answerProxyFailure(ProxyExchange(requestHead: head, event: event, proxy: proxy,
                                             captured: context.channel.allocator.buffer(capacity: 0)),
                               error: error, badTarget: true, context: context)
        }
    }

    /// Upstream's answer as the journal keeps it.
    private static func journaledResponse(_ exchange: ProxyExchange) -> ResponseDefinition {
        guard let head = exchange.responseHead else { return ResponseDefinition(status: 502) }
        var headers = Understudy.HTTPHeaders()
        for (name, value) in head.headers { headers.add(name: name, value: value) }
        let body = Data(exchange.captured.readableBytesView)
        return ResponseDefinition(status: Int(head.status.code), statusMessage: head.status.reasonPhrase,
                                  headers: headers, body: body.isEmpty ? .none : .binary(body))
    }

    /// Answers 502 (upstream unreachable or not a URL) or 504 (upstream too slow), naming the
    /// stub, the upstream URL and the way out.
    private func answerProxyFailure(_ exchange: ProxyExchange, error: any Error, badTarget: Bool = false, context: ChannelHandlerContext) {
        let kind: ProxyRequest.FailureKind
        if badTarget {
            kind = .badURL
        } else if let clientError = error as? HTTPClientError, [.deadlineExceeded, .readTimeout, .connectTimeout].contains(clientError) {
            kind = .timedOut(limit: server.upstream.responseTimeout)
        } else {
            kind = .unreachable
        }
        let response = exchange.proxy.failureResponse(stub: exchange.event.stub?.label ?? "", cause: "\(error)", kind: kind)
        server.mock.recordProxiedResponse(response, for: exchange.event)
        let text = (try? response.bodyData(root: nil)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        perform(ResponsePlan.plainText(status: response.status, text), head: exchange.requestHead, event: nil, context: context)
    }

    private func reject(context: ChannelHandlerContext, version: HTTPVersion, status: HTTPResponseStatus, _ text: String) {
        state = .rejecting
        var head = HTTPResponseHead(version: version, status: status)
        head.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        head.headers.add(name: "Content-Length", value: String(text.utf8.count))
        head.headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: text)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    private func armHeadTimer(at deadline: NIODeadline, context: ChannelHandlerContext) {
        headTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            let timeout = TimeAmount(self.server.configuration.headerReadTimeout)
            if case .waitingForHead = self.state, let since = self.waitingSince, since + timeout <= .now() {
                context.close(promise: nil)
                return
            }
            self.armHeadTimer(at: (self.waitingSince ?? .now()) + timeout, context: context)
        }
    }

    // MARK: Translation

    private func recordedRequest(_ head: HTTPRequestHead, body: ByteBuffer, channel: any Channel) -> RecordedRequest {
        var headers = Understudy.HTTPHeaders()
        for (name, value) in head.headers { headers.add(name: name, value: value) }
        let url: String
        if head.uri.hasPrefix("/"), headers["Host"] == nil, let local = channel.localAddress {
            url = "http://\(local.ipAddress ?? "127.0.0.1"):\(local.port ?? 80)\(head.uri)"
        } else {
            url = head.uri
        }
        return RecordedRequest(id: UUID.version4(using: &requestIDs), method: Understudy.HTTPMethod(head.method.rawValue),
                               url: url, headers: headers, body: body.readableBytes == 0 ? Data() : Data(body.readableBytesView),
                               clientAddress: clientAddress)
    }

    private static func status(_ code: Int, _ reason: String?) -> HTTPResponseStatus {
        guard let reason else { return HTTPResponseStatus(statusCode: code) }
        // `.custom` keeps the phrase even for codes NIO knows by name.
        return .custom(code: UInt(code), reasonPhrase: reason)
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

extension MockHTTPHandler: ProxyResponseSink {
    func proxyReceivedHead(_ upstream: HTTPResponseHead) {
        guard let context, var exchange = proxyExchange else { return }
        exchange.responseHead = upstream
        exchange.expectedLength = upstream.headers.first(name: "Content-Length").flatMap { Int($0) }
        proxyExchange = exchange
        var head = HTTPResponseHead(version: exchange.requestHead.version, status: upstream.status)
        for (name, value) in upstream.headers where ProxyRequest.forwardsResponseHeader(name) {
            head.headers.add(name: name, value: value)
        }
        if let stub = exchange.event.stubIdentity {
            head.headers.replaceOrAdd(name: "Matched-Stub-Id", value: stub.id.uuidString.lowercased())
            if let name = stub.name { head.headers.replaceOrAdd(name: "Matched-Stub-Name", value: name) }
        }
        if !exchange.requestHead.isKeepAlive { head.headers.replaceOrAdd(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(head)), promise: nil)
    }

    func proxyReceivedBodyPart(_ buffer: ByteBuffer, on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        guard let context, var exchange = proxyExchange else {
            return eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
        }
        proxyExchange = nil // drop the reference so the buffers are not copied on write
        if exchange.capturedAll {
            if exchange.captured.readableBytes + buffer.readableBytes <= server.configuration.maxRequestBodyBytes {
                var piece = buffer
                exchange.captured.writeBuffer(&piece)
            } else {
                exchange.capturedAll = false
            }
        }
        exchange.receivedBytes += buffer.readableBytes
        if let expected = exchange.expectedLength, exchange.receivedBytes >= expected {
            exchange.heldBack = buffer
            proxyExchange = exchange
            return eventLoop.makeSucceededVoidFuture()
        }
        proxyExchange = exchange
        return context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))))
    }

    func proxyFinished() {
        guard let context, let exchange = proxyExchange else { return }
        proxyExchange = nil
        server.mock.recordProxiedResponse(Self.journaledResponse(exchange), for: exchange.event)
        if let last = exchange.heldBack { context.write(wrapOutboundOut(.body(.byteBuffer(last))), promise: nil) }
        finish(keepAlive: exchange.requestHead.isKeepAlive, context: context)
    }

    func proxyFailed(_ error: any Error) {
        guard let context, let exchange = proxyExchange else { return }
        proxyExchange = nil
        guard exchange.responseHead == nil, context.channel.isActive else {
            // Part of the answer is already on its way: the only honest signal left is to cut
            // the connection, as upstream did.
            server.mock.recordProxiedResponse(Self.journaledResponse(exchange), for: exchange.event)
            context.close(promise: nil)
            return
        }
        answerProxyFailure(exchange, error: error, context: context)
    }
}
