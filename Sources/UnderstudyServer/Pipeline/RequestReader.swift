import NIOCore
import NIOHTTP1

/// Collects one connection's requests from HTTP/1.1 parts: refuses bodies over the limit
/// (413), answers `Expect: 100-continue`, and closes a connection that waits too long for a
/// request head. Every method runs on the connection's event loop.
final class RequestReader {
    /// What a part completed.
    enum Outcome {
        /// More parts are needed (or the request was refused and its remaining parts are dropped).
        case pending
        /// A whole request: head and body.
        case complete(HTTPRequestHead, ByteBuffer)
    }

    private enum State {
        /// Between requests: the head timer runs.
        case waitingForHead
        /// Collecting the body of a request.
        case receiving(HTTPRequestHead, ByteBuffer)
        /// The request was refused (too large); its remaining parts are dropped.
        case rejecting
        /// A response is being written.
        case responding
    }

    private let configuration: MockServerConfiguration
    private var state = State.waitingForHead
    // One timer per connection, re-armed when it fires, is cheaper than scheduling and
    // cancelling one per request.
    private var headTimer: Scheduled<Void>?
    /// Since when the connection has been waiting for a request head; `nil` while a request is in progress.
    private var waitingSince: NIODeadline? = .now()

    init(configuration: MockServerConfiguration) { self.configuration = configuration }

    /// Whether the connection is between requests.
    var isIdle: Bool { if case .waitingForHead = state { true } else { false } }

    /// Starts the head timer of a new connection.
    func start(context: ChannelHandlerContext) {
        waitingSince = .now()
        armHeadTimer(at: .now() + TimeAmount(configuration.headerReadTimeout), context: context)
    }

    /// Stops the timer when the connection closes.
    func stop() { headTimer?.cancel() }

    /// The connection is ready for its next request (a keep-alive response has ended).
    func requestFinished() {
        state = .waitingForHead
        waitingSince = .now()
    }

    /// Takes one request part.
    func read(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) -> Outcome {
        switch part {
        case .head(let head):
            waitingSince = nil
            let limit = configuration.maxRequestBodyBytes
            if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                reject(context: context, version: head.version, "Request body of \(length) bytes is over the limit of \(limit) bytes.\n")
                return .pending
            }
            if head.headers.first(name: "Expect")?.lowercased() == "100-continue" {
                let interim = HTTPServerResponsePart.head(HTTPResponseHead(version: head.version, status: .continue))
                context.writeAndFlush(NIOAny(interim), promise: nil)
            }
            state = .receiving(head, context.channel.allocator.buffer(capacity: 0))
        case .body(var chunk):
            guard case .receiving(let head, var body) = state else { return .pending }
            let limit = configuration.maxRequestBodyBytes
            if body.readableBytes + chunk.readableBytes > limit {
                reject(context: context, version: head.version, "Request body is over the limit of \(limit) bytes.\n")
                return .pending
            }
            state = .responding // drop the reference so the buffer is not copied on write
            body.writeBuffer(&chunk)
            state = .receiving(head, body)
        case .end:
            guard case .receiving(let head, let body) = state else { return .pending }
            state = .responding
            return .complete(head, body)
        }
        return .pending
    }

    /// Answers 413 and closes the connection.
    private func reject(context: ChannelHandlerContext, version: HTTPVersion, _ text: String) {
        state = .rejecting
        ClosingTextResponse.write(.payloadTooLarge, text, version: version, context: context)
    }

    /// Fires at most once per timeout period: closes the connection when it has waited for a
    /// request head for longer than the timeout, otherwise re-arms itself.
    private func armHeadTimer(at deadline: NIODeadline, context: ChannelHandlerContext) {
        headTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            let timeout = TimeAmount(self.configuration.headerReadTimeout)
            if case .waitingForHead = self.state, let since = self.waitingSince, since + timeout <= .now() {
                context.close(promise: nil)
                return
            }
            self.armHeadTimer(at: (self.waitingSince ?? .now()) + timeout, context: context)
        }
    }
}
