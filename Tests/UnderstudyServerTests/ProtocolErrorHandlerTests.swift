import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
@testable import UnderstudyServer

/// The connection's parse-error answers, driven without a socket.
struct ProtocolErrorHandlerTests {
    /// A connection closing with an unfinished head, after the server asked it to quiesce: the
    /// decoder's leftovers arrive as a parse error once NIO's pipeline handler has finished, and
    /// answering them then trapped inside NIO ("Wrote in quiescing completed state"), which
    /// crashed the whole test process (seen in CI under `othersAreServedWhileAHeadIsIncomplete`).
    @Test func aParseErrorWhileTheConnectionClosesIsNotAnswered() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: false)
        try channel.pipeline.syncOperations.addHandler(ProtocolErrorHandler())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        try channel.writeInbound(ByteBuffer(string: "GET /slow HTTP/1.1\r\nHost: x"))
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        _ = try? channel.finish()
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
    }

    /// An invalid head on an open connection is still answered with a 400 naming the error.
    @Test func anInvalidHeadIsAnsweredWithA400() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: false)
        try channel.pipeline.syncOperations.addHandler(ProtocolErrorHandler())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        #expect(throws: (any Error).self) { try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nBad Header\r\n\r\n")) }
        var written = ByteBuffer()
        while var part = try channel.readOutbound(as: ByteBuffer.self) { written.writeBuffer(&part) }
        #expect(String(buffer: written).hasPrefix("HTTP/1.1 400 Bad Request"))
        _ = try? channel.finish()
    }
}
