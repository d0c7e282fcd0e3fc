// The XCTest base class for UI tests; it needs XCUIApplication, so it is compiled only where
// the XCUITest adapter is. Checked only by the CI workflow's macos job (not yet observed green).
#if canImport(XCTest) && (os(iOS) || os(macOS) || os(visionOS))
public import UnderstudyTesting
public import XCTest

/// An XCTest base class for UI tests: each test gets a fresh `HTTPMock` (`mock`)
/// served by a started loopback server (`server`), an `appLaunch(_:)`
/// that launches the app pointed at it, and `continueAfterFailure = false` (which does not
/// reliably stop an `async` test method at a failure: it may go on after a step fails, so
/// guard on the `Bool` a step returns where later steps depend on it). `tearDown` reports
/// every request no stub matched, with its near-miss report and the mock's call report, as ``withUITestServer(configuration:root:reportUnusedStubs:fileID:filePath:line:column:isolation:_:)`` does.
///
/// ```swift
/// final class LoginUITests: UITestCase {
///     @MainActor func testLogsIn() async throws {
///         mock.route("/login", method: .post, responses: [.ok.json(["token": "t"])])
///         let screen = Screen(try appLaunch())
///         guard await screen.withButton("Log in").tap() else { return }
///         await screen.withTextEquals("Welcome").exist()
///     }
/// }
/// ```
open class UITestCase: MockHTTPTestCase {
    /// Always `true`: the launched app needs a server to talk to.
    open override var startsServer: Bool { true }

    /// Asks for the call report on end-of-test failures, sets `continueAfterFailure = false`,
    /// then makes the mock and starts its server (`MockHTTPTestCase.setUp()`). Call `super`
    /// first when you override it.
    open override func setUp() async throws {
        appendsCallReport = true
        continueAfterFailure = false
        try await super.setUp()
    }

    /// Launches `app` (a new `XCUIApplication` by default) with the server's launch
    /// environment added, and returns it.
    @MainActor
    @discardableResult
    public func appLaunch(_ app: XCUIApplication? = nil) throws -> XCUIApplication {
        // `server` is set by `setUp`; without it, `MockServer.current` throws the error that says why.
        return try UITestServer(mock: mock, server: server ?? MockServer.current).appLaunch(app ?? XCUIApplication())
    }
}
#endif
