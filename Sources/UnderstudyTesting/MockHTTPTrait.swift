public import Testing
public import Understudy
import UnderstudyClient

/// Gives each test its own ``HTTPMock`` (read it with `HTTPMock.current`) and, when the test
/// ends, records an issue for every request no stub matched, every typed expectation of an
/// `APIClient.startMocking()` never consumed, and, if asked, every unused stub.
///
/// ```swift
/// @Test(.mockHTTP) func loadsUser() async throws {
///     HTTPMock.current.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1]))
///     ...
/// }
/// ```
public struct MockHTTPTrait: TestTrait, SuiteTrait, TestScoping {
    /// Whether stubs that answered nothing are reported too.
    public let reportsUnusedStubs: Bool

    /// Applies to every test of a suite, each with its own mock.
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: () async throws -> Void) async throws {
        // Suites get their scope for each test case; the suite itself only passes through.
        guard testCase != nil || !test.isSuite else {
            try await function()
            return
        }
        let mock = HTTPMock()
        let endpointMocks = EndpointMockRegistry()
        try await HTTPMock.$taskCurrent.withValue(mock) {
            try await EndpointMockRegistry.$current.withValue(endpointMocks) {
                try await function()
            }
        }
        let unmet = endpointMocks.unmetExpectations
        if !unmet.isEmpty {
            Issue.record(Comment(rawValue: EndpointMockError.unmetExpectations(unmet).description), sourceLocation: test.sourceLocation)
        }
        if let message = mock.verifyNoUnmatchedRequests() {
            Issue.record(Comment(rawValue: message), sourceLocation: test.sourceLocation)
        }
        if reportsUnusedStubs, let message = mock.verifyAllStubsUsed() {
            Issue.record(Comment(rawValue: message), sourceLocation: test.sourceLocation)
        }
    }
}

extension Trait where Self == MockHTTPTrait {
    /// A fresh mock per test, checked for unmatched requests when the test ends.
    public static var mockHTTP: MockHTTPTrait { MockHTTPTrait(reportsUnusedStubs: false) }

    /// A fresh mock per test, checked for unmatched requests and, when `reportUnusedStubs`
    /// is set, for stubs that answered nothing.
    public static func mockHTTP(reportUnusedStubs: Bool) -> MockHTTPTrait { MockHTTPTrait(reportsUnusedStubs: reportUnusedStubs) }
}

extension HTTPMock {
    @TaskLocal static var taskCurrent: HTTPMock?

    /// The mock of the running test, given by the `.mockHTTP` trait.
    /// Traps with an explanation when the test has neither.
    public static var current: HTTPMock {
        guard let mock = taskCurrent else {
            preconditionFailure("No HTTPMock for this test: add the .mockHTTP trait (@Test(.mockHTTP)) or inherit from MockHTTPTestCase")
        }
        return mock
    }
}
