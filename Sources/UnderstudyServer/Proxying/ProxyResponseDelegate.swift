import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// Receives upstream's answer to a proxied request, part by part, on the client's connection's
/// event loop.
protocol ProxyResponseSink: AnyObject {
    /// Upstream's status line and headers arrived.
    func proxyReceivedHead(_ head: HTTPResponseHead)
    /// A piece of upstream's body arrived; the returned future completes when the piece is
    /// written to the client, so a slow client slows the upstream read (back-pressure).
    func proxyReceivedBodyPart(_ buffer: ByteBuffer, on eventLoop: any EventLoop) -> EventLoopFuture<Void>
    /// Upstream's answer is complete.
    func proxyFinished()
    /// Forwarding failed: upstream unreachable, too slow, or gone mid-answer.
    func proxyFailed(_ error: any Error)
}

/// Streams an upstream response into a ``ProxyResponseSink`` as AsyncHTTPClient delivers it.
///
/// Every callback runs on the event loop the sink lives on (the request is executed with
/// `.delegateAndChannel(on:)`), which `NIOLoopBound` checks.
final class ProxyResponseDelegate: HTTPClientResponseDelegate {
    typealias Response = Void

    private let sink: NIOLoopBound<any ProxyResponseSink>

    init(sink: any ProxyResponseSink, eventLoop: any EventLoop) {
        self.sink = NIOLoopBound(sink, eventLoop: eventLoop)
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        sink.value.proxyReceivedHead(head)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        sink.value.proxyReceivedBodyPart(buffer, on: task.eventLoop)
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        sink.value.proxyFailed(error)
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        sink.value.proxyFinished()
    }
}
