package import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOSSL
import NIOTLS
package import UnderstudyServer

/// Sets up each connection of the HTTPS listener: TLS, a deadline for the handshake, the raw
/// output point for faults, then ALPN choosing HTTP/2 (a connection manager and, per stream,
/// NIO's HTTP/2-to-HTTP/1 codec before the server's own handlers) or HTTP/1.1 (the server's
/// usual pipeline).
package struct HTTPSConnectionSetup: Sendable {
    private let context: NIOSSLContext
    private let settings: HTTPSConfiguration

    /// Builds the TLS context; throws when the identity or the client authorities cannot be used.
    init(settings: HTTPSConfiguration) throws {
        try HTTP2Limits(settings).validate()
        self.settings = settings
        self.context = try NIOSSLContext(configuration: settings.serverTLSConfiguration())
    }

    var initializer: @Sendable (any Channel, ConnectionHandlers) -> EventLoopFuture<Void> {
        { channel, handlers in self.setUp(channel, handlers: handlers) }
    }

    private func setUp(_ channel: any Channel, handlers: ConnectionHandlers) -> EventLoopFuture<Void> {
        let added = channel.eventLoop.makeCompletedFuture {
            let sync = channel.pipeline.syncOperations
            try sync.addHandler(NIOSSLServerHandler(context: context))
            try sync.addHandler(HandshakeDeadlineHandler(timeout: TimeAmount(handlers.configuration.headerReadTimeout)))
            try sync.addHandler(ConnectionHandlers.makeRawOutputHandler(), name: ConnectionHandlers.rawOutputName)
        }
        guard settings.http2 else {
            return added.flatMapThrowing { try handlers.installHTTP1(on: channel) }
        }
        let settings = self.settings
        return added.flatMap {
            channel.configureHTTP2SecureUpgrade(
                h2ChannelConfigurator: { channel in
                    channel.eventLoop.makeCompletedFuture { try Self.installHTTP2(on: channel, settings: settings, handlers: handlers) }
                },
                http1ChannelConfigurator: { channel in
                    channel.eventLoop.makeCompletedFuture { try handlers.installHTTP1(on: channel) }
                })
        }
    }

    /// The HTTP/2 handlers of one connection. Call on the channel's event loop; also what the
    /// HTTP/2 fuzz target drives without TLS.
    package static func installHTTP2(on channel: any Channel, settings: HTTPSConfiguration, handlers: ConnectionHandlers) throws {
        try installHTTP2(on: channel, limits: HTTP2Limits(settings), handlers: handlers)
    }

    /// The HTTP/2 handlers of one connection with these limits (the HTTPS listener's, or h2c's).
    static func installHTTP2(on channel: any Channel, limits: HTTP2Limits, handlers: ConnectionHandlers) throws {
        var connection = NIOHTTP2Handler.ConnectionConfiguration()
        connection.initialSettings = [
            HTTP2Setting(parameter: .maxConcurrentStreams, value: limits.maxConcurrentStreams),
            HTTP2Setting(parameter: .maxHeaderListSize, value: limits.maxHeaderListSize),
            HTTP2Setting(parameter: .maxFrameSize, value: limits.maxFrameSize),
        ]
        let http2 = NIOHTTP2Handler(
            mode: .server, eventLoop: channel.eventLoop, connectionConfiguration: connection,
            streamConfiguration: .init()
        ) { stream in
            stream.eventLoop.makeCompletedFuture {
                try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                try handlers.installHTTP2Stream(on: stream)
            }
        }
        let sync = channel.pipeline.syncOperations
        try sync.addHandler(http2)
        // NIO's NIOHTTP2ServerConnectionManagementHandler would do this, but it assumes it sees
        // the connection become active, and here it is added after TLS and ALPN.
        try sync.addHandler(HTTP2ConnectionLifecycleHandler(idleTimeout: TimeAmount(handlers.configuration.headerReadTimeout)))
    }
}
