import NIOCore
import NIOWebSocket

/// Refuses a client frame that is not masked (RFC 6455 §5.1: "a server MUST close the
/// connection upon receiving a frame that is not masked"): the frame goes no further, and the
/// error reaches ``WebSocketHandler``, which closes the socket with 1002. NIO's decoder reads
/// either kind, and its aggregator forgets whether the fragments it joins were masked.
final class ClientMaskingCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    /// An unmasked frame arrived.
    struct UnmaskedFrame: Error {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard unwrapInboundIn(data).maskKey != nil else {
            context.fireErrorCaught(UnmaskedFrame())
            return
        }
        context.fireChannelRead(data)
    }
}
