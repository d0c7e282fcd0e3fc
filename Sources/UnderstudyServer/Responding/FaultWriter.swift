import NIOCore
import NIOHTTP1
import NIOPosix
import Understudy

/// Produces WireMock's network faults on a real socket.
///
/// On an HTTP/2 stream (whose channel's parent is the connection) a fault means what it can in
/// HTTP/2: `EMPTY_RESPONSE` resets the stream alone (RST_STREAM, the connection serves on);
/// `CONNECTION_RESET_BY_PEER` resets the whole TCP connection; `MALFORMED_RESPONSE_CHUNK`
/// sends a 200 head and a partial body, then resets the stream; `RANDOM_DATA_THEN_CLOSE`
/// writes random bytes below the HTTP/2 framing (inside TLS) and closes the connection.
enum FaultWriter {
    /// What `MALFORMED_RESPONSE_CHUNK` sends: a valid status line and chunked header, then a
    /// chunk whose size line is not hexadecimal.
    static let malformedChunkBytes = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + malformedStreamBytes
    /// The body bytes of `MALFORMED_RESPONSE_CHUNK` on HTTP/2, after which the stream is reset.
    static let malformedStreamBytes = "lskdu018973t09sylgasjkfg1][]'./.sdlv"

    /// Carries out `fault`; `afterHead` tells that the response's head has already been
    /// written (a stream that ends with a fault), `onHTTP2Stream` that the channel is one
    /// HTTP/2 stream of a connection (an accepted HTTP/1.1 connection has a parent too: the
    /// listening socket).
    static func perform(_ fault: Fault, context: ChannelHandlerContext, afterHead: Bool = false, onHTTP2Stream: Bool = false) {
        if onHTTP2Stream, let connection = context.channel.parent {
            performOnStream(fault, connection: connection, afterHead: afterHead, context: context)
            return
        }
        let channel = context.channel
        switch fault {
        case .connectionResetByPeer:
            reset(channel)
        case .emptyResponse:
            context.close(promise: nil)
        case .malformedResponseChunk:
            writeRaw(context.channel.allocator.buffer(string: malformedChunkBytes), to: channel)
        case .randomDataThenClose:
            writeRaw(randomBytes(allocator: channel.allocator), to: channel)
        default:
            context.close(promise: nil)
        }
    }

    private static func performOnStream(_ fault: Fault, connection: any Channel, afterHead: Bool, context: ChannelHandlerContext) {
        switch fault {
        case .connectionResetByPeer:
            reset(connection)
        case .emptyResponse:
            // Closing a stream that has not ended sends RST_STREAM.
            context.close(promise: nil)
        case .malformedResponseChunk:
            if !afterHead {
                let head = HTTPResponseHead(version: .http2, status: .ok)
                context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
            }
            let body = context.channel.allocator.buffer(string: malformedStreamBytes)
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(body)))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        case .randomDataThenClose:
            writeRaw(randomBytes(allocator: connection.allocator), to: connection)
        default:
            context.close(promise: nil)
        }
    }

    /// Closes `channel` with RST instead of FIN: SO_LINGER with a zero timeout.
    private static func reset(_ channel: any Channel) {
        if let provider = channel as? any SocketOptionProvider {
            provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in
                channel.close(promise: nil)
            }
        } else {
            channel.close(promise: nil)
        }
    }

    private static func randomBytes(allocator: ByteBufferAllocator) -> ByteBuffer {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return allocator.buffer(bytes: bytes)
    }

    /// Writes bytes past the HTTP encoder (and, on a secure connection, into TLS through the
    /// handler the transport keeps for it), then closes the connection.
    private static func writeRaw(_ buffer: ByteBuffer, to channel: any Channel) {
        let pipeline = channel.pipeline.syncOperations
        do {
            let rawContext: ChannelHandlerContext
            if let existing = try? pipeline.context(name: ConnectionHandlers.rawOutputName) {
                rawContext = existing
            } else {
                // Only such a fault needs the raw path, so only it pays for the extra handler.
                let raw = RawOutputHandler()
                try pipeline.addHandler(raw, position: .first)
                rawContext = try pipeline.context(handler: raw)
            }
            rawContext.writeAndFlush(NIOAny(buffer)).assumeIsolated().whenComplete { _ in
                channel.close(promise: nil)
            }
        } catch {
            channel.close(promise: nil)
        }
    }
}
