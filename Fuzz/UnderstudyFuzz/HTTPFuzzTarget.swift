import Foundation
import NIOCore
import NIOEmbedded
import Understudy
import UnderstudyServer

/// Feeds raw bytes to one server connection: the same handlers `MockServer` installs (HTTP
/// codec, protocol-error answers, stubs, admin API, faults, delays, templating), on an
/// `EmbeddedChannel` so that every input starts from the same state and runs without sockets.
/// Proxy stubs made through the admin API get as far as the upstream client, which refuses
/// the embedded event loop with a 502; forwarding itself is covered by socket tests.
enum HTTPFuzzTarget {
    /// Runs one input and returns every byte the connection wrote back.
    @discardableResult
    static func run(_ data: Data) -> Data {
        let channel = EmbeddedChannel()
        let configuration = MockServerConfiguration(headerReadTimeout: .seconds(5))
        guard (try? ConnectionPipeline.install(on: channel, mock: makeMock(), configuration: configuration)) != nil,
              (try? channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_000)).wait()) != nil
        else { return Data() }
        var output = Data()
        // Half the input at a time, so requests split across reads are exercised too.
        let middle = data.count / 2
        for part in [data.prefix(middle), data.dropFirst(middle)] where !part.isEmpty {
            _ = try? channel.writeInbound(channel.allocator.buffer(bytes: part))
            drain(channel, into: &output)
        }
        // Run delays, dribbled chunks and timeouts to the end.
        channel.embeddedEventLoop.advanceTime(by: .minutes(5))
        drain(channel, into: &output)
        _ = try? channel.finish(acceptAlreadyClosed: true)
        return output
    }

    private static func drain(_ channel: EmbeddedChannel, into output: inout Data) {
        while let buffer = try? channel.readOutbound(as: ByteBuffer.self) {
            output.append(contentsOf: buffer.readableBytesView)
        }
    }

    /// Stubs of every kind the response path handles.
    private static func makeMock() -> HTTPMock {
        let mock = HTTPMock(configuration: .init(journalCapacity: 50, templateRandomSeed: 7))
        mock.stub(.get(urlPath: "/hello"), .ok.body("hello"))
        mock.stub(.post(urlPath: "/echo"), .ok.body("{{request.method}} {{request.path}} {{jsonPath request.body '$.a'}} {{request.headers.X-A}}").templated())
        mock.stub(.request(.any, .urlPathTemplate("/users/{id}")), .ok.json(["id": "x"]))
        mock.stub(.get(urlPath: "/slow"), .ok.body("late").delayed(by: .milliseconds(200)))
        mock.stub(.get(urlPath: "/dribble"), .ok.body(String(repeating: "d", count: 100)).dribbled(chunks: 5, over: .milliseconds(50)))
        mock.stub(.get(urlPath: "/fault"), .fault(.malformedResponseChunk))
        mock.stub(.get(urlPath: "/reset"), .fault(.connectionResetByPeer))
        mock.stub(.request(.any, .urlPattern("/regex/[a-z]+")).body(.matchesJsonPath("$.a")), .created)
        return mock
    }
}
