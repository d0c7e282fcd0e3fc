public import Understudy
public import UnderstudyServer
import UnderstudyTesting

/// What a UI test's scope owns: the `HTTPMock` whose stubs answer the launched app, and the
/// started loopback `MockServer` that serves them. Made by
/// ``withUITestServer(configuration:root:reportUnusedStubs:fileID:filePath:line:column:isolation:_:)``
/// and by `UITestCase` on Apple platforms.
public struct UITestServer: Sendable {
    /// The mock; stub routes on it before launching the app.
    public let mock: HTTPMock
    /// The started server; the app reaches it at its `baseURL`.
    public let server: MockServer

    /// Wraps a mock and its started server.
    public init(mock: HTTPMock, server: MockServer) {
        self.mock = mock
        self.server = server
    }

    /// `["UNDERSTUDY_BASE_URL": "http://127.0.0.1:<port>"]`, which the app reads with
    /// `UnderstudyEnvironment.baseURL(default:)`, and on a shared server the test's namespace
    /// (`UNDERSTUDY_NAMESPACE`), which `UnderstudyEnvironment.sessionConfiguration(_:)` turns
    /// into the header on every request of the app. Throws `MockServerError.notRunning` once
    /// the server has shut down.
    public var launchEnvironment: [String: String] {
        get throws { try server.launchEnvironment(for: mock) }
    }

    /// Adds ``launchEnvironment`` to `app`'s launch environment (replacing an earlier
    /// `UNDERSTUDY_BASE_URL` and `UNDERSTUDY_NAMESPACE`, keeping the other variables),
    /// launches it, and returns it.
    @MainActor
    @discardableResult
    public func appLaunch<App: LaunchableApp>(_ app: App) throws -> App {
        app.launchEnvironment.merge(try launchEnvironment) { _, ours in ours }
        app.launch()
        return app
    }
}

/// Runs a UI test's `body` with a fresh `HTTPMock` served by a started loopback `MockServer`
/// (also `HTTPMock.current` and `MockServer.current` in the body), for apps launched with
/// ``UITestServer/appLaunch(_:)``. When the body returns or throws, the server shuts down and,
/// at the caller's line, every request no stub matched is reported (with its near-miss report
/// and the mock's call report, since the requests came from the app's process), and, when
/// `reportUnusedStubs` is set, every stub that answered no request: the checks of
/// `withMockHTTP`, which this scope runs.
///
/// In a UI-test bundle, call it from an XCTest test method (Swift Testing tests do not run in
/// UI-test bundles; see the `UnderstudyUITesting` overview):
///
/// ```swift
/// final class ProfileUITests: XCTestCase {
///     @MainActor func testShowsTheProfile() async throws {
///         try await withUITestServer { ui in
///             ui.mock.route("/me", method: .get, responses: [.ok.json(["name": "Ada"])])
///             let app = try ui.appLaunch(XCUIApplication())
///             await Screen(app).withTextEquals("Ada").exist()
///         }
///     }
/// }
/// ```
///
/// Under Swift Testing, use it with an ``InMemoryScreen`` or an app of your own conforming to
/// ``LaunchableApp`` (tests of page objects or of the launch itself), not with `XCUIApplication`.
///
/// - Parameters:
///   - configuration: the mock's settings.
///   - root: a WireMock root folder whose `mappings` are loaded as stubs; a relative path starts
///     at the folder of the calling file.
///   - reportUnusedStubs: whether stubs that answered no request fail the test too.
///   - fileID: where failures are reported; the caller's by default.
///   - filePath: where failures are reported, and the folder a relative `root` starts from.
///   - line: where failures are reported; the caller's by default.
///   - column: where failures are reported; the caller's by default.
///   - isolation: the actor the body runs on; the caller's by default.
///   - body: the test, given the mock and its started server.
@discardableResult
public func withUITestServer<Result>(
    configuration: HTTPMock.Configuration = HTTPMock.Configuration(),
    root: String? = nil,
    reportUnusedStubs: Bool = false,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (UITestServer) async throws -> Result
) async throws -> Result {
    var setup = MockHTTPScope.Setup(configuration: configuration, root: root, relativeTo: filePath,
                                    startsServer: true, reportsUnusedStubs: reportUnusedStubs)
    setup.appendsCallReport = true
    return try await MockHTTPScope.run(setup, reportingAt: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { mock in
        // The scope made and started the server, so it is there.
        let server = try MockServer.current
        return try await body(UITestServer(mock: mock, server: server))
    }
}

/// Runs a UI test's `body` in a namespace of its own on a server shared with other tests (see
/// `SharedMockServer`): as ``withUITestServer(configuration:root:reportUnusedStubs:fileID:filePath:line:column:isolation:_:)``,
/// but the server is the shared one (started by the first test that needs it, left running),
/// the app is launched with the namespace (``UITestServer/launchEnvironment``), and the
/// namespace is dropped when the body ends. UI tests running at once on several simulators can
/// then share one server.
@discardableResult
public func withUITestServer<Result>(
    sharing shared: SharedMockServer,
    root: String? = nil,
    reportUnusedStubs: Bool = false,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (UITestServer) async throws -> Result
) async throws -> Result {
    var setup = MockHTTPScope.Setup(sharing: shared, root: root, relativeTo: filePath, reportsUnusedStubs: reportUnusedStubs)
    setup.appendsCallReport = true
    return try await MockHTTPScope.run(setup, reportingAt: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { mock in
        try await body(UITestServer(mock: mock, server: shared.server))
    }
}
