public import Understudy
public import UnderstudyServer
public import XCTest

/// An XCTest base class with a fresh ``HTTPMock`` per test (and, when ``startsServer`` is
/// overridden to return `true`, a started ``MockServer``), checked in `tearDown`: every
/// unmatched request fails the test with its near-miss report.
///
/// ```swift
/// final class UserServiceTests: MockHTTPTestCase {
///     func testLoadsUser() async throws {
///         mock.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1]))
///         ...
///     }
/// }
/// ```
open class MockHTTPTestCase: XCTestCase {
    /// The mock of the running test.
    public private(set) var mock = HTTPMock()
    /// The server of the running test, when ``startsServer`` is `true`.
    public private(set) var server: MockServer?
    /// Whether stubs that answered nothing fail the test too.
    open var reportsUnusedStubs: Bool { false }
    /// Whether each test gets a started loopback server for ``mock``.
    open var startsServer: Bool { false }

    open override func setUp() async throws {
        try await super.setUp()
        mock = HTTPMock()
        if startsServer {
            let server = MockServer(mock: mock)
            try await server.start()
            self.server = server
        }
    }

    open override func tearDown() async throws {
        try await server?.shutdown()
        server = nil
        if let message = mock.verifyNoUnmatchedRequests() { XCTFail(message) }
        if reportsUnusedStubs, let message = mock.verifyAllStubsUsed() { XCTFail(message) }
        try await super.tearDown()
    }
}
