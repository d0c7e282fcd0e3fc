import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyServer
import UnderstudySupport
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `withMockHTTP`, the scope under the `.mockHTTP` trait and `MockHTTPTestCase`.
struct WithMockHTTPTests {
    @Test func bindsCurrentForTheBodyAndReturnsItsResult() async throws {
        let result = try await withMockHTTP { mock in
            #expect(HTTPMock.current === mock)
            mock.stub(.get(urlPath: "/a"), .ok.body("A"))
            let inChildTask = await Task { HTTPMock.current === mock }.value
            #expect(inChildTask)
            return try await get(HTTPMock.current, URL(string: "http://api.example.com/a")!).1
        }
        #expect(result == "A")
    }

    @Test func eachScopeHasItsOwnMock() async throws {
        let first = try await withMockHTTP { $0 }
        let second = try await withMockHTTP { $0 }
        #expect(first !== second)
    }

    @Test func serverIsStartedForTheBodyAndShutDownAfterIt() async throws {
        let server = try await withMockHTTP(server: true) { mock in
            mock.stub(.get(urlPath: "/ping"), .ok.body("pong"))
            let server = try MockServer.current
            #expect(server.mock === mock)
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let response = try await get(session, server.baseURL.appendingPathComponent("ping"))
            #expect(response.0 == 200)
            #expect(response.1 == "pong")
            return server
        }
        #expect(throws: MockServerError.notRunning) { try server.port }
    }

    struct Boom: Error {}

    @Test func serverIsShutDownWhenTheBodyThrows() async throws {
        let box = Locked<MockServer?>(nil)
        await #expect(throws: Boom.self) {
            try await withMockHTTP(server: true) { _ -> Void in
                box.withLock { $0 = try? MockServer.current }
                throw Boom()
            }
        }
        let server = try #require(box.withLock { $0 })
        #expect(throws: MockServerError.notRunning) { try server.port }
    }

    @Test func withoutServerThereIsNoCurrentServer() async throws {
        try await withMockHTTP { _ in
            #expect(throws: NoCurrentMockServerError.self) { try MockServer.current }
        }
        #expect(throws: NoCurrentMockServerError.self) { try MockServer.current }
    }

    @Test func unmatchedRequestsAreReportedAtTheCallersLine() async throws {
        let expectedLine = #line + 2
        try await withKnownIssue {
            try await withMockHTTP { mock in
                _ = mock.serve(RecordedRequest(method: .get, url: "/nobody-home"))
            }
        } matching: { issue in
            issue.sourceLocation?.line == expectedLine
                && issue.comments.first?.rawValue.hasPrefix("1 request(s) matched no stub:\nNo stub matched GET /nobody-home") == true
        }
    }

    @Test func checksRunWhenTheBodyThrowsToo() async throws {
        try await withKnownIssue {
            try await withMockHTTP(reportUnusedStubs: true) { mock -> Void in
                mock.stub(StubMapping(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, .get(urlPath: "/never"), .ok))
                throw Boom()
            }
        } matching: { issue in
            issue.comments.first?.rawValue == #"1 stub(s) answered no request:"# + "\n" + #"  id 00000000-0000-0000-0000-000000000002: GET urlPath "/never""#
                || issue.error is Boom
        }
    }

    @Test func unusedStubsAreOnlyReportedWhenAsked() async throws {
        try await withMockHTTP { mock in
            mock.stub(.get(urlPath: "/never"), .ok)
        }
    }

    @Test func takesTheMocksConfiguration() async throws {
        try await withMockHTTP(configuration: .init(journalCapacity: 1)) { mock in
            mock.stub(.get(urlPath: "/1"), .ok)
            mock.stub(.get(urlPath: "/2"), .ok)
            _ = mock.serve(RecordedRequest(method: .get, url: "/1"))
            _ = mock.serve(RecordedRequest(method: .get, url: "/2"))
            #expect(mock.configuration.journalCapacity == 1)
            #expect(mock.serveEvents.map(\.request.url) == ["/2"])
        }
    }

    @Test func loadsMappingsFromARootRelativeToTheCallingFile() async throws {
        try await withMockHTTP(root: "Fixtures/api") { mock in
            let response = try await get(mock, URL(string: "http://api.example.com/greeting")!)
            #expect(response.0 == 200)
            #expect(response.1 == "Hello from __files")
        }
    }

    @Test func aBadMappingsRootThrowsBeforeTheBody() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-bad-root-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{ not json".utf8).write(to: folder.appendingPathComponent("mappings/bad.json"))
        let ran = Locked(false)
        await #expect(throws: MappingsLoadError.self) {
            try await withMockHTTP(root: folder.path) { _ in ran.withLock { $0 = true } }
        }
        #expect(ran.withLock { $0 } == false)
    }
}

/// `HTTPMock.current` where no scope gives one: an issue, a usable mock, no trap (the detached
/// task case is in `MockHTTPTestCaseFailureTests`).
struct CurrentOutsideAScopeTests {
    @Test func recordsAnIssueAndReturnsAUsableMock() async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            let mock = HTTPMock.current
            mock.stub(.get(urlPath: "/a"), .ok.body("still works"))
            let response = try await get(mock, URL(string: "http://api.example.com/a")!)
            #expect(response.0 == 200)
            #expect(response.1 == "still works")
        } matching: { issue in
            issue.sourceLocation == test.sourceLocation
                && issue.comments.first?.rawValue.hasPrefix("HTTPMock.current was read outside a mock scope") == true
        }
    }
}

/// The `.mockHTTP` trait's configuration.
struct MockHTTPTraitConfigurationTests {
    @Test(.mockHTTP(root: "Fixtures/api")) func rootMappingsBecomeStubs() async throws {
        #expect(HTTPMock.current.stubMappings.count == 1)
        let response = try await get(HTTPMock.current, URL(string: "http://api.example.com/greeting")!)
        #expect(response.0 == 200)
        #expect(response.1 == "Hello from __files")
    }

    @Test func rootIsResolvedAgainstTheFileThatAppliesTheTrait() {
        let trait = MockHTTPTrait.mockHTTP(root: "Fixtures/api")
        let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/api").standardizedFileURL
        #expect(trait.root?.url.path == expected.path)
        #expect(MockHTTPTrait.mockHTTP(root: "/tmp/api").root?.url.path == "/tmp/api")
    }

    @Test(.mockHTTP(server: true)) func serverServesTheTestsMock() async throws {
        HTTPMock.current.stub(.get(urlPath: "/ping"), .ok.body("pong"))
        let server = try MockServer.current
        #expect(server.mock === HTTPMock.current)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let response = try await get(session, server.baseURL.appendingPathComponent("ping"))
        #expect(response.0 == 200)
        #expect(response.1 == "pong")
    }

    @Test(.mockHTTP(configuration: .init(journalCapacity: 7))) func configurationReachesTheMock() {
        #expect(HTTPMock.current.configuration.journalCapacity == 7)
    }

    @Test func unmatchedRequestsAreReportedAtTheTest() async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await MockHTTPTrait.mockHTTP(server: true).provideScope(for: test, testCase: Test.Case.current) {
                let session = URLSession(configuration: .ephemeral)
                defer { session.finishTasksAndInvalidate() }
                _ = try await get(session, try MockServer.current.baseURL.appendingPathComponent("nobody-home"))
            }
        } matching: { issue in
            issue.sourceLocation == test.sourceLocation
                && issue.comments.first?.rawValue.hasPrefix("1 request(s) matched no stub:\nNo stub matched GET /nobody-home") == true
        }
    }
}
