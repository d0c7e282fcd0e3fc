import NIOCore
import NIOHTTP1
import NIOPosix

/// The ceiling for streams: the smallest SwiftNIO server that answers every request with a
/// server-sent event stream of `count` events (`data: 1`, `data: 2`…), each written and flushed
/// `interval` after the previous one was due, as the mock schedules its parts.
enum RawNIOStreamServer {
    static func start(port: Int, count: Int, interval: TimeAmount) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 1_024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(EventStreamer(count: count, interval: interval))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
    }
}

/// Streams `count` events to each request.
final class EventStreamer: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let count: Int
    private let interval: TimeAmount
    private var pending: Scheduled<Void>?

    init(count: Int, interval: TimeAmount) {
        self.count = count
        self.interval = interval
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = unwrapInboundIn(data) else { return }
        var head = HTTPResponseHead(version: .http1_1, status: .ok)
        head.headers.add(name: "Content-Type", value: "text/event-stream")
        head.headers.add(name: "Cache-Control", value: "no-cache")
        context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        send(1, due: .now() + interval, context: context)
    }

    private func send(_ number: Int, due: NIODeadline, context: ChannelHandlerContext) {
        guard number <= count else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        pending = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) {
            guard context.channel.isActive else { return }
            let event = context.channel.allocator.buffer(string: "data: \(number)\n\n")
            context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(event))), promise: nil)
            self.send(number + 1, due: due + self.interval, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        pending?.cancel()
        context.fireChannelInactive()
    }
}
