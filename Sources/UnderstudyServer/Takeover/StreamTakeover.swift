package import NIOCore
package import NIOHTTP1

/// A feature that serves some HTTP/2 streams itself instead of the mock's request handler:
/// gRPC (`UnderstudyGRPC`) takes the streams whose `content-type` is `application/grpc`, reads
/// their messages as they arrive and answers with trailers. The server knows no such protocol;
/// it offers each stream's request head to the takeovers of its configuration
/// (``MockServerConfiguration/streamTakeovers``), in order, before reading the request.
///
/// The handler a takeover makes gets the head and then every body part as it arrives, and
/// writes `HTTPServerResponsePart`s (trailers in `.end`); it serves through the
/// ``StreamTakeoverContext`` it is given, so the journal, the serve listeners and webhooks
/// behave as for any request.
package struct StreamTakeover: Sendable {
    /// Whether the takeover serves the stream whose request head is `head`.
    package let takes: @Sendable (HTTPRequestHead) -> Bool
    /// The handler that serves the stream, made on the stream's event loop.
    package let makeHandler: @Sendable (StreamTakeoverContext) -> any ChannelInboundHandler

    package init(takes: @escaping @Sendable (HTTPRequestHead) -> Bool,
                 makeHandler: @escaping @Sendable (StreamTakeoverContext) -> any ChannelInboundHandler) {
        self.takes = takes
        self.makeHandler = makeHandler
    }
}

extension MockServerConfiguration {
    /// The takeover for an HTTP/2 stream whose request head is `head`, if one takes it.
    func streamTakeover(for head: HTTPRequestHead) -> StreamTakeover? {
        streamTakeovers.first { $0.takes(head) }
    }
}
