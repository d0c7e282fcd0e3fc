import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import Understudy
@testable import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
import UnderstudyTestSupport
#endif

struct FaultTests {
    func server(_ fault: Fault, _ body: (MockServer) async throws -> Void) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/fault"), .fault(fault))
        mock.stub(.get(urlPath: "/fine"), .ok.body("fine"))
        try await withMockServer(mock) { server in
            try await body(server)
            // A fault on one connection never affects the next.
            #expect(try await send(server.baseURL.appendingPathComponent("fine")).body == "fine")
        }
    }

    @Test func connectionResetByPeerSendsRST() async throws {
        try await server(.connectionResetByPeer) { server in
            let raw = try await exchangeRaw("GET /fault HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
            #expect(raw.receivedBytes == 0)
            #expect(raw.error?.contains("reset") == true || raw.error?.contains("ECONNRESET") == true || raw.error?.contains("104") == true,
                    "saw \(raw.error ?? "a clean close")")
            await #expect { try await send(server.baseURL.appendingPathComponent("fault")) } throws: { ($0 as? IOError)?.errnoCode == ECONNRESET }
        }
    }

    @Test func emptyResponseClosesWithoutAByte() async throws {
        try await server(.emptyResponse) { server in
            let raw = try await exchangeRaw("GET /fault HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
            #expect(raw.receivedBytes == 0)
            #expect(raw.error == nil)
            await #expect(throws: HTTPClientError.remoteConnectionClosed) {
                try await send(server.baseURL.appendingPathComponent("fault"))
            }
        }
    }

    @Test func malformedResponseChunkBreaksChunkedDecoding() async throws {
        try await server(.malformedResponseChunk) { server in
            let raw = try await exchangeRaw("GET /fault HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
            #expect(raw.received == FaultWriter.malformedChunkBytes)
            await #expect(throws: HTTPParserError.invalidChunkSize) { try await send(server.baseURL.appendingPathComponent("fault")) }
        }
    }

    @Test func randomDataThenClose() async throws {
        try await server(.randomDataThenClose) { server in
            let raw = try await exchangeRaw("GET /fault HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
            #expect(raw.receivedBytes == 64)
            #expect(!raw.received.hasPrefix("HTTP/1.1"))
            await #expect(throws: HTTPParserError.self) { try await send(server.baseURL.appendingPathComponent("fault")) }
        }
    }

    @Test func urlSessionSeesFaultsAsErrors() async throws {
        for fault in Fault.allCases {
            try await server(fault) { server in
                await #expect(throws: URLError.self, "\(fault)") {
                    _ = try await sendWithURLSession(server.baseURL.appendingPathComponent("fault"))
                }
            }
        }
    }
}
