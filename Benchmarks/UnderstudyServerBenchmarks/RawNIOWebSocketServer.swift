import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The ceiling for WebSockets: the smallest SwiftNIO server that upgrades any request to a
/// WebSocket (HTTP/1.1 server pipeline + `NIOWebSocketServerUpgrader`) and then echoes each
/// text frame back (see ``WebSocketEchoResponder``). No matching, no templating, no journal.
enum RawNIOWebSocketServer {
    static func start(port: Int) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 1_024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOWebSocketServerUpgrader(
                        shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandler(WebSocketEchoResponder())
                            }
                        })
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }), withErrorHandling: true)
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
    }
}
