import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOTLS
import Testing
import Understudy
import UnderstudyServer
import UnderstudyTLS
import UnderstudyTestSupport

/// Runs `body` with a server for `mock` serving HTTPS (and plain HTTP unless turned off),
/// shut down on both paths.
@discardableResult
func withHTTPSServer<Result>(
    _ mock: HTTPMock,
    https: HTTPSConfiguration? = nil,
    configure: (inout MockServerConfiguration) -> Void = { _ in },
    _ body: (MockServer) async throws -> Result
) async throws -> Result {
    var configuration = MockServerConfiguration()
    configuration.https = try https ?? HTTPSConfiguration()
    configure(&configuration)
    return try await withMockServer(mock, configuration: configuration) { server in try await body(server) }
}

/// A response as a test sees it, with the HTTP version the client negotiated.
struct TestResponse {
    var status: Int
    var version: HTTPVersion
    var headers: NIOHTTP1.HTTPHeaders
    var body: String
}

/// An AsyncHTTPClient trusting `identity`'s authority only (and presenting `clientIdentity`),
/// shut down after `body`.
@discardableResult
func withClient<Result>(trusting identity: TLSIdentity, presenting clientIdentity: TLSIdentity? = nil,
                        httpVersion: HTTPClient.Configuration.HTTPVersion = .automatic,
                        _ body: (HTTPClient) async throws -> Result) async throws -> Result {
    var configuration = HTTPClient.Configuration(tlsConfiguration: try identity.clientTLSConfiguration(presenting: clientIdentity))
    configuration.httpVersion = httpVersion
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    do {
        let result = try await body(client)
        try await client.shutdown()
        return result
    } catch {
        try? await client.shutdown()
        throw error
    }
}

extension HTTPClient {
    /// Sends a request and reads the whole response.
    func send(_ url: URL, method: NIOHTTP1.HTTPMethod = .GET, headers: [(String, String)] = [], body: String? = nil) async throws -> TestResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return TestResponse(status: Int(response.status.code), version: response.version, headers: response.headers, body: String(buffer: bytes))
    }
}

/// Writes `text` to a new temporary file and returns its path.
func temporaryFile(_ text: String, name: String = "file.pem") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}

/// Performs a TLS handshake with `port` verifying the server by `pins` only; returns whether
/// the handshake completed (the pinned client accepted the server).
func handshakeSucceeds(port: Int, pins: Set<String>) async throws -> Bool {
    let context = try NIOSSLContext(configuration: .makeClientConfiguration())
    let outcome = HandshakeOutcome()
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                let handler = try NIOSSLClientHandler(context: context, serverHostname: "localhost",
                                                      customVerificationCallback: PublicKeyPin.verificationCallback(pins: pins))
                try channel.pipeline.syncOperations.addHandlers([handler, outcome])
            }
        }
        .connect(host: "127.0.0.1", port: port).get()
    try? await channel.closeFuture.get()
    return outcome.completed
}

/// Notes whether the TLS handshake completed, then closes the connection.
final class HandshakeOutcome: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let box = NIOLockedValueBox(false)

    var completed: Bool { box.withLockedValue { $0 } }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event {
            box.withLockedValue { $0 = true }
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
