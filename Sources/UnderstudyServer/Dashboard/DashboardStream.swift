import NIOCore
import NIOHTTP1
import Understudy

/// One dashboard's live feed on its connection (`GET /__admin/dashboard/events`): a
/// `text/event-stream` answer that opens with the journal's recent requests and then carries
/// each request the server serves, until the client goes away or the server shuts down.
///
/// It writes only while the connection can take more (the channel is writable); meanwhile
/// requests wait in its capped ``DashboardInbox``. Every method runs on the connection's event loop.
final class DashboardStream {
    /// The path of the feed.
    static let path = AdminAPI.prefix + "/dashboard/events"
    /// How often an idle stream sends a comment.
    static let heartbeatInterval = TimeAmount.seconds(15)

    private let context: ChannelHandlerContext
    private let feed: DashboardFeed
    private var inbox: DashboardInbox?
    private var heartbeat: RepeatedTask?
    /// Whether the backlog is still being read (off the event loop, from a store in another
    /// process); live requests wait in the inbox until it is sent.
    private var awaitsBacklog = false

    init(context: ChannelHandlerContext, feed: DashboardFeed) {
        self.context = context
        self.feed = feed
    }

    /// Whether `request` asks for the feed.
    static func isRequested(by request: RecordedRequest) -> Bool {
        request.method == .get && request.path == path
    }

    /// Writes the head and the backlog, then joins the feed. Joining comes first, so that a
    /// request served meanwhile is not lost (it may come twice; the page keeps one per id).
    func start(answering request: HTTPRequestHead, mock: HTTPMock, inboxLimit: Int = DashboardInbox.defaultLimit) {
        let loop = context.eventLoop
        let bound = NIOLoopBound(self, eventLoop: loop)
        let inbox = DashboardInbox(limit: inboxLimit) { loop.execute { bound.value.drain() } }
        self.inbox = inbox
        feed.add(inbox, listeningTo: mock)
        var head = HTTPResponseHead(version: request.version, status: .ok)
        head.headers.add(name: "Content-Type", value: "text/event-stream; charset=utf-8")
        head.headers.add(name: "Cache-Control", value: "no-store")
        head.headers.add(name: "X-Content-Type-Options", value: "nosniff")
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        if mock.sharesStateRemotely {
            // The journal is a round trip away, and no event loop waits on a store.
            awaitsBacklog = true
            context.flush()
            StoreRoundTrip.run(on: loop) { DashboardMessage.backlog(of: mock) }.assumeIsolated().whenSuccess { backlog in
                self.awaitsBacklog = false
                self.send(DashboardMessage.opening + backlog)
                self.drain()
            }
        } else {
            send(DashboardMessage.opening + DashboardMessage.backlog(of: mock))
        }
        heartbeat = loop.scheduleRepeatedTask(initialDelay: Self.heartbeatInterval, delay: Self.heartbeatInterval) { _ in
            bound.value.beat()
        }
    }

    /// Sends what waits in the inbox, when the connection can take it; ends the response and
    /// closes the connection once the inbox is finished.
    func drain() {
        guard let inbox, !awaitsBacklog else { return }
        guard context.channel.isActive else { return stop() }
        guard inbox.isFinished || context.channel.isWritable else { return inbox.snooze() }
        let (messages, dropped, finished) = inbox.take()
        guard !finished else {
            stop()
            let context = self.context
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
            return
        }
        let text = (dropped > 0 ? DashboardMessage.dropped(dropped) : "") + messages.joined()
        if !text.isEmpty { send(text) }
    }

    /// Leaves the feed and stops the heartbeat; the connection is the handler's to close.
    func stop() {
        heartbeat?.cancel()
        heartbeat = nil
        if let inbox { feed.remove(inbox) }
        inbox = nil
    }

    private func beat() {
        guard inbox != nil else { return }
        guard context.channel.isActive else { return stop() }
        if context.channel.isWritable { send(DashboardMessage.heartbeat) }
    }

    private func send(_ text: String) {
        let buffer = context.channel.allocator.buffer(string: text)
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))), promise: nil)
    }
}
