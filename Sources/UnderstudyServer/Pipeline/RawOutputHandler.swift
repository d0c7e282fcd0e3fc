import NIOCore

/// Passes raw bytes straight towards the socket, past the HTTP encoder (a malformed chunk,
/// random data); the connection closes right after. A fault adds one in front of a plain
/// connection when it needs it; a secure transport keeps one right behind its TLS handler
/// (``ConnectionHandlers/rawOutputName``), so the bytes are encrypted like the rest.
final class RawOutputHandler: ChannelOutboundHandler, RemovableChannelHandler, Sendable {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
}
