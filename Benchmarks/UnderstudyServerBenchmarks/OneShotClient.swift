import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The same tiny client for every server in the start/stop cycle: one `GET` with
/// `Connection: close`, read until the server closes.
enum OneShotClient {
    static func get(port: Int, path: String) async throws -> String {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
        try await channel.closeFuture.get()
        return collector.text
    }

    final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        private let received = NIOLockedValueBox("")
        var text: String { received.withLockedValue { $0 } }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            received.withLockedValue { $0 += String(buffer: buffer) }
        }
    }
}
