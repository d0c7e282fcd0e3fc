import NIOCore

/// Added first in the pipeline by a fault that writes raw bytes straight to the socket, past
/// the HTTP encoder (a malformed chunk, random data); the connection closes right after.
final class RawOutputHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
}
