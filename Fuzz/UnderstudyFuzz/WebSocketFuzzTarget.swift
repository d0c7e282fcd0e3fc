import Foundation
import NIOCore
import NIOEmbedded
import Understudy
import UnderstudyServer

/// Feeds raw bytes to an upgraded WebSocket: the server's connection handlers on an
/// `EmbeddedChannel` get a fixed upgrade request, then the input as frames (masked or not,
/// fragmented, control frames, oversize lengths, reserved bits: whatever the bytes say), with
/// message stubs that answer, push to every socket, close and drop. The message limit is small
/// so that the joined-fragments limit is reached too.
enum WebSocketFuzzTarget {
    static let upgradeRequest = """
        GET /chat?user=fuzz HTTP/1.1\r
        Host: 127.0.0.1\r
        Upgrade: websocket\r
        Connection: Upgrade\r
        Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
        Sec-WebSocket-Version: 13\r
        \r

        """

    /// Runs one input and returns every byte the connection wrote back (the 101 first).
    @discardableResult
    static func run(_ data: Data) -> Data {
        let channel = EmbeddedChannel()
        var configuration = MockServerConfiguration(headerReadTimeout: .seconds(5))
        configuration.webSocketMaxMessageBytes = 1_024
        guard (try? ConnectionPipeline.install(on: channel, mock: makeMock(), configuration: configuration)) != nil,
              (try? channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_000)).wait()) != nil,
              (try? channel.writeInbound(channel.allocator.buffer(string: upgradeRequest))) != nil
        else { return Data() }
        var output = Data()
        while let buffer = try? channel.readOutbound(as: ByteBuffer.self) { output.append(contentsOf: buffer.readableBytesView) }
        return output + channel.exchange(data)
    }

    private static func makeMock() -> HTTPMock {
        let mock = HTTPMock(configuration: .init(journalCapacity: 50, templateRandomSeed: 7))
        mock.webSocket(urlPath: "/chat") { socket in
            socket.onConnect { $0.send("welcome {{request.query.user}}") }
            socket.afterMessages(5) { $0.close(code: 4000, reason: "enough") }
            socket.on(.equalTo("drop")) { $0.drop() }
            socket.on(.binaryEqualTo(Data([1, 2, 3]))) { $0.send(.binary(Data([4, 5, 6]))) }
            socket.on(.matchesJsonPath("$.all")) { $0.send(.text("to all: {{jsonPath message.body '$.a'}}"), toSocketsMatching: .get(urlPath: "/chat")) }
            socket.onAnyMessage { $0.send("echo {{message.body}} {{request.query.user}}") }
        }
        return mock
    }
}
