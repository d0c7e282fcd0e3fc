import NIOCore
import NIOHTTP1

/// Collects one connection's requests from HTTP/1.1 parts: refuses bodies over the limit
/// (413), answers `Expect: 100-continue`, closes a connection that waits too long for a
/// request head, and answers 408 to one whose body does not arrive in time (a client that
/// stalls or trickles after its head). Every method runs on the connection's event loop.
final class RequestReader {
    /// What a part completed.
    enum Outcome {
        /// More parts are needed (or the request was refused and its remaining parts are dropped).
        case pending
        /// A whole request: head and body.
        case complete(HTTPRequestHead, ByteBuffer)
    }

    private enum State {
        /// Between requests: the head deadline applies.
        case waitingForHead
        /// Collecting the body of a request: the body deadline applies.
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
    private var timer: Scheduled<Void>?
    /// When the current wait began: for a request head, or (once the head is in) for the
    /// whole body. Meaningless while responding.
    private var waitStarted = NIODeadline.now()

    init(configuration: MockServerConfiguration) { self.configuration = configuration }

    /// Whether the connection is between requests.
    var isIdle: Bool { if case .waitingForHead = state { true } else { false } }

    /// Starts the timer of a new connection.
    func start(context: ChannelHandlerContext) {
        waitStarted = .now()
        armTimer(at: waitStarted + shortestTimeout, context: context)
    }

    /// Stops the timer when the connection closes.
    func stop() { timer?.cancel() }

    /// The connection is ready for its next request (a keep-alive response has ended).
    func requestFinished() {
        state = .waitingForHead
        waitStarted = .now()
    }

    /// Takes one request part.
    func read(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) -> Outcome {
        switch part {
        case .head(let head):
            waitStarted = .now()
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

    private var shortestTimeout: TimeAmount {
        min(TimeAmount(configuration.headerReadTimeout), TimeAmount(configuration.requestBodyTimeout))
    }

    /// When the current wait ends, or `nil` while nothing is awaited from the client.
    private var deadline: NIODeadline? {
        switch state {
        case .waitingForHead: waitStarted + TimeAmount(configuration.headerReadTimeout)
        case .receiving: waitStarted + TimeAmount(configuration.requestBodyTimeout)
        case .rejecting, .responding: nil
        }
    }

    /// Fires at most once per timeout period: ends the connection when the wait it is in has
    /// passed its deadline, otherwise re-arms itself for the current deadline.
    private func armTimer(at deadline: NIODeadline, context: ChannelHandlerContext) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            let now = NIODeadline.now()
            if let deadline = self.deadline, deadline <= now {
                self.expire(context: context)
                return
            }
            // Never further ahead than the shorter timeout, so a wait that begins meanwhile
            // (a body, whose deadline may be the shorter) is checked in time without ever
            // cancelling the timer.
            self.armTimer(at: min(self.deadline ?? now + self.shortestTimeout, now + self.shortestTimeout), context: context)
        }
    }

    /// A head that never completed closes the connection silently (there is no request to
    /// answer); a body that did not arrive in time gets 408 naming the setting, then the close.
    private func expire(context: ChannelHandlerContext) {
        guard case .receiving(let head, let body) = state else {
            context.close(promise: nil)
            return
        }
        state = .rejecting
        let expected = head.headers.first(name: "Content-Length").map { " of \($0) bytes" } ?? ""
        let timeout = configuration.requestBodyTimeout
        ClosingTextResponse.write(.requestTimeout, """
            The request body\(expected) did not arrive within \(timeout) (\(body.readableBytes) bytes received); \
            send it faster, or raise MockServerConfiguration.requestBodyTimeout (understudy serve --body-timeout).

            """, version: head.version, context: context)
    }
}
