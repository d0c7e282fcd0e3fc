import Foundation
import Testing
@testable import Understudy

struct RouteTests {
    @Test func routesSeeHelpersPathParamsAndCallCounts() throws {
        let mock = HTTPMock()
        mock.route("/users/:id/posts", method: .get) { request, callCount in
            .ok.body("user \(request.pathParameter("id") ?? "?") page \(request.queryParameter("page") ?? "1") call \(callCount) auth \(request.header("authorization") ?? "-")")
        }
        let first = mock.serve(RecordedRequest(method: .get, url: "/users/42/posts?page=3", headers: ["Authorization": "Bearer x"]))
        let second = mock.serve(RecordedRequest(method: .get, url: "/users/7/posts"))
        #expect(first.response.body == .text("user 42 page 3 call 1 auth Bearer x"))
        #expect(second.response.body == .text("user 7 page 1 call 2 auth -"))
    }

    @Test func bodyJSONDecodes() {
        struct Login: Decodable { var user: String }
        let mock = HTTPMock()
        mock.route("/login", method: .post) { request, _ in
            (try? request.bodyJSON(as: Login.self)).map { .ok.body("hello \($0.user)") } ?? .badRequest
        }
        #expect(mock.serve(RecordedRequest(method: .post, url: "/login", body: Data(#"{"user":"ada"}"#.utf8))).response.body == .text("hello ada"))
        #expect(mock.serve(RecordedRequest(method: .post, url: "/login", body: Data("nope".utf8))).response.status == 400)
    }

    @Test func responsesInTurnThenTheLastRepeats() {
        let mock = HTTPMock()
        mock.route("/flaky", responses: [.serverError, .ok.body("recovered")])
        let statuses = (0..<4).map { _ in mock.serve(RecordedRequest(method: .get, url: "/flaky")).response.status }
        #expect(statuses == [500, 200, 200, 200])
    }

    @Test func aRouteWithNoResponsesAnswers500InsteadOfTrapping() {
        let mock = HTTPMock()
        mock.route("/empty", responses: [])
        let response = mock.serve(RecordedRequest(method: .get, url: "/empty")).response
        #expect(response.status == 500)
        #expect(response.body == .text("The route /empty was given no responses; pass at least one to route(_:method:priority:responses:).\n"))
    }

    @Test func onUnmatchedAnswersWhatNothingElseDoes() {
        let mock = HTTPMock()
        mock.onUnmatched { request in .status(418).body("no route for \(request.path)") }
        let event = mock.serve(RecordedRequest(method: .get, url: "/teapot"))
        #expect(event.response.status == 418)
        #expect(event.response.body == .text("no route for /teapot"))
        #expect(!event.wasMatched)
    }

    @Test func callReportCountsUnderConcurrency() async {
        let mock = HTTPMock()
        mock.route("/login", method: .post) { _, _ in .ok }
        mock.route("/users/{id}", method: .get, responses: [.ok, .notFound])
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<300 {
                group.addTask {
                    _ = mock.serve(RecordedRequest(method: index.isMultiple(of: 3) ? .post : .get,
                                                   url: index.isMultiple(of: 3) ? "/login" : "/users/\(index)"))
                }
            }
        }
        _ = mock.serve(RecordedRequest(method: .get, url: "/elsewhere"))
        let report = mock.callReport()
        #expect(report.entries.map(\.requestsArrived) == [100, 200])
        #expect(report.description == """
            POST /login: 1 response(s) defined, 100 request(s) arrived
            GET /users/{id}: 2 response(s) defined, 200 request(s) arrived
            unmatched: 1 request(s)
            """)
    }

    @Test func callReportListsStubsLoadedFromMappingsBesideRoutes() throws {
        let mock = HTTPMock()
        mock.stub(try WireMockMappings.decode(Data("""
            {"mappings": [
              {"name": "Create a pet", "request": {"method": "POST", "urlPath": "/pets"}, "response": {"status": 201}},
              {"request": {"method": "GET", "urlPathPattern": "/pets/[0-9]+"}, "response": {"status": 200}}
            ]}
            """.utf8)))
        mock.route("/health") { _, _ in .ok }
        _ = mock.serve(RecordedRequest(method: .get, url: "/pets/7"))
        _ = mock.serve(RecordedRequest(method: .get, url: "/pets/8"))
        #expect(mock.callReport().description == """
            "Create a pet" POST /pets: 1 response(s) defined, 0 request(s) arrived
            GET urlPathPattern /pets/[0-9]+: 1 response(s) defined, 2 request(s) arrived
            ANY /health: 1 response(s) defined, 0 request(s) arrived
            unmatched: 0 request(s)
            """)
    }
}
