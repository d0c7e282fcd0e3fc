package import NIOCore
import NIOHTTP1

/// The server's own handlers, handed to a ``SecureTransport`` to put behind its TLS and
/// protocol negotiation: the HTTP/1.1 pipeline of a whole connection, or the handlers of one
/// HTTP/2 stream (behind the stream's HTTP/2-to-HTTP/1 codec). Either way a request meets the
/// same handlers, so matching, journal, near misses, templating, delays, streams, faults and
/// proxying behave the same.
package struct ConnectionHandlers: Sendable {
    let context: ServerContext
    /// `https` when the connection is encrypted: the journal records it and stubs match on it.
    let scheme: String

    init(context: ServerContext, scheme: String) {
        self.context = context
        self.scheme = scheme
    }

    /// The name of the pass-through handler a secure transport puts right behind its TLS
    /// handler: faults that write raw bytes (random data, a malformed chunk) write them from
    /// there, so the bytes are encrypted and, on HTTP/2, land below the framing.
    package static let rawOutputName = "understudy.raw-output"

    /// A new pass-through handler to add under ``rawOutputName``.
    package static func makeRawOutputHandler() -> any ChannelHandler & Sendable { RawOutputHandler() }

    /// The server's settings (timeouts, limits).
    package var configuration: MockServerConfiguration { context.configuration }

    /// Adds NIO's HTTP/1.1 codec and the server's handlers to a connection. Call on the
    /// channel's event loop.
    package func installHTTP1(on channel: any Channel) throws {
        try ConnectionPipeline.install(on: channel, context: context, scheme: scheme)
    }

    /// Adds the server's handlers to one HTTP/2 stream channel whose pipeline already turns
    /// frames into HTTP/1 request parts (`HTTP2FramePayloadToHTTP1ServerCodec`). Call on the
    /// channel's event loop.
    package func installHTTP2Stream(on streamChannel: any Channel) throws {
        try ConnectionPipeline.installStream(on: streamChannel, context: context, scheme: scheme)
    }
}
