import Foundation
import NIOConcurrencyHelpers
package import NIOCore
import NIOPosix

// Raw TCP exchanges, shared by the socket-level test targets (server, TLS).

/// What a raw exchange saw.
package struct RawExchange: Sendable {
    package var received: String
    package var receivedBytes: Int
    /// The bytes received, as they came (``received`` is their text).
    package var receivedBuffer = ByteBuffer()
    /// Whether the client's own timeout closed the connection (the server never did).
    package var closedByClient = false
    /// The error that ended the connection, for example a reset.
    package var error: String?
}

/// Writes raw bytes to the server and collects everything it sends until it closes the
/// connection; `timeout` is when the client gives up itself (by default only a guard against a
/// server that never closes). Reports how the connection ended.
package func exchangeRaw(_ bytes: String, port: Int, timeout: TimeAmount = .seconds(60)) async throws -> RawExchange {
    // Sent, and the client's timeout started, as the connection opens, so that no wait for the
    // test's task (a busy suite can leave it unscheduled for seconds, past the server's header
    // deadline) comes between connecting, sending and giving up. The server may already have
    // closed the connection (connection cap); that is an outcome, not an error.
    let collector = RawCollector(sendingOnConnect: bytes, closingAfter: timeout)
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
        }
        .connect(host: "127.0.0.1", port: port).get()
    try? await channel.closeFuture.get()
    return collector.result
}

/// Collects inbound bytes and the closing error. From the connection's event loop as it opens,
/// sends `sendingOnConnect` and starts `closingAfter`, when the client closes the connection
/// itself if the server has not.
package final class RawCollector: ChannelInboundHandler, Sendable {
    package typealias InboundIn = ByteBuffer
    package typealias OutboundOut = ByteBuffer
    private let greeting: String?
    private let timeout: TimeAmount?

    package init(sendingOnConnect greeting: String? = nil, closingAfter timeout: TimeAmount? = nil) {
        self.greeting = greeting
        self.timeout = timeout
    }

    package func channelActive(context: ChannelHandlerContext) {
        if let greeting { context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: greeting)), promise: nil) }
        if let timeout {
            context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
                guard context.channel.isActive else { return }
                self.closedByClient()
                context.close(promise: nil)
            }
        }
        context.fireChannelActive()
    }

    private let box = NIOLockedValueBox(RawExchange(received: "", receivedBytes: 0, error: nil))

    package var result: RawExchange { box.withLockedValue { $0 } }

    /// Notes that the client gave up and closed the connection itself.
    package func closedByClient() { box.withLockedValue { $0.closedByClient = true } }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        box.withLockedValue {
            $0.received += String(buffer: buffer)
            $0.receivedBytes += buffer.readableBytes
            var copy = buffer
            $0.receivedBuffer.writeBuffer(&copy)
        }
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        box.withLockedValue { $0.error = "\(error)" }
        context.close(promise: nil)
    }
}
