import Foundation
import NIOCore
import NIOEmbedded
import Understudy
import UnderstudyServer
import UnderstudyTLS

/// Feeds HTTP/2 frames to one connection's HTTP/2 handlers as the HTTPS listener installs them
/// after ALPN (frame parser, HPACK, flow control, the connection lifecycle handler, and per
/// stream NIO's HTTP/2-to-HTTP/1 codec in front of the server's own handlers), on an
/// `EmbeddedChannel` without TLS: TLS is BoringSSL's to fuzz; what is ours starts at the frames.
/// Every input is preceded by the client connection preface, so mutations reach the frames.
enum HTTP2FuzzTarget {
    /// The client connection preface (RFC 9113 §3.4).
    static let preface = Data("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// Runs one input (frames) and returns every byte the connection wrote back.
    @discardableResult
    static func run(_ data: Data) -> Data {
        let channel = EmbeddedChannel()
        let configuration = MockServerConfiguration(headerReadTimeout: .seconds(5))
        guard (try? channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_001)).wait()) != nil,
              let settings = try? HTTPSConfiguration(identity: identity),
              (try? HTTPSConnectionSetup.installHTTP2(on: channel, settings: settings,
                                                      handlers: ConnectionPipeline.handlers(mock: makeMock(), configuration: configuration))) != nil
        else { return Data() }
        return channel.exchange(preface + data)
    }

    /// One identity for every input: generating keys per input would only slow the fuzzer.
    private static let identity = try? TLSIdentity.generated()

    /// Stubs of every kind the response path handles, faults included.
    private static func makeMock() -> HTTPMock {
        let mock = HTTPMock(configuration: .init(journalCapacity: 50, templateRandomSeed: 7))
        mock.stub(.get(urlPath: "/hello"), .ok.body("hello"))
        mock.stub(.post(urlPath: "/echo"), .ok.body("{{request.method}} {{request.path}} {{request.body}}").templated())
        mock.stub(.get(urlPath: "/slow"), .ok.body("late").delayed(by: .milliseconds(200)))
        mock.stub(.get(urlPath: "/dribble"), .ok.body(String(repeating: "d", count: 100)).dribbled(chunks: 5, over: .milliseconds(50)))
        mock.stub(.get(urlPath: "/empty"), .fault(.emptyResponse))
        mock.stub(.get(urlPath: "/fault"), .fault(.malformedResponseChunk))
        mock.stub(.get(urlPath: "/random"), .fault(.randomDataThenClose))
        mock.stub(.get(urlPath: "/events"), .ok.eventStream([.data("one"), .data("two", after: .milliseconds(10))]))
        return mock
    }
}
