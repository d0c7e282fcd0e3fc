import Foundation
import NIOCore
import Testing
import Understudy
@testable import UnderstudyServer

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

    @Test func garbageGets400NamingTheProblem() async throws {
        try await withMockServer(HTTPMock()) { server in
            let garbage = try await exchangeRaw("\u{1}\u{2}NOT HTTP AT ALL\r\n\r\n", port: server.port)
            #expect(garbage.received.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(garbage.received.contains("is not valid HTTP/1.1"))
            #expect(try await send(server.baseURL.appendingPathComponent("x")).status == 404)
        }
    }

    @Test func aClientLeavingMidProxyCancelsTheUpstreamCall() async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/slow"), .ok.body(String(repeating: "x", count: 10_000)).dribbled(chunks: 10, over: .seconds(2)))
        upstream.stub(.get(urlPath: "/a"), .ok.body("a"))
        try await withMockServer(upstream) { upstreamServer in
            let front = HTTPMock()
            front.stub(.anyRequest, .proxy(to: try upstreamServer.baseURL.absoluteString))
            try await withMockServer(front) { server in
                let gone = try await exchangeRaw("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port, timeout: .milliseconds(300))
                #expect(gone.received.hasPrefix("HTTP/1.1 200 OK"), "the head and the first pieces were streamed")
                try await Task.sleep(for: .milliseconds(200))
                #expect(upstreamServer.connectionCount == 0, "the upstream call was cancelled, not left to finish")
                let next = try await send(server.baseURL.appendingPathComponent("a"))
                #expect(next.body == "a")
            }
        }
    }
}
