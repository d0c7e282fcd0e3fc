import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import Understudy
import UnderstudyServer
import UnderstudyTLS
import UnderstudyTestSupport
import UnderstudyRecording

/// Requests over HTTP/2 go through the same handlers as HTTP/1.1: faults (mapped to stream
/// resets or connection closes), streams, delays, proxying and recording. nghttp shows the frames.
/// (The time limit only stops a broken build from hanging.)
@Suite(.timeLimit(.minutes(2)))
struct HTTP2BehaviourTests {
    /// nghttp's verbose trace of fetching `paths` on one connection, in order.
    private func nghttp(_ server: MockServer, _ paths: [String]) async throws -> CommandOutput {
        let base = try server.httpsBaseURL.absoluteString
        return try await run(["nghttp", "-nv", "--no-dep"] + paths.map { base + $0 })
    }

    private func faultServer(_ fault: Fault, _ body: (MockServer) async throws -> Void) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/fault"), .fault(fault))
        mock.stub(.get(urlPath: "/fine"), .ok.body("fine"))
        try await withHTTPSServer(mock) { server in
            try await body(server)
        }
    }

    @Test func emptyResponseResetsTheStreamAndTheConnectionServesOn() async throws {
        try await faultServer(.emptyResponse) { server in
            let trace = try await nghttp(server, ["/fault"])
            #expect(trace.standardOutput.contains("recv RST_STREAM"), "\(trace.standardOutput)")
            #expect(trace.standardOutput.contains("CANCEL"))
            #expect(!trace.standardOutput.contains(":status"), "no response head")
            // The same client, one connection: the reset request fails, the next is answered.
            try await withClient(trusting: server.tlsIdentity) { client in
                await #expect(throws: (any Error).self) { try await client.send(server.httpsBaseURL.appendingPathComponent("fault")) }
                let fine = try await client.send(server.httpsBaseURL.appendingPathComponent("fine"))
                #expect(fine.body == "fine")
                #expect(fine.version == HTTPVersion.http2)
            }
        }
    }

    @Test func connectionResetByPeerDropsTheWholeConnection() async throws {
        try await faultServer(.connectionResetByPeer) { server in
            let trace = try await nghttp(server, ["/fault"])
            #expect(!trace.standardOutput.contains("RST_STREAM"), "the connection, not the stream, is reset: \(trace.standardOutput)")
            #expect(!trace.standardOutput.contains(":status"))
            #expect(trace.standardOutput.contains("processed=0") || trace.standardError.contains("processed=0"))
            let next = try await nghttp(server, ["/fine"])
            #expect(next.standardOutput.contains(":status: 200"), "a new connection is served: \(next.standardOutput)")
        }
    }

    @Test func malformedResponseChunkSendsAHeadAndPartOfABodyThenResetsTheStream() async throws {
        try await faultServer(.malformedResponseChunk) { server in
            let trace = try await nghttp(server, ["/fault"]).standardOutput
            let head = try #require(trace.range(of: ":status: 200"), "\(trace)")
            let data = try #require(trace.range(of: "recv DATA frame"))
            let reset = try #require(trace.range(of: "recv RST_STREAM"))
            #expect(head.lowerBound < data.lowerBound && data.lowerBound < reset.lowerBound)
        }
    }

    @Test func randomDataThenCloseBreaksTheConnection() async throws {
        try await faultServer(.randomDataThenClose) { server in
            let trace = try await nghttp(server, ["/fault"])
            #expect(!trace.standardOutput.contains(":status"), "\(trace.standardOutput)")
            #expect(!trace.standardOutput.contains("RST_STREAM"))
            try await withClient(trusting: server.tlsIdentity) { client in
                await #expect(throws: (any Error).self) { try await client.send(server.httpsBaseURL.appendingPathComponent("fault")) }
            }
            let next = try await nghttp(server, ["/fine"])
            #expect(next.standardOutput.contains(":status: 200"))
        }
    }

    @Test func overTLSWithHTTP1TheRawFaultBytesTravelInsideTLS() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/fault"), .fault(.malformedResponseChunk))
        try await withHTTPSServer(mock, https: try HTTPSConfiguration(http2: false)) { server in
            try await withClient(trusting: server.tlsIdentity) { client in
                // Decrypted by the client: a 200 head, then a chunk size that is not hexadecimal.
                await #expect(throws: HTTPParserError.invalidChunkSize) {
                    try await client.send(server.httpsBaseURL.appendingPathComponent("fault"))
                }
            }
        }
    }

    @Test func anEventStreamArrivesPartByPartOverHTTP2() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/events"), .ok.eventStream([
            .event("greeting", data: "hello", id: "1"),
            .data("later", after: .milliseconds(100)),
        ]))
        try await withHTTPSServer(mock) { server in
            let trace = try await nghttp(server, ["/events"]).standardOutput
            #expect(trace.contains("content-type: text/event-stream"), "\(trace)")
            // Each event is a DATA frame of its own, the last one sent after its pause.
            #expect(trace.components(separatedBy: "recv DATA frame").count - 1 >= 2, "\(trace)")
            try await withClient(trusting: server.tlsIdentity) { client in
                let response = try await client.send(server.httpsBaseURL.appendingPathComponent("events"))
                #expect(response.version == HTTPVersion.http2)
                #expect(response.body == "id: 1\nevent: greeting\ndata: hello\n\ndata: later\n\n")
            }
        }
        let delivery = try #require(mock.serveEvents.first?.streamDelivery)
        #expect(delivery.partsDelivered == 2)
        #expect(!delivery.clientLeftEarly)
    }

    @Test func aDelayedAnswerIsDelayedOverHTTP2() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/slow"), .ok.body("slow").delayed(by: .milliseconds(200)))
        try await withHTTPSServer(mock) { server in
            try await withClient(trusting: server.tlsIdentity) { client in
                let clock = ContinuousClock()
                let started = clock.now
                let response = try await client.send(server.httpsBaseURL.appendingPathComponent("slow"))
                #expect(response.body == "slow")
                #expect(clock.now - started >= .milliseconds(200))
            }
        }
    }

    @Test func aProxyStubForwardsAnHTTP2RequestUpstream() async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/users/42"), .ok.header("X-Upstream", "yes").body("from upstream"))
        try await withMockServer(upstream) { origin in
            let mock = HTTPMock()
            mock.stub(.get(urlPath: "/users/42"), .proxy(to: try origin.baseURL.absoluteString))
            try await withHTTPSServer(mock) { server in
                try await withClient(trusting: server.tlsIdentity) { client in
                    let response = try await client.send(server.httpsBaseURL.appendingPathComponent("users/42"))
                    #expect(response.version == HTTPVersion.http2)
                    #expect(response.body == "from upstream")
                    #expect(response.headers["x-upstream"] == ["yes"])
                }
            }
        }
    }

    @Test func recordingThroughTheHTTPSPortCapturesTheUpstreamAnswer() async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/things/7"), .ok.body("seven"))
        try await withMockServer(upstream) { origin in
            try await withHTTPSServer(HTTPMock()) { server in
                try server.recorder.start(RecordSpec(targetBaseURL: try origin.baseURL.absoluteString, persist: false))
                try await withClient(trusting: server.tlsIdentity) { client in
                    let response = try await client.send(server.httpsBaseURL.appendingPathComponent("things/7"))
                    #expect(response.version == HTTPVersion.http2)
                    #expect(response.body == "seven")
                }
                let result = try server.recorder.stop()
                #expect(result.mappings.count == 1)
                #expect(result.mappings.first?.request.description.contains("/things/7") == true, "\(result.mappings)")
            }
        }
    }

    @Test func shutdownClosesAnIdleHTTP2ConnectionItself() async throws {
        try await withHTTPSServer(HTTPMock(), configure: { $0.shutdownGracePeriod = .seconds(600) }) { server in
            try await withClient(trusting: server.tlsIdentity) { client in
                _ = try await client.send(server.httpsBaseURL.appendingPathComponent("anything"))
                #expect(server.connectionCount == 1, "the client keeps its HTTP/2 connection")
                // With a grace period this long, returning at all shows the connection was
                // closed by the GOAWAY, not by the grace period's end.
                try await server.shutdown()
                #expect(server.connectionCount == 0)
            }
        }
    }

    @Test func theServerAdvertisesItsBoundedLimits() async throws {
        try await withHTTPSServer(HTTPMock()) { server in
            let trace = try await nghttp(server, ["/anything"]).standardOutput
            #expect(trace.contains("SETTINGS_MAX_CONCURRENT_STREAMS(0x03):100"), "\(trace)")
            #expect(trace.contains("SETTINGS_MAX_HEADER_LIST_SIZE(0x06):81920"))
            #expect(trace.contains("SETTINGS_MAX_FRAME_SIZE(0x05):16384"))
        }
        let https = try HTTPSConfiguration(maxConcurrentStreams: 7, maxHeaderListSize: 4_096, maxFrameSize: 32_768)
        try await withHTTPSServer(HTTPMock(), https: https) { server in
            let trace = try await nghttp(server, ["/anything"]).standardOutput
            #expect(trace.contains("SETTINGS_MAX_CONCURRENT_STREAMS(0x03):7"), "\(trace)")
            #expect(trace.contains("SETTINGS_MAX_HEADER_LIST_SIZE(0x06):4096"))
            #expect(trace.contains("SETTINGS_MAX_FRAME_SIZE(0x05):32768"))
        }
    }

    @Test func anIdleHTTP2ConnectionIsClosedAfterTheHeadTimeout() async throws {
        // The head timeout also bounds the handshake and the first request: long enough for a
        // loaded parallel run; the idle close after it is what is tested.
        try await withHTTPSServer(HTTPMock(), configure: { $0.headerReadTimeout = .seconds(5) }) { server in
            try await withClient(trusting: server.tlsIdentity) { client in
                let response = try await client.send(server.httpsBaseURL.appendingPathComponent("anything"))
                #expect(response.version == HTTPVersion.http2)
                // AsyncHTTPClient keeps an idle connection for a minute; the server closes it first.
                try await waitUntil("the idle HTTP/2 connection was closed by the server") { server.connectionCount == 0 }
            }
        }
    }
}
