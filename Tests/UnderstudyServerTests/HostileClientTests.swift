import Foundation
import NIOCore
import NIOPosix
import Testing
import Understudy
@testable import UnderstudyServer
import UnderstudyTestSupport

/// Clients that send too much or nonsense get a clear 4xx, and everyone else keeps being served.
struct HostileClientTests {
    @Test func oversizedHeadersGet431() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/a"), .ok.body("a"))
        try await withMockServer(mock) { server in
            let huge = String(repeating: "x", count: 100 * 1024)
            let oneField = try await exchangeRaw("GET /a HTTP/1.1\r\nHost: x\r\nX-Big: \(huge)\r\n\r\n", port: server.port)
            #expect(oneField.received.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "\(oneField.received.prefix(200))")
            #expect(oneField.received.contains("over the server's limit"))
            let manyFields = (0..<2_000).map { "X-Field-\($0): \(String(repeating: "y", count: 50))\r\n" }.joined()
            let many = try await exchangeRaw("GET /a HTTP/1.1\r\nHost: x\r\n\(manyFields)\r\n", port: server.port)
            #expect(many.received.hasPrefix("HTTP/1.1 431 "))
            #expect(try await send(server.baseURL.appendingPathComponent("a")).body == "a", "others are still served")
        }
        #expect(mock.serveEvents.count == 1, "the refused requests never reached the mock")
    }

    /// A head with `Content-Length: 100` and then 4 bytes, and nothing more: without a body
    /// deadline this held the connection (and its buffer) forever. The client's own 60 s
    /// close only guards against a hang; the assertion is what the server sent.
    @Test func aStalledBodyGets408AndTheConnectionIsClosed() async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/upload"), .ok)
        mock.stub(.get(urlPath: "/a"), .ok.body("a"))
        let configuration = MockServerConfiguration(requestBodyTimeout: .milliseconds(200))
        try await withMockServer(mock, configuration: configuration) { server in
            let stalled = try await exchangeRaw("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabcd",
                                                port: server.port, timeout: .seconds(60))
            #expect(stalled.received.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(stalled.received.prefix(200))")
            #expect(stalled.received.contains("body of 100 bytes did not arrive"))
            #expect(stalled.received.contains("(4 bytes received)"))
            #expect(stalled.received.contains("requestBodyTimeout"))
            #expect(try await send(server.baseURL.appendingPathComponent("a")).body == "a", "others are still served")
        }
        #expect(mock.serveEvents.map(\.request.url) == ["/a"], "the cut request never reached the mock")
    }

    /// A client that keeps sending, one byte at a time, is still cut: the deadline covers the
    /// whole body, not the gap between reads (which a trickle would reset forever). The
    /// trickle is the hostile behaviour under test, not a wait.
    @Test(arguments: ["Content-Length: 1000", "Transfer-Encoding: chunked"])
    func aTrickledBodyIsCutAtTheBodyDeadline(framing: String) async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/upload"), .ok)
        let configuration = MockServerConfiguration(requestBodyTimeout: .milliseconds(300))
        try await withMockServer(mock, configuration: configuration) { server in
            // The head goes out as the connection opens (see `exchangeRaw`).
            let collector = RawCollector(sendingOnConnect: "POST /upload HTTP/1.1\r\nHost: x\r\n\(framing)\r\n\r\n")
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
                }
                .connect(host: "127.0.0.1", port: server.port).get()
            let chunked = framing.hasPrefix("Transfer")
            // Keeps trickling until the server answers and closes (at most 1 000 bytes, well
            // past the deadline at one byte per 20 ms).
            for _ in 0..<1_000 where channel.isActive && collector.result.receivedBytes == 0 {
                try? await channel.writeAndFlush(ByteBuffer(string: chunked ? "1\r\nx\r\n" : "x"))
                try await Task.sleep(for: .milliseconds(20))
            }
            let guardTimer = channel.eventLoop.scheduleTask(in: .seconds(60)) { channel.close(promise: nil) }
            try? await channel.closeFuture.get()
            guardTimer.cancel()
            #expect(collector.result.received.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(collector.result.received.prefix(200))")
            #expect(collector.result.received.contains("did not arrive"))
        }
        #expect(mock.serveEvents.isEmpty)
    }

    @Test func garbageGets400NamingTheProblem() async throws {
        try await withMockServer(HTTPMock()) { server in
            let garbage = try await exchangeRaw("\u{1}\u{2}NOT HTTP AT ALL\r\n\r\n", port: server.port)
            // How the connection ended goes in the message: CI once saw nothing at all, and 9 000
            // local runs did not reproduce it.
            #expect(garbage.received.hasPrefix("HTTP/1.1 400 Bad Request\r\n"),
                    "bytes: \(garbage.receivedBytes), error: \(garbage.error ?? "none"), closed by client: \(garbage.closedByClient)")
            #expect(garbage.received.contains("is not valid HTTP/1.1"))
            #expect(try await send(server.baseURL.appendingPathComponent("x")).status == 404)
        }
    }

    @Test func aClientLeavingMidProxyCancelsTheUpstreamCall() async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/slow"), .ok.chunks([.text(String(repeating: "x", count: 1_000)), .text("an hour later", after: .seconds(3_600))]))
        upstream.stub(.get(urlPath: "/a"), .ok.body("a"))
        try await withMockServer(upstream) { upstreamServer in
            let front = HTTPMock()
            front.stub(.anyRequest, .proxy(to: try upstreamServer.baseURL.absoluteString))
            try await withMockServer(front) { server in
                let collector = RawCollector(sendingOnConnect: "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
                let client = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .channelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
                    }
                    .connect(host: "127.0.0.1", port: server.port).get()
                try await waitUntil("the proxied head is streamed") { collector.result.received.hasPrefix("HTTP/1.1 200 OK") }
                // The client leaves; on a loaded machine its connection may be gone already
                // (a full run once saw "Already closed"), which is the same departure.
                do { try await client.close() } catch ChannelError.alreadyClosed {}
                // The second chunk is an hour away: only a cancelled upstream call closes its connection.
                try await waitUntil("the upstream call is cancelled") { upstreamServer.connectionCount == 0 }
                let next = try await send(server.baseURL.appendingPathComponent("a"))
                #expect(next.body == "a")
            }
        }
    }
}
