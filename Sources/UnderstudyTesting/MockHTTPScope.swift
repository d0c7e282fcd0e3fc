import Foundation
public import Understudy
public import UnderstudyServer
import Testing
import UnderstudySupport

/// Runs `body` with a fresh `HTTPMock` (also readable as `HTTPMock.current` inside the
/// body and every task it creates, but not in detached tasks) and, when the body ends, reports
/// through the running framework (Swift Testing or XCTest) at the caller's line:
/// - every request no stub matched, with its near-miss report;
/// - when `reportUnusedStubs` is set, every stub that answered no request.
///
/// The checks run whether the body returns or throws; an error the body throws is rethrown.
/// This is the scope under both the `.mockHTTP` trait and ``MockHTTPTestCase``.
///
/// ```swift
/// @Test func loadsUser() async throws {
///     try await withMockHTTP(server: true) { mock in
///         mock.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1]))
///         let client = UserClient(baseURL: try MockServer.current.baseURL)
///         ...
///     }
/// }
/// ```
///
/// - Parameters:
///   - configuration: the mock's settings (journal capacity, templating, ...).
///   - root: a WireMock root folder whose `mappings` are loaded as stubs and whose `__files`
///     serve `bodyFileName` responses. A relative path is resolved against the folder of the
///     calling file (`filePath`), not the working directory, so it works from any `swift test`
///     invocation; an absolute path is used as it is. Bad mapping files throw
///     `MappingsLoadError` before the body runs.
///   - server: whether to start a loopback `MockServer` for the mock, readable as
///     `MockServer.current` in the body; it is shut down when the body returns or throws.
///   - reportUnusedStubs: whether stubs that answered no request fail the test too.
///   - fileID: where failures are reported; the caller's by default.
///   - filePath: where failures are reported, and the folder a relative `root` starts from.
///   - line: where failures are reported; the caller's by default.
///   - column: where failures are reported; the caller's by default.
///   - isolation: the actor the body runs on; the caller's by default.
///   - body: the test, given the scope's mock.
@discardableResult
public func withMockHTTP<Result>(
    configuration: HTTPMock.Configuration = HTTPMock.Configuration(),
    root: String? = nil,
    server: Bool = false,
    reportUnusedStubs: Bool = false,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (HTTPMock) async throws -> Result
) async throws -> Result {
    let setup = MockHTTPScope.Setup(configuration: configuration, root: root, relativeTo: filePath,
                                    startsServer: server, reportsUnusedStubs: reportUnusedStubs)
    return try await MockHTTPScope.run(setup, reportingAt: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column), body)
}

/// Runs `body` with a namespace of its own on a server shared with other tests (see
/// `SharedMockServer`): the mock is `shared.mock.namespaced()`, `MockServer.current` is the
/// shared server (start it first if no test has), and when the body ends the checks of
/// ``withMockHTTP(configuration:root:server:reportUnusedStubs:fileID:filePath:line:column:isolation:_:)``
/// run on the namespace, which is then dropped (its stubs, journal and scenario states).
///
/// Requests reach the namespace through the mock itself, `mock.urlSession()`, or the server
/// with the namespace's header: `MockServer.current.urlSession(for: mock)`, or
/// `launchEnvironment(for: mock)` for an app under test.
@discardableResult
public func withMockHTTP<Result>(
    sharing shared: SharedMockServer,
    root: String? = nil,
    reportUnusedStubs: Bool = false,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (HTTPMock) async throws -> Result
) async throws -> Result {
    let setup = MockHTTPScope.Setup(sharing: shared, root: root, relativeTo: filePath, reportsUnusedStubs: reportUnusedStubs)
    return try await MockHTTPScope.run(setup, reportingAt: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column), body)
}

/// The error `MockServer.current` throws outside a scope that started a server.
public struct NoCurrentMockServerError: Error, Sendable, CustomStringConvertible {
    public var description: String {
        "No MockServer for this test: use @Test(.mockHTTP(server: true)), withMockHTTP(server: true) { ... } "
            + "or a MockHTTPTestCase whose startsServer is true; or start one with withMockServer(mock) { server in ... }"
    }
}

