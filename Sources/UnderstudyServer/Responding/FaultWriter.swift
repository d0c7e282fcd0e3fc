import NIOCore
import NIOPosix
import Understudy

/// Produces WireMock's network faults on a real socket.
enum FaultWriter {
    /// What `MALFORMED_RESPONSE_CHUNK` sends: a valid status line and chunked header, then a
    /// chunk whose size line is not hexadecimal.
    static let malformedChunkBytes = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nlskdu018973t09sylgasjkfg1][]'./.sdlv"

    static func perform(_ fault: Fault, context: ChannelHandlerContext) {
        let channel = context.channel
        switch fault {
        case .connectionResetByPeer:
            // SO_LINGER with a zero timeout makes close() send RST instead of FIN.
            if let provider = channel as? any SocketOptionProvider {
                provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
                    context.close(promise: nil)
                }
            } else {
                context.close(promise: nil)
            }
        case .emptyResponse:
            context.close(promise: nil)
        case .malformedResponseChunk:
            writeRaw(context.channel.allocator.buffer(string: malformedChunkBytes), context: context)
        case .randomDataThenClose:
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
            writeRaw(context.channel.allocator.buffer(bytes: bytes), context: context)
        default:
            context.close(promise: nil)
        }
    }

    /// Writes bytes past the HTTP encoder, then closes the connection.
    private static func writeRaw(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        // Only such a fault needs the raw path, so only it pays for the extra handler.
        let raw = RawOutputHandler()
        do {
            try context.pipeline.syncOperations.addHandler(raw, position: .first)
            let rawContext = try context.pipeline.syncOperations.context(handler: raw)
            rawContext.writeAndFlush(NIOAny(buffer)).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        } catch {
            context.close(promise: nil)
        }
    }
}
