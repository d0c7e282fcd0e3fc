import NIOCore
import NIOWebSocket

/// The raw WebSocket server's handler: echoes each text frame back, answers a ping with its
/// pong, and answers a close frame with one carrying the same code, then closes.
final class WebSocketEchoResponder: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: frame.unmaskedData)), promise: nil)
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            guard !closing else { return }
            closing = true
            var data = frame.unmaskedData
            var reply = context.channel.allocator.buffer(capacity: 2)
            reply.write(webSocketErrorCode: data.readWebSocketErrorCode() ?? .normalClosure)
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: reply)))
                .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        default:
            break
        }
    }
}
