import Foundation
import Testing
@testable import Understudy

struct StubSelectionTests {
    @Test func newestStubWinsAmongEqualPriorities() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/a"), .ok.body("old"))
        mock.stub(.get(urlPath: "/a"), .ok.body("new"))
        #expect(mock.serve(request(.get, "/a")).response.body == .text("new"))
    }

    @Test func priorityOneBeatsNewerDefaultPriority() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/a"), .ok.body("important"), priority: 1)
        mock.stub(.any(urlPath: "/a"), .ok.body("newer, default priority"))
        mock.stub(RequestPattern(method: .get, url: .urlPathPattern("/.*")), .ok.body("catch-all"), priority: 10)
        #expect(mock.serve(request(.get, "/a")).response.body == .text("important"))
        #expect(mock.serve(request(.post, "/a")).response.body == .text("newer, default priority"))
        #expect(mock.serve(request(.get, "/b")).response.body == .text("catch-all"))
    }

    @Test func indexedAndPatternStubsInterleaveByPriorityAndAge() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/users/1"), .ok.body("exact, old"))
        mock.stub(RequestPattern(method: .get, url: .urlPathPattern("/users/[0-9]+")), .ok.body("pattern, newer"))
        #expect(mock.serve(request(.get, "/users/1")).response.body == .text("pattern, newer"))
        mock.stub(.get(url: "/users/1"), .ok.body("url, newest"))
        #expect(mock.serve(request(.get, "/users/1")).response.body == .text("url, newest"))
        #expect(mock.serve(request(.get, "/users/1?x=1")).response.body == .text("pattern, newer"))
    }

    @Test func thousandsOfExactStubsStillFindTheRightOne() {
        let mock = HTTPMock()
        mock.stub((0..<5_000).map { StubMapping(.get(urlPath: "/items/\($0)"), .ok.body("item \($0)")) })
        #expect(mock.serve(request(.get, "/items/4321")).response.body == .text("item 4321"))
        #expect(mock.serve(request(.get, "/items/0?page=2")).response.body == .text("item 0"))
        #expect(mock.serve(request(.post, "/items/1")).stub == nil)
    }

    @Test func editKeepsPlaceAndRemoveForgets() throws {
        let mock = HTTPMock()
        let first = mock.stub(.get(urlPath: "/a"), .ok.body("first"))
        mock.stub(.get(urlPath: "/a"), .ok.body("second"))
        var edited = first
        edited.response = .definition(.ok.body("first, edited"))
        try mock.editStub(edited)
        // Editing keeps the stub's age, so the newer "second" still wins.
        #expect(mock.serve(request(.get, "/a")).response.body == .text("second"))
        #expect(mock.stubMapping(id: first.id)?.response.definition?.body == .text("first, edited"))
        let second = mock.stubMappings[0]
        #expect(mock.removeStub(id: second.id)?.id == second.id)
        #expect(mock.serve(request(.get, "/a")).response.body == .text("first, edited"))
        #expect(throws: StubNotFoundError(id: second.id)) { try mock.editStub(second) }
    }

    @Test func dynamicStubsSeeRequestAndCallCount() {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/login")) { request, callCount in
            callCount < 3 ? .unauthorized.body("attempt \(callCount) from \(request.headers["User"] ?? "?")") : .ok
        }
        let headers: HTTPHeaders = ["User": "ada"]
        #expect(mock.serve(request(.post, "/login", headers: headers)).response.body == .text("attempt 1 from ada"))
        #expect(mock.serve(request(.post, "/login", headers: headers)).response.body == .text("attempt 2 from ada"))
        #expect(mock.serve(request(.post, "/login", headers: headers)).response.status == 200)
    }

    @Test func dynamicStubsAreNotEncodable() {
        let mock = HTTPMock()
        let stub = mock.stub(.get(urlPath: "/x"), name: "clock") { _, _ in .ok }
        #expect(throws: MappingEncodingError.self) { try stub.wireMockJSON() }
    }

    @Test func unmatchedRequestGets404WithNearMissReport() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/users/42"), .ok)
        let event = mock.serve(request(.get, "/users/43"))
        #expect(!event.wasMatched)
        #expect(event.response.status == 404)
        #expect(event.response.headers["Content-Type"] == "text/plain; charset=utf-8")
        guard case .text(let text) = event.response.body else {
            Issue.record("expected a text body")
            return
        }
        #expect(text.hasPrefix("No stub matched GET /users/43\n"))
        #expect(text.contains(#"✗ urlPath: expected "/users/42", got "/users/43""#))
    }

    @Test func resetForgetsEverything() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/a"), .ok)
        _ = mock.serve(request(.get, "/a"))
        mock.reset()
        #expect(mock.stubMappings.isEmpty)
        #expect(mock.serveEvents.isEmpty)
    }

    @Test func bodyFilesResolveInsideTheRoot() throws {
        let mock = HTTPMock(configuration: .init(root: MappingsRoot(fixturesFolder.appendingPathComponent("root"))))
        #expect(try mock.bodyData(for: .ok.bodyFile("data/hello.txt")) == Data("hello from a file\n".utf8))
        #expect(throws: BodyFileError.self) { try HTTPMock().bodyData(for: .ok.bodyFile("data/hello.txt")) }
    }
}
