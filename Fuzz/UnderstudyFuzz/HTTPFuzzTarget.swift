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
        return channel.exchange(data)
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
