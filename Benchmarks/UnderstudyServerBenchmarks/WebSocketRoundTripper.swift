import NIOCore
import NIOPosix
import NIOWebSocket

/// One socket of the WebSocket load: once started, sends `frames` masked text frames one after
/// another, each when the echo of the previous one arrived, and notes each round trip. A reply
/// that is missing (the socket closed, an error, the timeout) or is not the frame sent fails
/// the run of this socket, saying how many replies came back. Runs on the channel's event loop.
final class WebSocketRoundTripper: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Why a socket's frames did not all come back.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let socket: Int
    private let frames: Int
    private let timeout: TimeAmount
    private var context: ChannelHandlerContext?
    private var promise: EventLoopPromise<[Int64]>?
    private var timer: Scheduled<Void>?
    /// Round trips in nanoseconds.
    private var latencies: [Int64] = []
    private var expected = ""
    private var sentAt = NIODeadline.now()
    private var finished = false
    private var closeForced = false

    init(socket: Int, frames: Int, timeout: TimeAmount) {
        self.socket = socket
        self.frames = frames
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Sends the first frame; the future gives every round trip in nanoseconds, or fails.
    func start() -> EventLoopFuture<[Int64]> {
        guard let context, context.channel.isActive else {
            return MultiThreadedEventLoopGroup.singleton.any().makeFailedFuture(Failure(description: "socket \(socket): closed before its first frame"))
        }
        let promise = context.eventLoop.makePromise(of: [Int64].self)
        self.promise = promise
        latencies.reserveCapacity(frames)
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { self.fail("timed out (\(self.timeout.nanoseconds / 1_000_000_000) s)") }
        sendNext(context: context)
        return promise.futureResult
    }

    /// Sends a close frame (1000) and gives whether the server answered by closing within `within`;
    /// the socket is closed by force otherwise.
    func close(within: TimeAmount) -> EventLoopFuture<Bool> {
        guard let context, context.channel.isActive else { return MultiThreadedEventLoopGroup.singleton.any().makeSucceededFuture(true) }
        let channel = context.channel
        var code = channel.allocator.buffer(capacity: 2)
        code.write(webSocketErrorCode: .normalClosure)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: code)), promise: nil)
        let closedInTime = context.eventLoop.makePromise(of: Bool.self)
        let deadline = context.eventLoop.assumeIsolated().scheduleTask(in: within) {
            self.closeForced = true
            channel.close(promise: nil)
        }
        channel.closeFuture.assumeIsolated().whenComplete { _ in
            deadline.cancel()
            closedInTime.succeed(!self.closeForced)
        }
        return closedInTime.futureResult
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            let now = NIODeadline.now()
            guard promise != nil else {
                if !finished { fail("a text frame before the first one was sent") }
                return
            }
            let text = String(buffer: frame.unmaskedData)
            guard text == expected else {
                fail("echo \"\(text.prefix(60))\" instead of \"\(expected)\"")
                return
            }
            latencies.append((now - sentAt).nanoseconds)
            if latencies.count == frames {
                finished = true
                timer?.cancel()
                let promise = promise
                self.promise = nil
                promise?.succeed(latencies)
            } else {
                sendNext(context: context)
            }
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            if !finished {
                var data = frame.unmaskedData
                fail("the server closed the socket (code \(data.readWebSocketErrorCode().map { "\($0)" } ?? "none"))")
            }
            context.close(promise: nil)
        case .pong:
            break
        default:
            fail("unexpected \(frame.opcode) frame")
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail("the socket closed")
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail("error \(error)")
        context.close(promise: nil)
    }

    private func sendNext(context: ChannelHandlerContext) {
        expected = "socket \(socket) frame \(latencies.count + 1)"
        let data = context.channel.allocator.buffer(string: expected)
        sentAt = .now()
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: data)), promise: nil)
    }

    private func fail(_ reason: String) {
        guard let promise else { return }
        self.promise = nil
        timer?.cancel()
        promise.fail(Failure(description: "socket \(socket): \(reason) after \(latencies.count) of \(frames) replies"))
    }
}
