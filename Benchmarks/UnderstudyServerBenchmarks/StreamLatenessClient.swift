import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// Opens `streams` connections at once, asks each for an event stream of `events` events
/// scheduled every `interval`, and measures how late each event arrives against its schedule:
/// event k is due `k × interval` after the stream's head arrived.
enum StreamLatenessClient {
    struct Result {
        var lateness: [Duration]
        var events: Int
        var streamsCompleted: Int
    }

    static func run(port: Int, path: String, streams: Int, events: Int, interval: Duration) async throws -> Result {
        let collector = NIOLockedValueBox((lateness: [Duration](), events: 0, completed: 0))
        let (done, finished) = AsyncStream<Void>.makeStream()
        var channels: [any Channel] = []
        for _ in 0..<streams {
            let handler = LatenessRecorder(events: events, interval: interval) { lateness in
                collector.withLockedValue { state in
                    state.lateness += lateness
                    state.events += lateness.count
                    state.completed += 1
                    if state.completed == streams { finished.finish() }
                }
            }
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
            channels.append(channel)
        }
        // Every stream starts at once.
        for channel in channels {
            var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
            head.headers.add(name: "Host", value: "127.0.0.1")
            channel.write(HTTPClientRequestPart.head(head), promise: nil)
            channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        }
        for await _ in done {}
        for channel in channels { try? await channel.close() }
        let state = collector.withLockedValue { $0 }
        return Result(lateness: state.lateness, events: state.events, streamsCompleted: state.completed)
    }
}

/// Notes when each event of one stream arrives.
final class LatenessRecorder: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked Sendable is safe: every stored property is touched only on the channel's
    // event loop (the handler is added to one pipeline and only its callbacks use it); the
    // `report` closure is itself Sendable.
    typealias InboundIn = HTTPClientResponsePart

    private let events: Int
    private let interval: Duration
    private let report: @Sendable ([Duration]) -> Void
    private var headArrived: ContinuousClock.Instant?
    private var received = 0
    private var lateness: [Duration] = []
    private var pendingNewline = false

    init(events: Int, interval: Duration, report: @escaping @Sendable ([Duration]) -> Void) {
        self.events = events
        self.interval = interval
        self.report = report
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            headArrived = .now
        case .body(let buffer):
            let now = ContinuousClock.now
            // Events end with "\n\n"; one may straddle two reads.
            for byte in buffer.readableBytesView {
                if byte == UInt8(ascii: "\n") {
                    if pendingNewline {
                        received += 1
                        if let headArrived { lateness.append(now - (headArrived + interval * received)) }
                        pendingNewline = false
                    } else {
                        pendingNewline = true
                    }
                } else {
                    pendingNewline = false
                }
            }
        case .end:
            report(lateness)
        }
    }
}
