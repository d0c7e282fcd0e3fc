import NIOCore

/// Sits first in the pipeline so that faults can write raw bytes straight to the socket,
/// past the HTTP encoder (a malformed chunk, random data).
final class RawOutputHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let name = "understudy.raw-output"
}
