import NIOCore
import NIOHTTP2

/// Ends an HTTP/2 connection as the server's HTTP/1.1 connections end: on shutdown's quiesce
/// event it sends GOAWAY and closes once the open streams are done (the server's grace period
/// closes what is left), and a connection with no open stream for the idle timeout is closed
/// the same way. Streams are counted from the HTTP/2 handler's created and closed events.
final class HTTP2ConnectionLifecycleHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTP2Frame
    typealias InboundOut = HTTP2Frame
    typealias OutboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    private let idleTimeout: TimeAmount
    private var openStreams: Set<HTTP2StreamID> = []
    private var lastStreamID = HTTP2StreamID.rootStream
    private var closing = false
    private var idleTimer: Scheduled<Void>?

    init(idleTimeout: TimeAmount) { self.idleTimeout = idleTimeout }

    func handlerAdded(context: ChannelHandlerContext) {
        // Added once the connection is already active (after TLS and ALPN): start idle now.
        startIdleTimer(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        idleTimer = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let created as NIOHTTP2StreamCreatedEvent:
            openStreams.insert(created.streamID)
            lastStreamID = max(lastStreamID, created.streamID)
            idleTimer?.cancel()
            idleTimer = nil
        case let closed as StreamClosedEvent:
            openStreams.remove(closed.streamID)
            if openStreams.isEmpty {
                if closing {
                    context.close(promise: nil)
                } else {
                    startIdleTimer(context: context)
                }
            }
        case is ChannelShouldQuiesceEvent:
            goAway(context: context)
        default:
            break
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func startIdleTimer(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        idleTimer = context.eventLoop.scheduleTask(in: idleTimeout) {
            let (handler, context) = loopBound.value
            handler.idleTimer = nil
            handler.goAway(context: context)
        }
    }

    /// Tells the client no new stream will be served, and closes when none is open.
    private func goAway(context: ChannelHandlerContext) {
        guard !closing else { return }
        closing = true
        let frame = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: nil))
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
        if openStreams.isEmpty {
            context.close(promise: nil)
        }
    }
}
