import Foundation
import NIOCore
import NIOHTTP1
import Understudy

/// Carries out planned answers on one connection: the head, each timed part of the body
/// after its pause, and the end of the response (closing the connection unless the request
/// asked to keep it alive). Every method runs on the connection's event loop.
final class ResponseWriter {
    private let reader: RequestReader
    /// The next timed step of the response being written (a part, or the end of a stream held
    /// open), cancelled when the client goes away.
    private var pending: Scheduled<Void>?
    /// What to run once the response being written is over, however it ends.
    private var onFinish: (() -> Void)?
    /// How much of the stream being written (or last written) reached the client.
    private(set) var streamDelivery: StreamDelivery?

    init(reader: RequestReader) { self.reader = reader }

    /// The client went away: the rest of a timed or streamed response is dropped at once (no
    /// timer left behind) and its `finished` runs.
    func stop() {
        pending?.cancel()
        pending = nil
        if onFinish != nil { streamDelivery?.clientLeftEarly = true }
        finish()
    }

    private func finish() {
        let finished = onFinish
        onFinish = nil
        finished?()
    }

    /// Writes a planned status, headers and body in answer to `request`; calls `finished` once
    /// the end of the response has been written (or the client has gone).
    func write(_ planned: ResponseHead, _ body: TimedBody, for request: HTTPRequestHead, context: ChannelHandlerContext,
               then finished: (() -> Void)? = nil) {
        var head = HTTPResponseHead(version: request.version, status: Self.status(planned.status, planned.reason))
        for field in planned.headers { head.headers.add(name: field.name, value: field.value) }
        writeHead(head, for: request, context: context)
        guard body.isTimed || body.isStream || body.ending != .complete else {
            // No pauses: no flush until the end, so the whole response leaves in one write.
            for part in body.parts {
                context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(context.channel.allocator.buffer(bytes: part.bytes)))), promise: nil)
            }
            end(for: request, context: context, then: finished)
            return
        }
        context.flush()
        onFinish = finished
        streamDelivery = body.isStream ? StreamDelivery(partsDelivered: 0, parts: body.parts.count, clientLeftEarly: false) : nil
        writeParts(body.parts[...], ending: body.ending, from: .now(), for: request, context: context)
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

    /// Writes each part at its time (flushed at once), then ends the body as planned. Each
    /// part is due `delay` after the previous one was due (not after it was sent), so a late
    /// wake-up delays one part and not every part after it.
    private func writeParts(_ parts: ArraySlice<TimedBody.Part>, ending: TimedBody.Ending, from previous: NIODeadline,
                            for request: HTTPRequestHead, context: ChannelHandlerContext) {
        guard let part = parts.first else {
            endStream(ending, for: request, context: context)
            return
        }
        let due = previous + TimeAmount(part.delay)
        let send = {
            self.pending = nil
            guard context.channel.isActive else {
                self.streamDelivery?.clientLeftEarly = true
                return self.finish()
            }
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(context.channel.allocator.buffer(bytes: part.bytes)))), promise: nil)
            self.streamDelivery?.partsDelivered += 1
            self.writeParts(parts.dropFirst(), ending: ending, from: due, for: request, context: context)
        }
        if part.delay > .zero {
            pending = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { send() }
        } else {
            send()
        }
    }

    /// After the last part: the end of the response, a fault (a stream cut mid-way), or
    /// nothing until the client leaves or the cap passes.
    private func endStream(_ ending: TimedBody.Ending, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        switch ending {
        case .complete:
            let finished = onFinish
            onFinish = nil
            end(for: request, context: context, then: finished)
        case .fault(let fault):
            FaultWriter.perform(fault, context: context)
            finish()
        case .heldOpen(let cap):
            pending = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(cap)) {
                self.pending = nil
                guard context.channel.isActive else {
                    self.streamDelivery?.clientLeftEarly = true
                    return self.finish()
                }
                self.endStream(.complete, for: request, context: context)
            }
        }
    }

    private static func status(_ code: Int, _ reason: String?) -> HTTPResponseStatus {
        guard let reason else { return HTTPResponseStatus(statusCode: code) }
        // `.custom` keeps the phrase even for codes NIO knows by name.
        return .custom(code: UInt(code), reasonPhrase: reason)
    }
}
