import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyServer
import UnderstudySupport
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The three-transport harness.
struct MockTransportTests {
    @Test func listsEveryTransport() {
        #expect(MockTransport.allCases.map(\.description) == ["direct", "urlSession", "server"])
        #expect(Set(MockTransport.allCases).count == 3)
    }

    @Test(arguments: MockTransport.allCases)
    func reachesTheMockAtTheRightBaseURL(_ transport: MockTransport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/ping"), .ok.body("pong"))
        let given = URL(string: "https://given.example.com")!
        let used = try await transport.withClient(for: mock, baseURL: given) { client, baseURL in
            let response = try await get(client, baseURL.appendingPathComponent("ping"))
            #expect(response.0 == 200)
            #expect(response.1 == "pong")
            if transport == .direct { #expect(client as? HTTPMock === mock) }
            return baseURL
        }
        if transport == .server {
            #expect(used.host == "127.0.0.1")
        } else {
            #expect(used == given)
        }
        #expect(mock.serveEvents.count == 1)
    }

    struct Boom: Error {}

    @Test func theServerTransportShutsDownOnBothPaths() async throws {
        let mock = HTTPMock()
        let url = try await MockTransport.server.withClient(for: mock) { _, baseURL in baseURL }
        // A parallel test's server may have taken the port since, so the check is that the
        // request no longer reaches this mock, not that the connection is refused.
        _ = try? await URLSession.shared.data(from: url)
        #expect(mock.serveEvents.isEmpty, "the server still answered after its scope ended")
        let failedURL = Locked<URL?>(nil)
        await #expect(throws: Boom.self) {
            try await MockTransport.server.withClient(for: mock) { _, baseURL -> Void in
                failedURL.withLock { $0 = baseURL }
                throw Boom()
            }
        }
        let afterError = try #require(failedURL.withLock { $0 })
        _ = try? await URLSession.shared.data(from: afterError)
        #expect(mock.serveEvents.isEmpty, "the server still answered after its scope threw")
    }
}
