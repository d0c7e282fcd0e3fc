import Foundation
import NIOCore
import NIOHTTP1
import Understudy

/// Carries out planned answers on one connection: the head, each timed part of the body
/// after its pause, and the end of the response (closing the connection unless the request
/// asked to keep it alive). Every method runs on the connection's event loop.
final class ResponseWriter {
    private let reader: RequestReader

    init(reader: RequestReader) { self.reader = reader }

    /// Writes a planned status, headers and body in answer to `request`; calls `finished` once
    /// the end of the response has been written (or the client has gone).
    func write(_ planned: ResponseHead, _ body: TimedBody, for request: HTTPRequestHead, context: ChannelHandlerContext,
               then finished: (() -> Void)? = nil) {
        var head = HTTPResponseHead(version: request.version, status: Self.status(planned.status, planned.reason))
        for field in planned.headers { head.headers.add(name: field.name, value: field.value) }
        writeHead(head, for: request, context: context)
        guard body.isTimed else {
            // No pauses: no flush until the end, so the whole response leaves in one write.
            for part in body.parts {
                context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(context.channel.allocator.buffer(bytes: part.bytes)))), promise: nil)
            }
            end(for: request, context: context, then: finished)
            return
        }
        context.flush()
        writeParts(body.parts[...], for: request, context: context, then: finished)
    }

    /// Writes a head, marking it `Connection: close` when the request did not ask to keep the connection.
    func writeHead(_ head: HTTPResponseHead, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        var head = head
        if !request.isKeepAlive { head.headers.replaceOrAdd(name: "Connection", value: "close") }
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
    }

    /// Ends the response; the connection then waits for its next request, or closes.
    /// `finished` runs once the end has been written.
    func end(for request: HTTPRequestHead, context: ChannelHandlerContext, then finished: (() -> Void)? = nil) {
        if request.isKeepAlive {
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
            reader.requestFinished()
        } else {
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
        finished?()
    }

    private func writeParts(_ parts: ArraySlice<TimedBody.Part>, for request: HTTPRequestHead, context: ChannelHandlerContext,
                            then finished: (() -> Void)?) {
        guard let part = parts.first else {
            end(for: request, context: context, then: finished)
            return
        }
        let send = {
            guard context.channel.isActive else {
                finished?()
                return
            }
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(context.channel.allocator.buffer(bytes: part.bytes)))), promise: nil)
            self.writeParts(parts.dropFirst(), for: request, context: context, then: finished)
        }
        if part.delay > .zero {
            context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(part.delay)) { send() }
        } else {
            send()
        }
    }

    private static func status(_ code: Int, _ reason: String?) -> HTTPResponseStatus {
        guard let reason else { return HTTPResponseStatus(statusCode: code) }
        // `.custom` keeps the phrase even for codes NIO knows by name.
        return .custom(code: UInt(code), reasonPhrase: reason)
    }
}
