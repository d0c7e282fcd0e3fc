public import Foundation
public import Understudy
public import UnderstudyClient
import UnderstudyServer
import UnderstudyURLSession
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One of the three ways code under test reaches an `HTTPMock`, so one test body can run
/// over all of them:
///
/// ```swift
/// @Test(arguments: MockTransport.allCases)
/// func loadsUser(_ transport: MockTransport) async throws {
///     let mock = HTTPMock()
///     mock.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1]))
///     try await transport.withClient(for: mock) { client, baseURL in
///         let (data, _) = try await client.data(for: URLRequest(url: baseURL.appendingPathComponent("users/1")))
///         ...
///     }
/// }
/// ```
///
/// New transports may be added; `allCases` lists every one.
public struct MockTransport: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    private enum Kind: String, Sendable, Hashable {
        case direct, urlSession, server
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// The mock itself as the `HTTPClient`: no I/O, the fastest.
    public static let direct = MockTransport(.direct)
    /// A `URLSession` from `mock.urlSession()`, whose requests a `URLProtocol` routes to the mock.
    public static let urlSession = MockTransport(.urlSession)
    /// A plain `URLSession` talking to a loopback `MockServer` started for the mock.
    public static let server = MockTransport(.server)

    /// Every transport.
    public static var allCases: [MockTransport] { [.direct, .urlSession, .server] }

    /// `direct`, `urlSession` or `server`.
    public var description: String { kind.rawValue }

    /// The base URL the in-process transports use when the caller gives none.
    public static let defaultBaseURL = URL(string: "http://api.example.com") ?? URL(fileURLWithPath: "/")

    /// Runs `body` with a client that reaches `mock` over this transport and the base URL to
    /// send requests to: `baseURL` for ``direct`` and ``urlSession`` (no request leaves the
    /// process), the server's own `http://127.0.0.1:<port>` for ``server``. A session made
    /// here is invalidated and a server shut down when `body` returns or throws.
    public func withClient<Result>(
        for mock: HTTPMock,
        baseURL: URL = MockTransport.defaultBaseURL,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (_ client: any HTTPClient, _ baseURL: URL) async throws -> Result
    ) async throws -> Result {
        switch kind {
        case .direct:
            return try await body(mock, baseURL)
        case .urlSession:
            let session = mock.urlSession()
            defer { session.finishTasksAndInvalidate() }
            return try await body(session, baseURL)
        case .server:
            return try await withMockServer(mock) { server in
                let session = URLSession(configuration: .ephemeral)
                defer { session.finishTasksAndInvalidate() }
                return try await body(session, try server.baseURL)
            }
        }
    }
}
