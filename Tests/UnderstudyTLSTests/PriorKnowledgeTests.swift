import Foundation
import Testing
import Understudy
import UnderstudyServer
import UnderstudyTLS
import UnderstudyTestSupport

/// HTTP/2 with prior knowledge (h2c) on the plain port, next to HTTP/1.1 on the same port.
/// (The time limit only stops a broken build from hanging.)
@Suite(.timeLimit(.minutes(2)))
struct PriorKnowledgeTests {
    /// A server with h2c on its plain port; a short head timeout only where the test is about it
    /// (under a loaded parallel run, curl's first request may take longer than 300 ms).
    private func server(headTimeout: Duration = .seconds(10), _ body: (MockServer) async throws -> Void) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/users/42"), .ok.body(#"{"id":42}"#))
        var configuration = MockServerConfiguration()
        configuration.http2PriorKnowledge = true
        configuration.headerReadTimeout = headTimeout
        try await withMockServer(mock, configuration: configuration) { server in try await body(server) }
        #expect(mock.requests().allSatisfy { $0.scheme == "http" })
    }

    @Test func curlWithPriorKnowledgeSpeaksHTTP2AndHTTP1ClientsStillWork() async throws {
        try await server { server in
            let url = try server.baseURL.appendingPathComponent("users/42").absoluteString
            let h2 = try await run(["curl", "-sS", "--http2-prior-knowledge", "-w", "\n%{http_version}", url])
            #expect(h2.standardOutput == "{\"id\":42}\n2", "\(h2.standardError)")
            let h1 = try await run(["curl", "-sS", "--http1.1", "-w", "\n%{http_version}", url])
            #expect(h1.standardOutput == "{\"id\":42}\n1.1", "\(h1.standardError)")
        }
    }

    @Test func aClientThatSendsNothingIsClosedAfterTheHeadTimeout() async throws {
        try await server(headTimeout: .milliseconds(300)) { server in
            let raw = try await exchangeRaw("", port: server.port)
            #expect(!raw.closedByClient)
        }
    }

    @Test func offByDefault() {
        var configuration = MockServerConfiguration()
        #expect(!configuration.http2PriorKnowledge)
        configuration.http2PriorKnowledge = true
        #expect(configuration.http2PriorKnowledge)
    }
}
