import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyServer
import UnderstudyTesting
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.mockHTTP)
struct MockHTTPTraitTests {
    @Test func eachTestGetsItsOwnMock() async throws {
        HTTPMock.current.stub(.get(urlPath: "/users/1"), .ok.body("Ada"))
        let body = try await get(HTTPMock.current, URL(string: "http://api.example.com/users/1")!).1
        #expect(body == "Ada")
        #expect(HTTPMock.current.stubMappings.count == 1)
    }

    @Test func anotherTestStartsEmpty() {
        #expect(HTTPMock.current.stubMappings.isEmpty)
        #expect(HTTPMock.current.serveEvents.isEmpty)
    }
}

struct AssertionTests {
    @Test func unmatchedRequestsAreReportedWhenTheScopedTestEnds() async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await MockHTTPTrait.mockHTTP.provideScope(for: test, testCase: Test.Case.current) {
                _ = HTTPMock.current.serve(RecordedRequest(method: .get, url: "/nobody-home"))
            }
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("1 request(s) matched no stub:\nNo stub matched GET /nobody-home") == true
        }
    }

    @Test func unusedStubsAreReportedWhenAsked() async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await MockHTTPTrait.mockHTTP(reportUnusedStubs: true).provideScope(for: test, testCase: Test.Case.current) {
                HTTPMock.current.stub(StubMapping(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, .get(urlPath: "/never"), .ok))
            }
        } matching: { issue in
            issue.comments.first?.rawValue == #"1 stub(s) answered no request:"# + "\n" + #"  id 00000000-0000-0000-0000-000000000001: GET urlPath "/never""#
        }
    }

    @Test func assertRequestedRecordsAtTheCaller() {
        let mock = HTTPMock()
        _ = mock.serve(RecordedRequest(method: .get, url: "/a"))
        mock.assertRequested(.exactly(1), .get(urlPath: "/a"))
        let expectedLine = #line + 2
        withKnownIssue {
            mock.assertRequested(.exactly(2), .get(urlPath: "/a"))
        } matching: { issue in
            issue.sourceLocation?.line == expectedLine
                && issue.comments.first?.rawValue.hasPrefix(#"Expected exactly 2 request(s) matching GET urlPath "/a""#) == true
        }
        #expect(mock.requestedFailureMessage(.exactly(1), .get(urlPath: "/a")) == nil)
        #expect(mock.requestedFailureMessage(.never, .get(urlPath: "/a"))?.contains("but received 1.") == true)
    }

    @Test func assertRequestedAndVerifyShareTheDefaultCount() throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/a"), .ok)
        withKnownIssue { mock.assertRequested(.get(urlPath: "/a")) }
        #expect(throws: VerificationError.self) { try mock.verify(.get(urlPath: "/a")) }
        _ = mock.serve(RecordedRequest(method: .get, url: "/a"))
        _ = mock.serve(RecordedRequest(method: .get, url: "/a"))
        mock.assertRequested(.get(urlPath: "/a"))
        try mock.verify(.get(urlPath: "/a"))
        #expect(mock.requestedFailureMessage(.get(urlPath: "/a")) == nil)
        #expect(mock.unmatchedRequestsFailureMessage() == nil)
        #expect(mock.unusedStubsFailureMessage() == nil)
    }

    @Test func assertNoUnmatchedRequestsListsEachReport() {
        let mock = HTTPMock()
        mock.assertNoUnmatchedRequests()
        _ = mock.serve(RecordedRequest(method: .get, url: "/x"))
        withKnownIssue {
            mock.assertNoUnmatchedRequests()
        } matching: { issue in
            issue.comments.first?.rawValue.contains("No stub matched GET /x") == true
        }
    }
}

/// The XCTest base class in use: a fresh mock per test, checked in tearDown.
final class MockHTTPTestCaseTests: MockHTTPTestCase {
    func testMockIsFreshAndAnswers() async throws {
        XCTAssertTrue(mock.stubMappings.isEmpty)
        mock.stub(.get(urlPath: "/ping"), .ok.body("pong"))
        let body = try await get(mock, URL(string: "http://api.example.com/ping")!).1
        XCTAssertEqual(body, "pong")
        mock.assertRequested(.exactly(1), .get(urlPath: "/ping"))
    }

    func testCurrentIsThisTestsMock() async {
        let mock = mock
        XCTAssertTrue(HTTPMock.current === mock)
        let inChildTask = await Task { HTTPMock.current === mock }.value
        XCTAssertTrue(inChildTask)
    }

    func testCurrentInASynchronousTest() {
        XCTAssertTrue(HTTPMock.current === mock)
    }
}

/// The base class with a started server.
final class MockHTTPServerTestCaseTests: MockHTTPTestCase {
    override var startsServer: Bool { true }

    func testServerServesTheMock() async throws {
        mock.stub(.get(urlPath: "/ping"), .ok.body("pong over a socket"))
        let server = try XCTUnwrap(server)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let body = try await get(session, server.baseURL.appendingPathComponent("ping")).1
        XCTAssertEqual(body, "pong over a socket")
        XCTAssertTrue(try MockServer.current === server)
    }
}
