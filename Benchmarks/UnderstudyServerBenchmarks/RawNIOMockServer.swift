import Foundation
import NIOCore
import NIOHTTP1
import Understudy

/// The raw SwiftNIO ceiling plus the mock's own work: each request is turned into a
/// ``RecordedRequest`` and served by ``HTTPMock/serve(_:)`` (matched, counted, journaled), then
/// answered with the same fixed body as ``RawNIOServer``. Between the raw server and
/// `understudy serve`, it tells how much of the gap is the core's work inside a server (where it
/// shares the caches with the network stack and the client) and how much the server's handler.
enum RawNIOMockServer {
    static func start(port: Int, body: String) async throws -> any Channel {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/hello"), .ok.body(body))
        return try await RawNIOServer.start(port: port) { MockServingResponder(mock: mock, body: body) }
    }
}

/// Serves every request through the mock, then answers `200 OK` with a fixed body.
final class MockServingResponder: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let mock: HTTPMock
    private let body: String
    private var head: HTTPRequestHead?

    init(mock: HTTPMock, body: String) {
        self.mock = mock
        self.body = body
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            head = request
        case .body:
            break
        case .end:
            guard let request = head else { return }
            var headers = Understudy.HTTPHeaders()
            for (name, value) in request.headers { headers.add(name: name, value: value) }
            let event = mock.serve(RecordedRequest(method: Understudy.HTTPMethod(request.method.rawValue), url: request.uri, headers: headers))
            var response = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: event.status))
            response.headers.add(name: "Content-Length", value: String(body.utf8.count))
            context.write(wrapOutboundOut(.head(response)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
            let ended = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !request.isKeepAlive { ended.assumeIsolated().whenComplete { _ in context.close(promise: nil) } }
        }
    }
}
