public import Testing
public import Understudy
public import UnderstudyPact
public import Foundation
import UnderstudySupport

/// Runs each test inside ``withMockHTTP(configuration:root:server:reportUnusedStubs:fileID:filePath:line:column:isolation:_:)``:
/// its own `HTTPMock` (read it with `HTTPMock.current`), optionally loaded from a mappings
/// root and served by a started server (`MockServer.current`). When the test ends, an issue
/// is recorded at the test for every request no stub matched and, if asked, every unused stub.
/// (Typed endpoint mocking, `APIClient.withMocking`, throws its own unmet expectations.)
///
/// ```swift
/// @Test(.mockHTTP) func loadsUser() async throws {
///     HTTPMock.current.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1]))
///     ...
/// }
///
/// @Test(.mockHTTP(root: "Fixtures/api", server: true)) func talksToTheServer() async throws {
///     let baseURL = try MockServer.current.baseURL
///     ...
/// }
/// ```
public struct MockHTTPTrait: TestTrait, SuiteTrait, TestScoping {
    var setup: MockHTTPScope.Setup
    /// The contract the tests' traffic goes into, and where it is written.
    var pact: (recorder: PactRecorder, directory: URL)? = nil

    /// Whether stubs that answered nothing are reported too.
    public var reportsUnusedStubs: Bool { setup.reportsUnusedStubs }

    /// Whether each test gets a started loopback server.
    public var startsServer: Bool { setup.startsServer }

    /// The folder whose mappings each test's mock starts with, if any.
    public var root: MappingsRoot? { setup.root }

    /// Applies to every test of a suite, each with its own mock.
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // Suites get their scope for each test case; the suite itself only passes through.
        guard testCase != nil || !test.isSuite else {
            try await function()
            if let pact { try pact.recorder.write(to: pact.directory) }
            return
        }
        // The test's failing issues (an #expect, an Issue.record) decide whether its mock's
        // evidence is attached; the handler passes every issue on unchanged.
        let issues = MockHTTPScope.IssueFlag()
        var watched = setup
        watched.issues = issues
        let setup = watched
        let watcher = IssueHandlingTrait.compactMapIssues { issue in
            if issue.isFailure { issues.set() }
            return issue
        }
        let served = Locked<HTTPMock?>(nil)
        try await watcher.provideScope(for: test, testCase: testCase) {
            try await MockHTTPScope.run(setup, reportingAt: FailureLocation(test: test)) { mock in
                try await function()
                served.withLock { $0 = mock }
            }
        }
        // A passing test's traffic goes into the contract, written as each test ends.
        if let pact, !issues.isSet, let mock = served.withLock({ $0 }) {
            pact.recorder.add(mock)
            try pact.recorder.write(to: pact.directory)
        }
    }

    /// The same trait, gathering the traffic of every passing test it applies to into one Pact
    /// contract (see `PactRecorder` in `UnderstudyPact`), written as `Consumer-Provider.json` into `directory` as
    /// each test ends (and once more when a suite ends), so that the provider's build finds the
    /// contract of the whole suite:
    ///
    /// ```swift
    /// @Suite(.mockHTTP.pact(consumer: "App", provider: "Users")) struct UserClientTests {
    ///     @Test func loadsAUser() {
    ///         HTTPMock.current.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1]), name: "Get user")
    ///         _ = HTTPMock.current.serve(RecordedRequest(method: .get, url: "/users/1"))
    ///     }
    /// }   // pacts/App-Users.json
    /// ```
    public func pact(consumer: String, provider: String, specification: PactSpecification = .v4,
                     directory: URL = PactContract.defaultDirectory) -> MockHTTPTrait {
        var copy = self
        copy.pact = (PactRecorder(consumer: consumer, provider: provider, specification: specification), directory)
        return copy
    }

    /// The same trait, attaching its mock's journal (HAR), near misses and stubs to the test
    /// as `attachments` says: `.onFailure` (the default), `.always`, or `.never` to opt out.
    ///
    /// ```swift
    /// @Test(.mockHTTP.attachments(.never)) func attachesNothing() {}
    /// ```
    public func attachments(_ attachments: MockHTTPAttachments) -> MockHTTPTrait {
        var copy = self
        copy.setup.attachments = attachments
        return copy
    }
}

extension Trait where Self == MockHTTPTrait {
    /// A fresh mock per test, checked for unmatched requests when the test ends.
    public static var mockHTTP: MockHTTPTrait { mockHTTP() }

    /// A fresh mock per test, configured, checked when the test ends.
    ///
    /// - Parameters:
    ///   - configuration: the mock's settings, e.g. `.init(journalCapacity: 100)`.
    ///   - root: a WireMock root folder whose `mappings` become the mock's stubs and whose
    ///     `__files` serve bodies. A relative path is resolved against the folder of the file
    ///     that applies the trait (`filePath`); an absolute path is used as it is. A mapping
    ///     that cannot be loaded fails the test before it runs.
    ///   - server: whether each test gets a started `MockServer` (`MockServer.current`),
    ///     shut down when the test ends.
    ///   - reportUnusedStubs: whether stubs that answered no request fail the test too.
    public static func mockHTTP(
        configuration: HTTPMock.Configuration = HTTPMock.Configuration(),
        root: String? = nil,
        server: Bool = false,
        reportUnusedStubs: Bool = false,
        filePath: StaticString = #filePath
    ) -> MockHTTPTrait {
        MockHTTPTrait(setup: MockHTTPScope.Setup(configuration: configuration, root: root, relativeTo: filePath,
                                                 startsServer: server, reportsUnusedStubs: reportUnusedStubs))
    }

    /// A namespace of its own per test on one server shared by every test that names it (see
    /// `SharedMockServer`): `HTTPMock.current` is the namespace's handle, `MockServer.current`
    /// the shared server (started by the first test), and the namespace is dropped when the
    /// test ends, after the usual checks. Tests run in parallel without seeing each other.
    ///
    /// ```swift
    /// extension SharedMockServer { static let api = SharedMockServer() }
    ///
    /// @Suite(.mockHTTP(sharing: .api)) struct CheckoutTests {
    ///     @Test func paysTheCart() async throws {
    ///         HTTPMock.current.stub(.post(urlPath: "/pay"), .ok)
    ///         let session = try MockServer.current.urlSession(for: HTTPMock.current)
    ///         ...
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - shared: the server the tests share.
    ///   - root: a WireMock root folder whose `mappings` each test's namespace starts with.
    ///   - reportUnusedStubs: whether stubs that answered no request fail the test too.
    public static func mockHTTP(sharing shared: SharedMockServer, root: String? = nil, reportUnusedStubs: Bool = false,
                                filePath: StaticString = #filePath) -> MockHTTPTrait {
        MockHTTPTrait(setup: MockHTTPScope.Setup(sharing: shared, root: root, relativeTo: filePath, reportsUnusedStubs: reportUnusedStubs))
    }
}
