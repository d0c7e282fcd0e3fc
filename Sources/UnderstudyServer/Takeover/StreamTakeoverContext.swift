package import Foundation
package import NIOCore
package import NIOHTTP1
package import Understudy

/// What a ``StreamTakeover``'s handler serves through: the server's mock, how requests are
/// recorded, served and completed as the server's own handler does it (off the event loop
/// where the mock's store or a body file needs it), and the server's faults.
package struct StreamTakeoverContext: Sendable {
    let server: ServerContext
    /// `http` or `https`.
    package let scheme: String
    /// The client's `ip:port`.
    package let clientAddress: String

    /// The mock the server serves.
    package var mock: HTTPMock { server.mock }
    /// The server's settings (limits and timeouts).
    package var configuration: MockServerConfiguration { server.configuration }

    /// The request as the journal records it: `head` (whose method and URI may be changed) with `body`.
    package func recordedRequest(_ head: HTTPRequestHead, body: Data, channel: any Channel) -> RecordedRequest {
        var buffer = channel.allocator.buffer(capacity: body.count)
        buffer.writeBytes(body)
        return RecordedRequest(head, body: buffer, scheme: scheme, channel: channel, id: UUID(), clientAddress: clientAddress)
    }

    /// Serves `request` as the server serves any: matched and journaled, its answer planned. The
    /// result arrives on `loop`; a remote store's round trips and a body file's read happen off it.
    package func serve(_ request: RecordedRequest, on loop: any EventLoop) -> EventLoopFuture<ServedRequest> {
        switch server.serve(request, on: loop) {
        case .now(let served): loop.makeSucceededFuture(served)
        case .later(let served): served
        }
    }

    /// Tells the mock that `served`'s answer is over, `elapsed` after its request arrived: its
    /// webhooks fire and the serve listeners (the console log, the dashboard) hear of it.
    package func complete(_ served: ServedRequest, elapsed: Duration) {
        let mock = server.mock
        let (upstream, transport) = (server.upstream, server.transport)
        let complete: @Sendable () -> Void = {
            mock.complete(served, elapsed: elapsed, transport: transport, defaultSender: upstream)
        }
        if mock.sharesStateRemotely && mock.hasCompletionListeners { StoreRoundTrip.detach(complete) } else { complete() }
    }

    /// Carries out a stub's network fault on the stream (a reset, the connection's reset, …),
    /// as the server does for HTTP/2 streams; `afterHead` when the response's head was sent.
    package func perform(_ fault: Fault, afterHead: Bool, context: ChannelHandlerContext) {
        FaultWriter.perform(fault, context: context, afterHead: afterHead, onHTTP2Stream: true)
    }
}
