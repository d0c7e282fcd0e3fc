import NIOCore
import UnderstudyServer

/// First on a plain-HTTP connection when h2c is on: reads until the bytes either are the
/// HTTP/2 client preface (then the connection gets the HTTP/2 handlers) or cannot be (then the
/// HTTP/1.1 handlers), passes on what it read, and leaves. A client that sends nothing is
/// closed after the head timeout, as on HTTP/1.1.
final class PriorKnowledgeDetector: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The client connection preface (RFC 9113 §3.4).
    private static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    private let handlers: ConnectionHandlers
    private var buffered: ByteBuffer?
    private var deadline: Scheduled<Void>?
    private var decided = false

    init(handlers: ConnectionHandlers) { self.handlers = handlers }

    func handlerAdded(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: TimeAmount(handlers.configuration.headerReadTimeout)) {
            loopBound.value.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !decided else {
            context.fireChannelRead(data)
            return
        }
        var incoming = unwrapInboundIn(data)
        var bytes = buffered ?? context.channel.allocator.buffer(capacity: incoming.readableBytes)
        bytes.writeBuffer(&incoming)
        buffered = bytes
        let seen = min(bytes.readableBytes, Self.preface.count)
        let prefix = bytes.getBytes(at: bytes.readerIndex, length: seen) ?? []
        if prefix != Array(Self.preface[..<seen]) {
            decide(http2: false, context: context)
        } else if seen == Self.preface.count {
            decide(http2: true, context: context)
        }
    }

    private func decide(http2: Bool, context: ChannelHandlerContext) {
        decided = true
        deadline?.cancel()
        deadline = nil
        do {
            if http2 {
                try HTTPSConnectionSetup.installHTTP2(on: context.channel, limits: HTTP2Limits(), handlers: handlers)
            } else {
                try handlers.installHTTP1(on: context.channel)
            }
        } catch {
            context.close(promise: nil)
            return
        }
        if let bytes = buffered {
            buffered = nil
            context.fireChannelRead(wrapInboundOut(bytes))
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
