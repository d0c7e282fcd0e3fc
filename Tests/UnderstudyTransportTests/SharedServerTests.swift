import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyServer
import UnderstudyTesting
import UnderstudyURLSession
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SharedMockServer {
    /// The one server every test of ``SharedServerTests`` shares.
    static let forParallelTests = SharedMockServer()
}

/// Two hundred tests run in parallel against ONE loopback server, each in a namespace of its
/// own: every test stubs the same URLs with its own answers, moves the same global scenario,
/// and must see only its own answers, requests and states, whichever way it sends.
@Suite(.mockHTTP(sharing: .forParallelTests))
struct SharedServerTests {
    /// A global stub and scenario, added once: every namespace sees them.
    private static let globalStubs: Void = {
        let mock = SharedMockServer.forParallelTests.mock
        mock.stub(.get(urlPath: "/health"), .ok.body("up"))
        mock.stub(.post(urlPath: "/cart"), .created, scenario: "cart", willSetState: "filled")
        mock.stub(.get(urlPath: "/cart"), .ok.body("empty"), scenario: "cart", whenState: Scenario.started)
        mock.stub(.get(urlPath: "/cart"), .ok.body("filled"), scenario: "cart", whenState: "filled")
    }()

    /// One session for every test of the suite (a session per test would cost two hundred
    /// sessions' threads at once): each request names its test's namespace itself.
    private static let session = URLSession(configuration: .ephemeral)

    private func text(_ client: any HTTPClient, _ url: URL, method: String = "GET", namespace: String? = nil) async throws -> String {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let namespace { request.setValue(namespace, forHTTPHeaderField: Namespace.headerName) }
        let (data, response) = try await client.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
        return "\(status) \(String(decoding: data, as: UTF8.self))"
    }

    @Test(arguments: 0..<200)
    func eachTestSeesOnlyItsOwnStubsRequestsAndStates(_ index: Int) async throws {
        _ = Self.globalStubs
        let mock = HTTPMock.current
        let server = try MockServer.current
        let namespace = try #require(mock.namespace)
        mock.stub(.get(urlPath: "/whoami"), .ok.body("test \(index)"))
        let base = try server.baseURL
        let session = Self.session

        // Over the shared server and directly.
        #expect(try await text(session, base.appendingPathComponent("whoami"), namespace: namespace) == "200 test \(index)")
        #expect(try await text(mock, base.appendingPathComponent("whoami")) == "200 test \(index)")
        #expect(try await text(session, base.appendingPathComponent("health"), namespace: namespace) == "200 up")
        // The global scenario moves in this namespace only: every test starts it empty.
        #expect(try await text(session, base.appendingPathComponent("cart"), namespace: namespace) == "200 empty")
        #expect(try await text(session, base.appendingPathComponent("cart"), method: "POST", namespace: namespace) == "201 ")
        #expect(try await text(mock, base.appendingPathComponent("cart")) == "200 filled")

        // Its journal holds its six requests and nobody else's.
        #expect(mock.serveEvents.count == 6)
        #expect(mock.serveEvents.allSatisfy { $0.request.namespace == namespace })
        try mock.verify(.exactly(2), .get(urlPath: "/whoami"))
        #expect(mock.scenarios.first { $0.name == "cart" }?.state == "filled")
        #expect(mock.stubMappings.count == 1)
    }

    @Test func anAppLaunchedWithTheNamespaceLandsInIt() async throws {
        _ = Self.globalStubs
        let mock = HTTPMock.current
        let server = try MockServer.current
        mock.stub(.get(urlPath: "/app"), .ok.body("the app's"))
        // What the UI test passes to the app, and what the app does with it.
        let environment = try server.launchEnvironment(for: mock)
        #expect(environment[UnderstudyEnvironment.namespaceKey] == mock.namespace)
        let baseURL = UnderstudyEnvironment.baseURL(default: URL(fileURLWithPath: "/"), environment: environment)
        let configuration = UnderstudyEnvironment.sessionConfiguration(.ephemeral, environment: environment)
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        #expect(try await text(session, baseURL.appendingPathComponent("app")) == "200 the app's")
        #expect(mock.count(matching: .get(urlPath: "/app")) == 1)
    }
}

/// What a shared server keeps once a test's scope has ended: nothing of the test.
struct SharedServerScopeTests {
    @Test func aScopesNamespaceIsDroppedWhenItEnds() async throws {
        let shared = SharedMockServer()
        shared.mock.stub(.get(urlPath: "/global"), .ok)
        let namespace = try await withMockHTTP(sharing: shared) { mock in
            mock.stub(.get(urlPath: "/mine"), .ok.body("mine"))
            let session = try MockServer.current.urlSession(for: mock)
            defer { session.finishTasksAndInvalidate() }
            let (data, _) = try await session.data(from: try MockServer.current.baseURL.appendingPathComponent("mine"))
            #expect(String(decoding: data, as: UTF8.self) == "mine")
            return try #require(mock.namespace)
        }
        #expect(shared.mock.namespaces.isEmpty)
        #expect(!shared.mock.serveEvents.contains { $0.request.namespace == namespace })
        #expect(shared.mock.stubMappings.count == 1)
        // The server keeps serving the next test.
        try await withMockHTTP(sharing: shared) { mock in
            let (_, response) = try await MockServer.current.urlSession(for: mock)
                .data(from: try MockServer.current.baseURL.appendingPathComponent("global"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
        }
        try await shared.server.shutdown()
    }
}
