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
    /// The timed or streamed body being written, and where it is.
    private var timed: TimedWrite?

    // A class, not a struct: the timer of every part reads and advances it, and a struct
    // holding an array and a request head would be copied and destroyed each time (2.5 % of
    // a 1 000-stream run's samples in the value witnesses alone).
    private final class TimedWrite {
        let parts: [TimedBody.Part]
        let ending: TimedBody.Ending
        let request: HTTPRequestHead
        /// When the last part written (or the head) was due.
        var due: NIODeadline
        /// The index of the next part to write.
        var next = 0

        init(parts: [TimedBody.Part], ending: TimedBody.Ending, request: HTTPRequestHead, due: NIODeadline) {
            self.parts = parts
            self.ending = ending
            self.request = request
            self.due = due
        }
    }

    /// How much of the stream being written (or last written) reached the client; `nil` when
    /// the response being written is not a stream.
    private(set) var streamDelivery: StreamDelivery?

    /// Whether the channel is one HTTP/2 stream (faults then take their HTTP/2 meaning).
    private let onHTTP2Stream: Bool

    init(reader: RequestReader, onHTTP2Stream: Bool = false) {
        self.reader = reader
        self.onHTTP2Stream = onHTTP2Stream
    }

    /// A new request is being answered: forget the previous response's stream delivery.
    func startResponse() { streamDelivery = nil }

    /// The client went away: the rest of a timed or streamed response is dropped at once (no
    /// timer left behind) and its `finished` runs.
    func stop() {
        pending?.cancel()
        pending = nil
        timed = nil
        if onFinish != nil { streamDelivery?.clientLeftEarly = true }
        finish()
    }

    private func finish() {
        let finished = onFinish
        onFinish = nil
        finished?()
    }

    /// A static answer as last written on this connection: its head and body buffers, sent
    /// again while the connection asks for the same key (``ResponsePlan/reusableKey``) over the
    /// same HTTP version.
    private var kept: (key: any AnyObject & Sendable, version: HTTPVersion, head: HTTPResponseHead, body: [ByteBuffer])?

    /// Writes a planned status, headers and body in answer to `request`; calls `finished` once
    /// the end of the response has been written (or the client has gone). With a `reusableKey`
    /// (a static stub's answer) the head and buffers made for the key's last answer on this
    /// connection are sent again.
    func write(_ planned: ResponseHead, _ body: TimedBody, reusableKey: (any AnyObject & Sendable)? = nil,
               for request: HTTPRequestHead, context: ChannelHandlerContext, then finished: (() -> Void)? = nil) {
        // A stream is flushed part by part even with no pauses (a client reads it as it comes).
        guard !body.arrivesAtOnce || body.isStream else {
            // No pauses: no flush until the end, so the whole response leaves in one write.
            let (head, buffers) = encoded(planned, body, reusableKey: reusableKey, for: request, context: context)
            writeHead(head, for: request, context: context)
            for buffer in buffers { context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))), promise: nil) }
            end(for: request, context: context, then: finished)
            return
        }
        writeHead(head(planned, for: request), for: request, context: context)
        context.flush()
        onFinish = finished
        streamDelivery = body.isStream ? StreamDelivery(partsDelivered: 0, parts: body.parts.count, clientLeftEarly: false) : nil
        timed = TimedWrite(parts: body.parts, ending: body.ending, request: request, due: context.eventLoop.now)
        scheduleNextPart(context: context)
    }

    /// The head and body buffers of an answer with no pauses: the kept ones when the key is the
    /// kept answer's, otherwise made now (and kept, when there is a key).
    private func encoded(_ planned: ResponseHead, _ body: TimedBody, reusableKey: (any AnyObject & Sendable)?,
                         for request: HTTPRequestHead, context: ChannelHandlerContext) -> (HTTPResponseHead, [ByteBuffer]) {
        if let reusableKey, let kept, kept.key === reusableKey, kept.version == request.version { return (kept.head, kept.body) }
        let head = head(planned, for: request)
        let buffers = body.parts.map { context.channel.allocator.buffer(bytes: $0.bytes) }
        if let reusableKey { kept = (reusableKey, request.version, head, buffers) }
        return (head, buffers)
    }

    private func head(_ planned: ResponseHead, for request: HTTPRequestHead) -> HTTPResponseHead {
        var head = HTTPResponseHead(version: request.version, status: Self.status(planned.status, planned.reason))
        for field in planned.headers { head.headers.add(name: field.name, value: field.value) }
        return head
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

    /// The most parts with no pause written in one turn of the event loop.
    private static let partsPerTurn = 64

    /// Schedules the next part at its time, or ends the body as planned after the last. Each
    /// part is due `delay` after the previous one was due (not after it was sent), so a late
    /// wake-up delays one part and not every part after it. The timer captures only the
    /// writer and the context; the rest lives in ``timed``, so a part costs one small closure.
    private func scheduleNextPart(context: ChannelHandlerContext) {
        // Parts with no pause go out in this loop, not by recursion: a stream of 100 000
        // such parts must not grow the event loop's stack. Every `partsPerTurn`-th of them is
        // written with a promise and the loop goes on once it has reached the socket: the event
        // loop does its I/O in between, so one long stream does not hold up the other
        // connections (and servers) that share the loop, nor buffer the whole stream.
        var sentThisTurn = 0
        while let timed, timed.next < timed.parts.count {
            let delay = timed.parts[timed.next].delay
            if delay == .zero, sentThisTurn == Self.partsPerTurn - 1, timed.next + 1 < timed.parts.count {
                let written = context.eventLoop.makePromise(of: Void.self)
                guard sendNextPart(context: context, promise: written) else { return }
                written.futureResult.assumeIsolated().whenComplete { _ in
                    // Only for this body: the client may have left, and another response begun.
                    guard self.timed === timed else { return }
                    self.scheduleNextPart(context: context)
                }
                return
            }
            let due = timed.due + TimeAmount(delay)
            timed.due = due
            guard delay == .zero else {
                pending = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) {
                    self.pending = nil
                    guard self.sendNextPart(context: context) else { return }
                    self.scheduleNextPart(context: context)
                }
                return
            }
            guard sendNextPart(context: context) else { return }
            sentThisTurn += 1
        }
        if let timed {
            self.timed = nil
            endStream(timed.ending, for: timed.request, context: context)
        }
    }

    /// Writes and flushes the next part; `false` when the client has gone (the response is
    /// then over).
    private func sendNextPart(context: ChannelHandlerContext, promise: EventLoopPromise<Void>? = nil) -> Bool {
        guard context.channel.isActive else {
            timed = nil
            streamDelivery?.clientLeftEarly = true
            finish()
            return false
        }
        guard let timed else { return false }
        let part = timed.parts[timed.next]
        timed.next += 1
        // An empty part only marks a time (a stalled connection's wait): nothing to write.
        guard !part.bytes.isEmpty else {
            promise?.succeed()
            return true
        }
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(context.channel.allocator.buffer(bytes: part.bytes)))), promise: promise)
        streamDelivery?.partsDelivered += 1
        return true
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
            FaultWriter.perform(fault, context: context, afterHead: true, onHTTP2Stream: onHTTP2Stream)
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
