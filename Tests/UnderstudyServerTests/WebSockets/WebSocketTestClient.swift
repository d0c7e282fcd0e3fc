import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Understudy
import UnderstudyServer
import UnderstudyMessaging

/// NIO's WebSocket client, for tests: opens a socket on a server's path and reads and writes
/// frames in order. Frames it sends are masked, as RFC 6455 requires of clients.
struct WebSocketTestSession {
    private var frames: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    /// The headers of the server's `101 Switching Protocols`.
    let switchingHeaders: NIOHTTP1.HTTPHeaders

    fileprivate init(_ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, _ outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>,
                     switchingHeaders: NIOHTTP1.HTTPHeaders) {
        frames = inbound.makeAsyncIterator()
        self.outbound = outbound
        self.switchingHeaders = switchingHeaders
    }

    /// The next frame the server sent; `nil` once the socket is closed.
    mutating func nextFrame() async throws -> WebSocketFrame? { try await frames.next() }

    /// The next text or binary message, skipping pongs; `nil` at a close frame or the end.
    mutating func nextMessage() async throws -> WebSocketMessage? {
        while let frame = try await frames.next() {
            switch frame.opcode {
            case .text: return .text(String(buffer: frame.unmaskedData))
            case .binary: return .binary(Data(frame.unmaskedData.readableBytesView))
            case .connectionClose: return nil
            default: continue
            }
        }
        return nil
    }

    /// The code of the server's close frame, reading past any messages before it.
    mutating func closeCode() async throws -> WebSocketErrorCode? {
        while let frame = try await frames.next() {
            if frame.opcode == .connectionClose {
                var data = frame.unmaskedData
                return data.readWebSocketErrorCode()
            }
        }
        return nil
    }

    func send(_ text: String) async throws { try await send(.text, ByteBuffer(string: text)) }
    func send(_ data: Data) async throws { try await send(.binary, ByteBuffer(bytes: data)) }

    /// Sends one frame with `opcode` and `data` (masked), `fin` false for a fragment.
    func send(_ opcode: WebSocketOpcode, _ data: ByteBuffer, fin: Bool = true) async throws {
        try await outbound.write(WebSocketFrame(fin: fin, opcode: opcode, maskKey: .random(), data: data))
    }
}

/// How the server answered a test client's upgrade request.
private enum Upgrade: Sendable {
    case upgraded(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, HTTPResponseHead)
    case refused
}

/// The server did not upgrade the request (it answered it as HTTP).
struct WebSocketRefused: Error {}

/// Opens a WebSocket on `path` of a started server, runs `body` with it, then closes it;
/// throws ``WebSocketRefused`` when the server answers the upgrade as a plain request.
/// `leftOverBytes` is what the client's HTTP decoder does with bytes that arrive in the same
/// read as the 101: keep them (what a WebSocket client must do, as the server may send at
/// once), or NIO's default, drop them.
func withWebSocket<Result: Sendable>(
    _ server: MockServer, path: String, headers: [(String, String)] = [],
    leftOverBytes: RemoveAfterUpgradeStrategy = .forwardBytes,
    _ body: (inout WebSocketTestSession) async throws -> Result
) async throws -> Result {
    let port = try server.port
    let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    let upgrade: EventLoopFuture<Upgrade> = try await bootstrap.connect(host: "127.0.0.1", port: port) { (channel: any Channel) in
        channel.eventLoop.makeCompletedFuture {
            try configureUpgrade(channel, port: port, path: path, headers: headers, leftOverBytes: leftOverBytes)
        }
    }
    switch try await upgrade.get() {
    case .refused:
        throw WebSocketRefused()
    case .upgraded(let channel, let head):
        return try await channel.executeThenClose { inbound, outbound in
            var session = WebSocketTestSession(inbound, outbound, switchingHeaders: head.headers)
            return try await body(&session)
        }
    }
}

/// Sets up a client channel that asks for a WebSocket upgrade of `path`.
private func configureUpgrade(_ channel: any Channel, port: Int, path: String, headers: [(String, String)],
                              leftOverBytes: RemoveAfterUpgradeStrategy) throws -> EventLoopFuture<Upgrade> {
    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: 1 << 24, upgradePipelineHandler: { (channel: any Channel, head: HTTPResponseHead) in
        channel.eventLoop.makeCompletedFuture { () throws -> Upgrade in
            .upgraded(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel), head)
        }
    })
    var requestHeaders = NIOHTTP1.HTTPHeaders([("Host", "127.0.0.1:\(port)"), ("Content-Length", "0")])
    for (name, value) in headers { requestHeaders.add(name: name, value: value) }
    let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: requestHeaders)
    let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
        upgradeRequestHead: head, upgraders: [upgrader],
        notUpgradingCompletionHandler: { (channel: any Channel) in channel.eventLoop.makeSucceededFuture(Upgrade.refused) })
    var pipelineConfiguration = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
    // A frame the server sends with its 101 (a greeting) may arrive in the same read: keep it.
    pipelineConfiguration.leftOverBytesStrategy = leftOverBytes
    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipelineConfiguration)
}
