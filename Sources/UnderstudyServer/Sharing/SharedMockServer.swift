public import Understudy
import UnderstudySupport

/// One loopback server for many tests: each test works in a namespace of its own (see
/// `Namespace`), so tests running in parallel against the same server never see
/// each other's stubs, requests or scenario states.
///
/// Declare one where the tests can reach it and hand it to the `.mockHTTP(sharing:)` trait
/// (or `withMockHTTP(sharing:)`, or a `MockHTTPTestCase` whose `sharedServer` returns it): the
/// server starts with the first test that needs it and keeps running for the process; each
/// test gets `server.mock.namespaced()` as its mock, and its namespace is dropped when it ends.
/// Stubs added to ``mock`` itself are global: every test sees them.
///
/// ```swift
/// extension SharedMockServer {
///     static let api = SharedMockServer()
/// }
/// ```
public final class SharedMockServer: Sendable {
    /// The mock every test's namespace lives in; its own stubs are global.
    public let mock: HTTPMock
    /// The server, started by the first ``start()``.
    public let server: MockServer
    private let starting = Locked<Task<Void, any Error>?>(nil)

    /// A shared server for `mock` (a new one by default); nothing listens until ``start()``.
    public init(mock: HTTPMock = HTTPMock(), configuration: MockServerConfiguration = MockServerConfiguration()) {
        self.mock = mock
        self.server = MockServer(mock: mock, configuration: configuration)
    }

    /// Starts the server the first time; later calls wait for that start and return (or
    /// throw its error).
    public func start() async throws {
        let server = self.server
        let task = starting.withLock { task in
            if let task { return task }
            let started = Task { try await server.start() }
            task = started
            return started
        }
        try await task.value
    }
}
