public import Understudy
import UnderstudyClient
public import UnderstudyServer
public import XCTest

/// An XCTest base class that runs each test in the same scope as the `.mockHTTP` trait and
/// ``withMockHTTP(configuration:root:server:reportUnusedStubs:fileID:filePath:line:column:isolation:_:)``:
/// a fresh `HTTPMock` per test (``mock``, also `HTTPMock.current`), optionally loaded from
/// ``mappingsRoot`` and served by a started `MockServer` (``server``, also
/// `MockServer.current`) when ``startsServer`` is `true`. `tearDown` fails the test through
/// `XCTFail` for every unmatched request (with its near-miss report) and, when
/// ``reportsUnusedStubs`` is `true`, every unused stub.
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
    /// The mock of the running test (a new one per test, made in `setUp`).
    public private(set) var mock = HTTPMock()
    /// The server of the running test, when ``startsServer`` is `true`.
    public private(set) var server: MockServer?
    /// Whether stubs that answered nothing fail the test too.
    open var reportsUnusedStubs: Bool { false }
    /// Whether each test gets a started loopback server for ``mock``.
    open var startsServer: Bool { false }
    /// The settings of each test's mock.
    open var mockConfiguration: HTTPMock.Configuration { HTTPMock.Configuration() }
    /// A WireMock root folder whose `mappings` become each test's stubs and whose `__files`
    /// serve bodies, e.g. `MappingsRoot(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/api"))`.
    open var mappingsRoot: MappingsRoot? { nil }
    /// A server shared with other tests (and test processes' other test cases): when set,
    /// each test's ``mock`` is a namespace of its own on it (``server`` is the shared server,
    /// started by the first test), dropped in `tearDown`; ``startsServer`` is then ignored.
    open var sharedServer: SharedMockServer? { nil }
    /// When each test attaches its mock's journal (HAR), near misses and stubs: as
    /// `XCTAttachment`s on Apple platforms (kept for a failing test only, unless `.always`);
    /// swift-corelibs-xctest has no attachments, so elsewhere nothing is attached.
    open var attachments: MockHTTPAttachments { .onFailure }

    /// Whether each end-of-test failure ends with the mock's call report; set by the UI-test
    /// base class of `UnderstudyUITesting` before its `setUp` calls this one.
    package var appendsCallReport = false

    private var slot: MockHTTPScope.Slot?

    /// Runs the test with `HTTPMock.current` (and `MockServer.current`) bound to this test's.
    open override func invokeTest() {
        let slot = MockHTTPScope.Slot()
        self.slot = slot
        MockHTTPScope.$slot.withValue(slot) {
            super.invokeTest()
        }
    }

    open override func setUp() async throws {
        try await super.setUp()
        let shared = sharedServer
        let setup = MockHTTPScope.Setup(configuration: shared?.mock.configuration ?? mockConfiguration, root: mappingsRoot,
                                        startsServer: shared == nil && startsServer, reportsUnusedStubs: reportsUnusedStubs,
                                        sharedServer: shared, appendsCallReport: appendsCallReport)
        let scope = try MockHTTPScope(setup)
        mock = scope.mock
        server = scope.server
        slot?.set(scope)
        try await scope.start()
    }

    open override func tearDown() async throws {
        if let scope = slot?.scope {
            #if canImport(Darwin)
            if attachments.isEnabled {
                let prefix = MockHTTPEvidence.prefix(name)
                for file in MockHTTPEvidence(of: scope.mock).files {
                    let attachment = XCTAttachment(string: file.text)
                    attachment.name = "\(prefix)-\(file.name)"
                    attachment.lifetime = attachments.keepsOnSuccess ? .keepAlways : .deleteOnSuccess
                    add(attachment)
                }
            }
            #endif
            try await scope.finish(reportingAt: FailureLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
        }
        server = nil
        try await super.tearDown()
    }
}