/// One test's mock and its optional server, with the checks that run when the test ends.
/// (Typed endpoint mocking checks its own expectations when its `withMocking` scope ends.)
/// `package` so that the UI-test scope of `UnderstudyUITesting` runs the same checks.
package final class MockHTTPScope: Sendable {
    package struct Setup: Sendable {
        var configuration = HTTPMock.Configuration()
        var root: MappingsRoot?
        var startsServer = false
        var reportsUnusedStubs = false
        /// A server shared with other tests: the scope's mock is a namespace of its own on it,
        /// dropped when the scope ends.
        var sharedServer: SharedMockServer?
        /// Whether each end-of-test failure ends with the mock's call report (UI tests, where
        /// the requests came from another process and the report is all the test sees of them).
        package var appendsCallReport = false
        /// When the scope attaches what its mock saw to the test (Swift Testing).
        package var attachments = MockHTTPAttachments.onFailure
        /// Set when the test records a failing issue (the trait watches the test's issues).
        var issues: IssueFlag?
    }

    /// Whether a failing issue was recorded in a test: set by the trait's issue handler, read
    /// when the scope finishes.
    final class IssueFlag: Sendable {
        private let failed = Locked(false)
        var isSet: Bool { failed.withLock { $0 } }
        func set() { failed.withLock { $0 = true } }
    }

    /// What the task-local value holds. XCTest binds it around the whole test (in
    /// `invokeTest`) before its async `setUp` creates the scope, so the scope is set later.
    final class Slot: Sendable {
        private let storage = Locked<MockHTTPScope?>(nil)

        var scope: MockHTTPScope? {
            get { storage.withLock { $0 } }
        }

        func set(_ scope: MockHTTPScope?) { storage.withLock { $0 = scope } }
    }

    @TaskLocal static var slot: Slot?

    /// The scope of the running test, if any.
    package static var current: MockHTTPScope? { slot?.scope }

    let setup: Setup
    package let mock: HTTPMock
    package let server: MockServer?

    /// Creates the mock (loading the root's mappings) and, if asked, an unstarted server.
    init(_ setup: Setup) throws(MappingsLoadError) {
        self.setup = setup
        if let shared = setup.sharedServer {
            mock = shared.mock.namespaced()
            if let root = setup.root { mock.stub(try root.loadMappings(extensions: mock.serverMappingExtensions)) }
            server = shared.server
            return
        }
        // A test's mapping files may use every extension of Understudy's own.
        var configuration = setup.configuration
        configuration.mappingExtensions = MappingExtensions.understudy.merging(configuration.mappingExtensions)
        if let root = setup.root {
            mock = try HTTPMock(loadingMappingsFrom: root, configuration: configuration)
        } else {
            mock = HTTPMock(configuration: configuration)
        }
        server = setup.startsServer ? MockServer(mock: mock) : nil
    }

    func start() async throws {
        if let shared = setup.sharedServer { return try await shared.start() }
        try await server?.start()
    }

    /// The end-of-test failures: unmatched requests and, when asked, unused stubs (the last
    /// one followed by the call report when the setup asks for it: once is enough).
    var failures: [String] {
        var failures: [String] = []
        if let message = mock.unmatchedRequestsFailureMessage() { failures.append(message) }
        if setup.reportsUnusedStubs, let message = mock.unusedStubsFailureMessage() { failures.append(message) }
        guard let report = callReportForFailures, let last = failures.indices.last else { return failures }
        failures[last] += "\nCall report:\n\(report)"
        return failures
    }

    /// The mock's call report when the setup appends it to failures (a UI test's scope), for
    /// failures recorded during the test (a UI step that timed out); `nil` otherwise.
    package var callReportForFailures: String? {
        setup.appendsCallReport ? mock.callReport().description : nil
    }

    /// Shuts the server down (if any) and reports every end-of-test failure at `location`.
    /// The shutdown's error is thrown after the failures are reported.
    /// A scope on a shared server drops its namespace instead.
    func finish(reportingAt location: FailureLocation, bodyFailed: Bool = false) async throws {
        let failures = self.failures
        for failure in failures { FailureReporter.report(failure, at: location) }
        attachEvidence(failed: bodyFailed || !failures.isEmpty || setup.issues?.isSet == true)
        if setup.sharedServer != nil {
            if let namespace = mock.namespace { mock.reset(namespace: namespace) }
            return
        }
        try await server?.shutdown()
    }

    /// Creates and starts a scope, runs `body` with it bound, then finishes it on both paths.
    package static func run<Result>(
        _ setup: Setup, reportingAt location: FailureLocation,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (HTTPMock) async throws -> Result
    ) async throws -> Result {
        let slot = Slot()
        let scope = try MockHTTPScope(setup)
        slot.set(scope)
        do {
            try await scope.start()
        } catch {
            if setup.sharedServer == nil { try? await scope.server?.shutdown() }
            throw error
        }
        let result: Result
        do {
            result = try await $slot.withValue(slot) {
                try await body(scope.mock)
            }
        } catch {
            try? await scope.finish(reportingAt: location, bodyFailed: true)
            throw error
        }
        try await scope.finish(reportingAt: location)
        return result
    }

    /// Records the mock's evidence as Swift Testing attachments of the running test, when the
    /// setup's ``MockHTTPAttachments`` asks for it (nothing under XCTest, whose base class
    /// attaches on Apple platforms itself).
    func attachEvidence(failed: Bool) {
        guard let test = Test.current, setup.attachments.applies(failed: failed) else { return }
        let prefix = MockHTTPEvidence.prefix(test.name)
        for file in MockHTTPEvidence(of: mock).files {
            Attachment.record(file.text, named: "\(prefix)-\(file.name)")
        }
    }

    /// `path` as a root folder: absolute as it is, relative to the folder of `filePath`.
    static func resolve(_ path: String, relativeTo filePath: String) -> MappingsRoot {
        if path.hasPrefix("/") { return MappingsRoot(path: path) }
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        return MappingsRoot(folder.appendingPathComponent(path, isDirectory: true))
    }
}

