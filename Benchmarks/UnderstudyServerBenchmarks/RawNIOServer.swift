import NIOCore
import NIOHTTP1
import NIOPosix

/// The ceiling: the smallest SwiftNIO HTTP/1.1 server that answers every request with the
/// same body the stubs serve. No matching, no journal.
enum RawNIOServer {
    static func start(port: Int, body: String) async throws -> any Channel {
        try await start(port: port) { FixedResponder(body: body) }
    }

    /// The same server with another last handler, made per connection.
    static func start(port: Int, responder: @escaping @Sendable () -> some ChannelHandler) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(responder())
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
    }
}

/// Answers every request with `200 OK` and a fixed body.
final class FixedResponder: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let body: String
    private var keepAlive = true

    init(body: String) { self.body = body }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            keepAlive = request.isKeepAlive
        case .body:
            break
        case .end:
            var head = HTTPResponseHead(version: .http1_1, status: .ok)
            head.headers.add(name: "Content-Length", value: String(body.utf8.count))
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
            let ended = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive { ended.assumeIsolated().whenComplete { _ in context.close(promise: nil) } }
        }
    }
}
