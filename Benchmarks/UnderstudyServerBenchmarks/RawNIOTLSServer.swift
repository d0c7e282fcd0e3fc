import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import UnderstudyTLS

/// The HTTPS ceiling: the smallest SwiftNIO server with the same TLS setup as the mock's HTTPS
/// listener (a P-256 certificate from a generated authority, ALPN `h2` and `http/1.1`, NIO's
/// HTTP/2-to-HTTP/1 codec per stream) answering every request with the same fixed body.
/// No matching, no journal, no handshake deadline, no lifecycle handling.
enum RawNIOTLSServer {
    static func start(port: Int, body: String, identity: TLSIdentity) async throws -> any Channel {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(identity.certificateChainPEM.utf8)).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(try identity.privateKeyPEM.utf8), format: .pem)))
        configuration.applicationProtocols = ["h2", "http/1.1"]
        let context = try NIOSSLContext(configuration: configuration)
        return try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                }.flatMap {
                    channel.configureHTTP2SecureUpgrade(
                        h2ChannelConfigurator: { channel in
                            channel.configureHTTP2Pipeline(mode: .server) { stream in
                                stream.eventLoop.makeCompletedFuture {
                                    try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                                    try stream.pipeline.syncOperations.addHandler(FixedResponder(body: body))
                                }
                            }.map { _ in }
                        },
                        http1ChannelConfigurator: { channel in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                                try channel.pipeline.syncOperations.addHandler(FixedResponder(body: body))
                            }
                        })
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
    }
}
