import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Understudy
@testable import UnderstudyServer

/// What only the loopback server's proxy does: streaming, timeouts, redirects, bad targets.
struct ProxyTests {
    @Test func streamsTheBodyAsUpstreamSendsIt() async throws {
        let upstream = HTTPMock()
        // Two chunks a second apart: a proxy that buffered would deliver both at once.
        upstream.stub(.get(urlPath: "/slow"), .ok.body(String(repeating: "x", count: 2_000)).dribbled(chunks: 2, over: .seconds(2)))
        try await withMockServer(upstream) { upstreamServer in
            let front = HTTPMock()
            front.stub(.anyRequest, .proxy(to: try upstreamServer.baseURL.absoluteString))
            try await withMockServer(front) { server in
                let response = try await HTTPClient.shared.execute(
                    HTTPClientRequest(url: server.baseURL.absoluteString + "/slow"), timeout: .seconds(10))
                var iterator = response.body.makeAsyncIterator()
                let first = try #require(try await iterator.next())
                let firstAt = ContinuousClock.now
                var total = first.readableBytes
                while let part = try await iterator.next() { total += part.readableBytes }
                let gap = ContinuousClock.now - firstAt
                #expect(first.readableBytes < 2_000)
                #expect(gap >= .milliseconds(500), "the rest came \(gap) after the first bytes")
                #expect(total == 2_000)
                #expect(front.serveEvents.first?.wasProxied == true)
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
