package import NIOCore
import NIOHTTP1
import NIOPosix
package import Understudy

/// The handlers every accepted connection gets, in order: NIO's HTTP/1.1 codec,
/// protocol-error answers (400/431), then the mock itself. (A fault that writes raw bytes
/// adds a ``RawOutputHandler`` in front when it needs one.)
package enum ConnectionPipeline {
    /// Adds the connection handlers to `channel`. Call on the channel's event loop.
    static func install(on channel: any Channel, context: ServerContext) throws {
        let pipeline = channel.pipeline.syncOperations
        try pipeline.configureHTTPServerPipeline(withErrorHandling: false)
        try pipeline.addHandler(ProtocolErrorHandler())
        try pipeline.addHandler(MockHTTPHandler(context: context))
    }

    /// Adds the same handlers serving `mock` with a context of their own, for driving one
    /// connection without a socket (the HTTP fuzz target feeds bytes to an `EmbeddedChannel`).
    /// The admin API's shutdown does nothing there, and proxy stubs answer 502: the upstream
    /// client's group (NIO's shared one) does not hold an embedded channel's loop.
    package static func install(on channel: any Channel, mock: HTTPMock, configuration: MockServerConfiguration) throws {
        let context = ServerContext(
            mock: mock, configuration: configuration,
            upstream: UpstreamClient(group: MultiThreadedEventLoopGroup.singleton, timeout: configuration.proxyTimeout),
            adminState: AdminState()) {}
        try install(on: channel, context: context)
    }
}
