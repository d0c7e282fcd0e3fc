import NIOCore
import NIOHTTP1

/// Answers requests the HTTP parser rejects, then lets the connection close: `431 Request
/// Header Fields Too Large` when the head is over the decoder's limits (80 KiB of headers by
/// default), `400 Bad Request` naming the parse error otherwise. Like NIO's
/// `HTTPServerProtocolErrorHandler`, it answers only when no response is under way.
final class ProtocolErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var responding = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        // A parse error also arrives while the connection closes (the decoder's leftovers of an
        // unfinished head), after NIO's pipeline handler has finished quiescing; writing then
        // traps in NIO ("Wrote in quiescing completed state"), and nobody would read it.
        if !responding, context.channel.isActive {
            let (status, text): (HTTPResponseStatus, String) = parseError == .headerOverflow
                ? (.requestHeaderFieldsTooLarge,
                   "The request's headers are over the server's limit (80 KiB in all, 80 KiB per field); send fewer or shorter headers.\n")
                : (.badRequest, "The request is not valid HTTP/1.1 (\(parseError)).\n")
            ClosingTextResponse.write(status, text, version: .http1_1, context: context)
        } else {
            context.close(promise: nil)
        }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.code >= 200: responding = true
        case .end: responding = false
        default: break
        }
        context.write(data, promise: promise)
    }
}
