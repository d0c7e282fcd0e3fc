import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Understudy
@testable import UnderstudyServer
import UnderstudyTestSupport

/// What only the loopback server's proxy does: streaming, timeouts, redirects, bad targets.
struct ProxyTests {
    /// Upstream sends its second chunk an hour after the first: a proxy that buffered the body
    /// would deliver nothing before the test's time limit; a streaming one hands the first
    /// chunk over at once.
    @Test(.timeLimit(.minutes(1)))
    func streamsTheBodyAsUpstreamSendsIt() async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/slow"), .ok.chunks([.text(String(repeating: "x", count: 1_000)), .text("later", after: .seconds(3_600))]))
        try await withMockServer(upstream) { upstreamServer in
            let front = HTTPMock()
            front.stub(.anyRequest, .proxy(to: try upstreamServer.baseURL.absoluteString))
            try await withMockServer(front, configuration: MockServerConfiguration(shutdownGracePeriod: .milliseconds(100))) { server in
                let response = try await HTTPClient.shared.execute(
                    HTTPClientRequest(url: server.baseURL.absoluteString + "/slow"), timeout: .seconds(3_600))
                var received = 0
                for try await part in response.body {
                    received += part.readableBytes
                    if received >= 1_000 { break }
                }
                #expect(received == 1_000, "exactly the first chunk, before the second is sent")
            }
        }
    }

    @Test func slowUpstreamIsA504() async throws {
        let upstream = HTTPMock()
        upstream.stub(.anyRequest, .ok.delayed(by: .seconds(3)))
        try await withMockServer(upstream) { upstreamServer in
            let front = HTTPMock()
            front.stub(.anyRequest, .proxy(to: try upstreamServer.baseURL.absoluteString), name: "Slow")
            try await withMockServer(front, configuration: MockServerConfiguration(proxyTimeout: .milliseconds(300))) { server in
                let response = try await send(server.baseURL.appendingPathComponent("x"))
                #expect(response.status == 504)
                #expect(response.body.contains("did not answer within"))
                #expect(response.body.contains("Stub \"Slow\""))
            }
        }
    }

    @Test func redirectsReachTheClientUnfollowed() async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/old"), .status(302).header("Location", "/new"))
        upstream.stub(.get(urlPath: "/new"), .ok.body("followed"))
        try await withMockServer(upstream) { upstreamServer in
            let front = HTTPMock()
            front.stub(.anyRequest, .proxy(to: try upstreamServer.baseURL.absoluteString))
            try await withMockServer(front) { server in
                let response = try await exchangeRaw("GET /old HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
                #expect(response.received.hasPrefix("HTTP/1.1 302"))
                #expect(response.received.lowercased().contains("location: /new"))
                #expect(upstream.serveEvents.count == 1)
            }
        }
    }

    @Test func aTargetThatIsNotAnHTTPURLIsA502() async throws {
        let front = HTTPMock()
        front.stub(.anyRequest, .proxy(to: "ftp://files.example.com"), name: "Bad target")
        try await withMockServer(front) { server in
            let response = try await send(server.baseURL.appendingPathComponent("x"))
            #expect(response.status == 502)
            #expect(response.body.contains("not a URL this server can forward to"))
            let again = try await send(server.baseURL.appendingPathComponent("y"))
            #expect(again.status == 502, "the connection and server stay usable")
        }
    }

    @Test func forwardsMethodBodyAndQuery() async throws {
        let upstream = HTTPMock()
        upstream.stub(.post(urlPath: "/orders").queryParameter("dry", .equalTo("1")).body(.equalToJson(["sku": "A"])), .created.body("made"))
        try await withMockServer(upstream) { upstreamServer in
            let front = HTTPMock()
            front.stub(.anyRequest, .proxy(to: try upstreamServer.baseURL.absoluteString + "/"))
            try await withMockServer(front) { server in
                let response = try await send(URL(string: server.baseURL.absoluteString + "/orders?dry=1")!, method: "POST",
                                              headers: [("Content-Type", "application/json")], body: #"{"sku":"A"}"#)
                #expect(response.status == 201)
                #expect(response.body == "made")
            }
        }
    }
}
