import Foundation
import NIOConcurrencyHelpers
package import NIOCore
import NIOPosix

// Raw TCP exchanges, shared by the socket-level test targets (server, TLS).

/// What a raw exchange saw.
package struct RawExchange: Sendable {
    package var received: String
    package var receivedBytes: Int
    /// Whether the client's own timeout closed the connection (the server never did).
    package var closedByClient = false
    /// The error that ended the connection, for example a reset.
    package var error: String?
}

/// Writes raw bytes to the server and collects everything it sends until it closes the
/// connection; `timeout` is when the client gives up itself (by default only a guard against a
/// server that never closes). Reports how the connection ended.
package func exchangeRaw(_ bytes: String, port: Int, timeout: TimeAmount = .seconds(60)) async throws -> RawExchange {
    let collector = RawCollector()
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
        }
        .connect(host: "127.0.0.1", port: port).get()
    // The server may already have closed the connection (connection cap); that is an outcome, not an error.
    try? await channel.writeAndFlush(ByteBuffer(string: bytes))
    let timer = channel.eventLoop.scheduleTask(in: timeout) {
        collector.closedByClient()
        channel.close(promise: nil)
    }
    try? await channel.closeFuture.get()
    timer.cancel()
    return collector.result
}

/// Collects inbound bytes and the closing error.
package final class RawCollector: ChannelInboundHandler, Sendable {
    package typealias InboundIn = ByteBuffer
    package init() {}

    private let box = NIOLockedValueBox(RawExchange(received: "", receivedBytes: 0, error: nil))

    package var result: RawExchange { box.withLockedValue { $0 } }

    /// Notes that the client gave up and closed the connection itself.
    package func closedByClient() { box.withLockedValue { $0.closedByClient = true } }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        box.withLockedValue {
            $0.received += String(buffer: buffer)
            $0.receivedBytes += buffer.readableBytes
        }
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        box.withLockedValue { $0.error = "\(error)" }
        context.close(promise: nil)
    }
}