extension HTTPMock {
    /// The mock of the running test: the one the `.mockHTTP` trait, ``withMockHTTP(configuration:root:server:reportUnusedStubs:fileID:filePath:line:column:isolation:_:)``
    /// or ``MockHTTPTestCase`` made, in the test and every task it creates.
    ///
    /// Outside those scopes, and in detached tasks (which inherit no task-local values), it
    /// never traps: it records a failure (an issue at the running Swift Testing test, or
    /// `XCTFail` under XCTest) and returns a fresh, empty mock that no end-of-test check
    /// covers, so the test fails and the run goes on. A detached task under Swift Testing has no
    /// `Test.current` either, so there the failure cannot reach the test: pass the mock into
    /// detached tasks instead of reading `current` there.
    public static var current: HTTPMock {
        if let mock = MockHTTPScope.current?.mock { return mock }
        let message = "HTTPMock.current was read outside a mock scope (or in a detached task), so it is a fresh mock no check covers: "
            + "add the .mockHTTP trait (@Test(.mockHTTP)), wrap the code in withMockHTTP { mock in ... }, inherit from MockHTTPTestCase, "
            + "or pass the mock into the detached task"
        if let test = Test.current {
            FailureReporter.report(message, at: FailureLocation(test: test))
        } else {
            FailureReporter.report(message, at: FailureLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
        }
        return HTTPMock()
    }
}

extension MockServer {
    /// The started server of the running test, from `.mockHTTP(server: true)`,
    /// `withMockHTTP(server: true)` or a ``MockHTTPTestCase`` whose `startsServer` is `true`;
    /// the shared server in a scope on one (`.mockHTTP(sharing:)`).
    /// Throws ``NoCurrentMockServerError`` elsewhere.
    public static var current: MockServer {
        get throws(NoCurrentMockServerError) {
            guard let server = MockHTTPScope.current?.server else { throw NoCurrentMockServerError() }
            return server
        }
    }
}

extension MockHTTPScope.Setup {
    /// A setup for a namespace of its own on `shared`, whose `root`'s mappings the namespace
    /// starts with (a relative `root` starts at the folder of `filePath`).
    package init(sharing shared: SharedMockServer, root: String?, relativeTo filePath: StaticString, reportsUnusedStubs: Bool) {
        self.init(configuration: shared.mock.configuration, root: root, relativeTo: filePath, startsServer: false,
                  reportsUnusedStubs: reportsUnusedStubs)
        sharedServer = shared
    }

    /// A setup whose `root`, when relative, starts at the folder of `filePath` (the test's file).
    package init(configuration: HTTPMock.Configuration, root: String?, relativeTo filePath: StaticString,
         startsServer: Bool, reportsUnusedStubs: Bool) {
        self.init(configuration: configuration, root: root.map { MockHTTPScope.resolve($0, relativeTo: "\(filePath)") },
                  startsServer: startsServer, reportsUnusedStubs: reportsUnusedStubs)
    }
}
