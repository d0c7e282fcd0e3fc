import NIOCore
import NIOHTTP1

/// A plain-text answer after which the connection closes: what the server says about a
/// request it refuses before any stub sees it (413, 400, 431).
enum ClosingTextResponse {
    /// Writes `text` with `status`, marked `Connection: close`, then closes the connection.
    static func write(_ status: HTTPResponseStatus, _ text: String, version: HTTPVersion, context: ChannelHandlerContext) {
        let head = HTTPResponseHead(version: version, status: status, headers: [
            "Content-Type": "text/plain; charset=utf-8", "Content-Length": String(text.utf8.count), "Connection": "close",
        ])
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(context.channel.allocator.buffer(string: text)))), promise: nil)
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
