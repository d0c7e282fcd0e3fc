package import NIOCore
import NIOHTTP1
import NIOPosix
package import Understudy

/// The handlers every accepted connection gets, in order: NIO's HTTP/1.1 codec,
/// protocol-error answers (400/431), then the mock itself. (A fault that writes raw bytes
/// adds a ``RawOutputHandler`` in front when it needs one.) An HTTP/2 stream gets the same
/// two handlers behind its own codec.
package enum ConnectionPipeline {
    /// Adds the connection handlers to `channel`. Call on the channel's event loop.
    static func install(on channel: any Channel, context: ServerContext, scheme: String = "http") throws {
        let pipeline = channel.pipeline.syncOperations
        let protocolErrors = ProtocolErrorHandler()
        let mockHandler = MockHTTPHandler(context: context, scheme: scheme)
        // Both are taken out once a WebSocket upgrade is done (they are only touched on the loop).
        let httpHandlers = NIOLoopBound<[any RemovableChannelHandler]>([protocolErrors, mockHandler], eventLoop: channel.eventLoop)
        let upgrader = WebSocketUpgrade.upgrader(context: context, scheme: scheme) { httpHandlers.value }
        try pipeline.configureHTTPServerPipeline(withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }),
                                                 withErrorHandling: false)
        try pipeline.addHandler(protocolErrors)
        try pipeline.addHandler(mockHandler)
    }

    /// Adds the handlers of one HTTP/2 stream, whose pipeline already yields HTTP/1 parts.
    static func installStream(on channel: any Channel, context: ServerContext, scheme: String) throws {
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(ProtocolErrorHandler())
        try pipeline.addHandler(MockHTTPHandler(context: context, scheme: scheme, onHTTP2Stream: true))
    }

    /// Adds the same handlers serving `mock` with a context of their own, for driving one
    /// connection without a socket (the HTTP fuzz target feeds bytes to an `EmbeddedChannel`).
    /// The admin API's shutdown does nothing there, and proxy stubs answer 502: the upstream
    /// client's group (NIO's shared one) does not hold an embedded channel's loop.
    package static func install(on channel: any Channel, mock: HTTPMock, configuration: MockServerConfiguration) throws {
        try install(on: channel, context: embeddedContext(mock: mock, configuration: configuration))
    }

    /// The server's handlers for connections driven without a socket, as
    /// ``install(on:mock:configuration:)`` makes them, for a secure transport's pipeline (the
    /// HTTP/2 fuzz target).
    package static func handlers(mock: HTTPMock, configuration: MockServerConfiguration, scheme: String = "https") -> ConnectionHandlers {
        ConnectionHandlers(context: embeddedContext(mock: mock, configuration: configuration), scheme: scheme)
    }

    private static func embeddedContext(mock: HTTPMock, configuration: MockServerConfiguration) -> ServerContext {
        ServerContext(
            mock: mock, configuration: configuration,
            upstream: UpstreamClient(group: MultiThreadedEventLoopGroup.singleton, timeout: configuration.proxyTimeout),
            adminState: AdminState(), leavesEventLoop: false) {}
    }
}
