import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Understudy

/// One request a proxy stub forwards upstream: relays upstream's head and body to the client
/// as they arrive (with back-pressure), records upstream's answer in the journal, and turns a
/// failure into a 502/504 that names the stub, the upstream URL and the way out. Lives on the
/// client connection's event loop.
final class ProxyExchange {
    private let server: ServerContext
    private let writer: ResponseWriter
    private let context: ChannelHandlerContext
    private let requestHead: HTTPRequestHead
    private let event: ServeEvent
    /// The journal's entry once upstream's answer (or the failure in its place) is recorded.
    private var recorded: ServeEvent?
    private let proxy: ProxyRequest
    private var task: HTTPClient.Task<Void>?
    private var responseHead: HTTPResponseHead?
    /// Upstream's body as far as the journal keeps it.
    private var captured: ByteBuffer
    private var capturedAll = true
    /// When the request was sent upstream, on a monotonic clock.
    private var forwarded = ContinuousClock.now
    /// When each captured piece of upstream's body arrived, counted from ``forwarded``: what
    /// recording turns into a stream's pauses. Dropped with the body once the journal stops
    /// capturing it.
    private var timeline = BodyTimeline()
    /// Upstream's `Content-Length`, when it sent one.
    private var expectedLength: Int?
    private var receivedBytes = 0
    /// The piece that completes a `Content-Length` body, held back until upstream finishes:
    /// the client sees the end of such a body with its last byte, and the journal must have
    /// upstream's answer by then. (A chunked body ends with the server's own last chunk.)
    private var heldBack: ByteBuffer?
    /// Set once the exchange has ended, so late callbacks do nothing.
    private var ended = false
    /// Runs once when the exchange is over (the stub's webhooks, the observer), given the
    /// journal's entry as recorded, then is dropped.
    private var finished: ((ServeEvent?) -> Void)?

    init(_ proxy: ProxyRequest, for requestHead: HTTPRequestHead, event: ServeEvent, server: ServerContext,
         writer: ResponseWriter, context: ChannelHandlerContext, then finished: ((ServeEvent?) -> Void)? = nil) {
        self.finished = finished
        self.proxy = proxy
        self.requestHead = requestHead
        self.event = event
        self.server = server
        self.writer = writer
        self.context = context
        self.captured = context.channel.allocator.buffer(capacity: 0)
    }

    /// Sends the request upstream.
    func start() {
        forwarded = ContinuousClock.now
        do {
            task = try server.upstream.forward(proxy, delegate: ProxyResponseDelegate(sink: self, eventLoop: context.eventLoop),
                                               on: context.eventLoop)
        } catch {
            answerFailure(error, kind: .badURL)
        }
    }

    /// The client went away: stop the upstream call.
    func cancel() {
        ended = true
        task?.cancel()
        finish()
    }

    /// Runs ``finished`` the first time the exchange is over.
    private func finish() {
        let finished = self.finished
        self.finished = nil
        finished?(recorded)
    }

    /// Records upstream's answer (or what replaced it) in the journal: before the client sees
    /// the end of the answer, so a test that reads the journal then finds it.
    private func record(_ response: ResponseDefinition) {
        let timeline = capturedAll && responseHead != nil ? timeline : nil
        recorded = server.mock.finish(event, with: .proxied(response, timeline: timeline))
    }

    /// Upstream's answer as the journal keeps it.
    private var journaledResponse: ResponseDefinition {
        guard let head = responseHead else { return ResponseDefinition(status: 502) }
        var headers = Understudy.HTTPHeaders()
        for (name, value) in head.headers { headers.add(name: name, value: value) }
        let body = Data(captured.readableBytesView)
        return ResponseDefinition(status: Int(head.status.code), statusMessage: head.status.reasonPhrase,
                                  headers: headers, body: body.isEmpty ? .none : .binary(body))
    }

    /// Answers 502 (upstream unreachable or not a URL) or 504 (upstream too slow).
    private func answerFailure(_ error: any Error, kind: ProxyRequest.FailureKind? = nil) {
        ended = true
        let kind = kind ?? {
            if let clientError = error as? HTTPClientError, [.deadlineExceeded, .readTimeout, .connectTimeout].contains(clientError) {
                return .timedOut(limit: server.upstream.responseTimeout)
            }
            return .unreachable
        }()
        let response = proxy.failureResponse(stub: event.stubIdentity?.label ?? "", cause: "\(error)", kind: kind)
        record(response)
        let text = (try? response.bodyData(root: nil)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard context.channel.isActive, case let .respond(head, body) = ResponsePlan.plainText(status: response.status, text).action else {
            finish()
            return
        }
        writer.write(head, body, for: requestHead, context: context, then: finish)
    }
}

extension ProxyExchange: ProxyResponseSink {
    func proxyReceivedHead(_ upstream: HTTPResponseHead) {
        guard !ended else { return }
        responseHead = upstream
        expectedLength = upstream.headers.first(name: "Content-Length").flatMap { Int($0) }
        var relayed = Understudy.HTTPHeaders()
        for (name, value) in upstream.headers where ProxyRequest.forwardsResponseHeader(name) {
            relayed.add(name: name, value: value)
        }
        if let stub = event.stubIdentity { relayed.mark(matchedBy: stub) }
        var head = HTTPResponseHead(version: requestHead.version, status: upstream.status)
        for field in relayed { head.headers.add(name: field.name, value: field.value) }
        writer.writeHead(head, for: requestHead, context: context)
    }

    func proxyReceivedBodyPart(_ buffer: ByteBuffer, on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        guard !ended else { return eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel) }
        if capturedAll {
            if captured.readableBytes + buffer.readableBytes <= server.configuration.maxRequestBodyBytes {
                var piece = buffer
                captured.writeBuffer(&piece)
                if buffer.readableBytes > 0 {
                    timeline.pieces.append(BodyTimeline.Piece(byteCount: buffer.readableBytes, arrival: ContinuousClock.now - forwarded))
                }
            } else {
                capturedAll = false
            }
        }
        receivedBytes += buffer.readableBytes
        if let expectedLength, receivedBytes >= expectedLength {
            heldBack = buffer
            return eventLoop.makeSucceededVoidFuture()
        }
        return context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))))
    }

    func proxyFinished() {
        guard !ended else { return }
        ended = true
        record(journaledResponse)
        if let heldBack { context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(heldBack))), promise: nil) }
        writer.end(for: requestHead, context: context, then: finish)
    }

    func proxyFailed(_ error: any Error) {
        guard !ended else { return }
        guard responseHead == nil, context.channel.isActive else {
            // Part of the answer is already on its way: the only honest signal left is to cut
            // the connection, as upstream did.
            ended = true
            record(journaledResponse)
            context.close(promise: nil)
            finish()
            return
        }
        answerFailure(error)
    }
}
