import Foundation
import NIOCore
import NIOWebSocket
import Understudy
import UnderstudyMessaging

/// One WebSocket the server holds open for the mock's ``MessageHub``: each text or binary
/// message (fragments joined by NIO's aggregator in front) goes to the hub; pings get their
/// pong; a close frame is answered and the socket closed; a socket silent both ways past the
/// idle timeout is closed with 1001. Runs on the channel's event loop.
final class WebSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let hub: MessageHub
    private let openingRequest: RecordedRequest
    private var id: UUID?
    private var closing = false

    init(hub: MessageHub, openingRequest: RecordedRequest) {
        self.hub = hub
        self.openingRequest = openingRequest
    }

    func handlerAdded(context: ChannelHandlerContext) {
        id = hub.open(openingRequest, connection: WebSocketChannelConnection(channel: context.channel))
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let id { hub.closed(id) }
        id = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            if let id { hub.received(.text(String(buffer: frame.unmaskedData)), on: id) }
        case .binary:
            if let id { hub.received(.binary(Data(frame.unmaskedData.readableBytesView)), on: id) }
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            // Answer with the client's code (RFC 6455 §5.5.1), then close.
            var data = frame.unmaskedData
            let code = data.readWebSocketErrorCode() ?? .normalClosure
            close(context: context, code: code, reason: "")
        case .pong:
            break
        default:
            close(context: context, code: .protocolError, reason: "unexpected frame")
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            close(context: context, code: .goingAway, reason: "idle timeout")
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A message past the size limit once its fragments are joined: 1009, as WireMock's
        // Jetty. (A single frame past it is refused by NIO's decoder and its error handler,
        // with the same code.)
        switch error {
        case NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge, NIOWebSocketFrameAggregator.Error.tooManyFragments:
            close(context: context, code: .messageTooLarge, reason: "message too big")
        default:
            close(context: context, code: .protocolError, reason: "protocol error")
        }
    }

    private func close(context: ChannelHandlerContext, code: WebSocketErrorCode, reason: String) {
        guard !closing else { return }
        closing = true
        let frame = WebSocketChannelConnection.closeFrame(code: code, reason: reason, allocator: context.channel.allocator)
        context.writeAndFlush(wrapOutboundOut(frame)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}

/// How the hub sends on a socket and closes it, from any thread.
struct WebSocketChannelConnection: WebSocketConnection {
    let channel: any Channel

    func send(_ message: WebSocketMessage) {
        let frame: WebSocketFrame
        switch message {
        case .text(let text):
            frame = WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(string: text))
        case .binary(let data):
            frame = WebSocketFrame(fin: true, opcode: .binary, data: channel.allocator.buffer(bytes: data))
        }
        channel.writeAndFlush(frame, promise: nil)
    }

    func close(code: UInt16, reason: String) {
        let channel = channel
        channel.writeAndFlush(Self.closeFrame(code: WebSocketErrorCode(codeNumber: Int(code)), reason: reason, allocator: channel.allocator))
            .whenComplete { _ in channel.close(promise: nil) }
    }

    func drop() {
        channel.close(promise: nil)
    }

    /// A close frame with a code and a reason (cut to the 123 bytes a control frame has room for).
    static func closeFrame(code: WebSocketErrorCode, reason: String, allocator: ByteBufferAllocator) -> WebSocketFrame {
        var data = allocator.buffer(capacity: 2 + reason.utf8.count)
        data.write(webSocketErrorCode: code)
        data.writeBytes(reason.utf8.prefix(123))
        return WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
    }
}
