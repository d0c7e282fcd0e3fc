import NIOCore
import NIOPosix
import NIOSSL

/// The same tiny client as ``OneShotClient`` over TLS (HTTP/1.1, `Connection: close`),
/// trusting one authority: the handshake and the first response, then the server's close.
enum OneShotTLSClient {
    static func get(port: Int, path: String, tls: TLSConfiguration) async throws -> String {
        let context = try NIOSSLContext(configuration: tls)
        let collector = OneShotClient.Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: "localhost"))
                    try channel.pipeline.syncOperations.addHandler(collector)
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"))
        try? await channel.closeFuture.get()
        return collector.text
    }
}
