import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyTesting
import UnderstudyServer
import UnderstudySupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Proxy stubs forward upstream over every transport, with the same request rewriting.
struct ProxyTransportTests {
    @Test(arguments: Transport.allCases)
    func forwardsToUpstreamAndJournalsItsAnswer(_ transport: Transport) async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/users/42"), .ok.json(["id": 42, "from": "upstream"]).header("X-Upstream", "yes"))
        try await withMockServer(upstream) { upstreamServer in
            let mock = HTTPMock()
            mock.stub(.request(.get, .urlPathPattern("/api/.*")),
                      ResponseDefinition(proxyBaseUrl: try upstreamServer.baseURL.absoluteString, proxyUrlPrefixToRemove: "/api",
                                         additionalProxyRequestHeaders: ["X-Added": "1"],
                                         removeProxyRequestHeaders: ["X-Secret"]),
                      name: "Proxy API")
            try await transport.withClient(for: mock) { client, base in
                var request = URLRequest(url: base.appendingPathComponent("api/users/42"))
                request.setValue("s3cret", forHTTPHeaderField: "X-Secret")
                request.setValue("kept", forHTTPHeaderField: "X-Kept")
                let (data, response) = try await client.data(for: request)
                let http = try #require(response as? HTTPURLResponse)
                #expect(http.statusCode == 200)
                #expect(http.value(forHTTPHeaderField: "X-Upstream") == "yes")
                #expect(try JSONParser.parse(data) == ["id": 42, "from": "upstream"])
            }
            let forwarded = try #require(upstream.serveEvents.first?.request)
            #expect(forwarded.path == "/users/42")
            #expect(forwarded.headers["X-Added"] == "1")
            #expect(forwarded.headers["X-Kept"] == "kept")
            #expect(forwarded.headers["X-Secret"] == nil)
            let event = try #require(mock.serveEvents.first)
            #expect(event.wasProxied)
            #expect(event.response.status == 200)
            #expect(try mock.bodyData(for: event.response) == upstream.bodyData(for: upstream.serveEvents[0].response))
        }
    }

    /// Hears how answers end.
    final class Completions: ServeListener {
        let heard = Locked<[ServeEvent]>([])
        let hearsServed = false
        func completed(_ completion: ServeCompletion) { heard.withLock { $0.append(completion.event) } }
    }

    /// An in-process answer reports its end before the client has its body, so the listener has
    /// heard by the time the call returns. (The server reports once its write is done, which
    /// the client may see first; its completions are tested with the request log.)
    @Test(arguments: [Transport.direct, .urlSession])
    func aProxiedAnswersCompletionCarriesUpstreamsAnswer(_ transport: Transport) async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/made"), .created.body("from upstream"))
        try await withMockServer(upstream) { upstreamServer in
            let mock = HTTPMock()
            let completions = Completions()
            mock.addServeListener(completions)
            mock.stub(.get(urlPath: "/made"), .proxy(to: try upstreamServer.baseURL.absoluteString))
            try await transport.withClient(for: mock) { client, base in
                let (status, _) = try await get(client, base.appendingPathComponent("made"))
                #expect(status == 201)
            }
            let heard = try #require(completions.heard.withLock { $0 }.first)
            #expect(heard.wasProxied, "the listener hears the journal's entry with upstream's answer recorded")
            #expect(heard.response.status == 201)
        }
    }

    @Test(arguments: Transport.allCases)
    func unreachableUpstreamIsA502NamingTheStub(_ transport: Transport) async throws {
        let mock = HTTPMock()
        try await withRefusingPort { closedPort in
            mock.stub(.anyRequest, .proxy(to: "http://127.0.0.1:\(closedPort)"), name: "Down")
            try await transport.withClient(for: mock) { client, base in
                let (status, body) = try await get(client, base.appendingPathComponent("anything"))
                #expect(status == 502)
                #expect(body.contains("Stub \"Down\""))
                #expect(body.contains("http://127.0.0.1:\(closedPort)/anything"))
                #expect(body.contains("could not be reached"))
            }
        }
        #expect(mock.serveEvents.first?.response.status == 502)
    }
}
