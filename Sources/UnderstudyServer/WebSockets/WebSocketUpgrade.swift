import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket
import Understudy
import UnderstudyMessaging

/// The WebSocket upgrade of a plain or TLS HTTP/1.1 connection: accepted when the HTTP stub the
/// request matches says `acceptWebSocket` (the request is then journaled as served by it, and
/// its headers go on the `101`), or when the mock's ``MessageHub`` has a message stub for the
/// URL (see ``MessageHub``); refused otherwise, and then the request goes on to the mock as any
/// GET and gets the ordinary answer (a 404 with its near-miss report when nothing matches).
/// Admin paths are never upgraded.
enum WebSocketUpgrade {
    /// The upgrader for a connection; `httpHandlers` are the handlers to take out of the
    /// pipeline once the socket is upgraded (the mock's HTTP handlers).
    static func upgrader(context: ServerContext, scheme: String, httpHandlers: @escaping @Sendable () -> [any RemovableChannelHandler])
        -> NIOWebSocketServerUpgrader {
        let configuration = context.configuration
        let mock = context.mock
        let hub = mock.messages
        return NIOWebSocketServerUpgrader(
            maxFrameSize: min(configuration.webSocketMaxMessageBytes, Int(UInt32.max)),
            automaticErrorHandling: true,
            shouldUpgrade: { channel, head in
                let request = openingRequest(head, scheme: scheme, channel: channel)
                guard !AdminAPI.isAdmin(path: request.path) else {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                // The upgrade is served as any request is: with a store in another process
                // (PostgreSQL), in a task, as the event loop never waits on a store.
                guard mock.sharesStateRemotely else {
                    return channel.eventLoop.makeSucceededFuture(decision(for: request, served: mock.serveWebSocketUpgradeLocally(request), hub: hub))
                }
                return StoreRoundTrip.serve(on: channel.eventLoop) {
                    decision(for: request, served: await mock.serveWebSocketUpgrade(request), hub: hub)
                }
            },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    for handler in httpHandlers() { _ = pipeline.removeHandler(handler) }
                    try pipeline.addHandler(IdleStateHandler(allTimeout: TimeAmount(configuration.webSocketIdleTimeout)))
                    try pipeline.addHandler(ClientMaskingCheck())
                    try pipeline.addHandler(NIOWebSocketFrameAggregator(
                        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16,
                        maxAccumulatedFrameSize: configuration.webSocketMaxMessageBytes))
                    try pipeline.addHandler(WebSocketHandler(hub: hub, openingRequest: openingRequest(head, scheme: scheme, channel: channel)))
                }
            })
    }

    /// The `101`'s headers when the upgrade is accepted: the matching HTTP stub's (it accepts
    /// WebSockets, and the request is journaled as served by it), or none when a message stub
    /// listens on the URL; `nil` refuses it.
    private static func decision(for request: RecordedRequest, served: ServeEvent?, hub: MessageHub) -> NIOHTTP1.HTTPHeaders? {
        if let served { return switchingHeaders(served.response.headers) }
        return hub.acceptsUpgrade(request) ? NIOHTTP1.HTTPHeaders() : nil
    }

    /// A stub's response headers for the `101`, without those that describe a body or that the
    /// handshake sets itself.
    private static func switchingHeaders(_ headers: Understudy.HTTPHeaders) -> NIOHTTP1.HTTPHeaders {
        let handshake: Set<String> = ["content-length", "content-type", "transfer-encoding", "connection", "upgrade", "sec-websocket-accept"]
        return NIOHTTP1.HTTPHeaders(headers.filter { !handshake.contains($0.name.lowercased()) }.map { ($0.name, $0.value) })
    }

    private static func openingRequest(_ head: HTTPRequestHead, scheme: String, channel: any Channel) -> RecordedRequest {
        RecordedRequest(head, body: ByteBuffer(), scheme: scheme, channel: channel, id: UUID(), clientAddress: RecordedRequest.clientAddress(of: channel))
    }
}
