import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

@Suite("Admin API: bad input")
struct AdminErrorTests {
    @Test func anInvalidPatternIs422NamingTheField() {
        let admin = AdminHarness()
        admin.mock.stub(.get(urlPath: "/kept"), .ok)
        let response = admin.call(.post, "/mappings", #"{"request": {"method": "GET", "urlPath": 42}}"#)
        #expect(response.status == 422)
        #expect(response.headers["Content-Type"] == "application/json")
        let error = response.bodyJSON["errors"]?.arrayValue?.first
        #expect(error?.objectValue?.keys == ["code", "source", "title", "detail"])
        #expect(error?["code"] == 10)
        #expect(error?["source"] == ["pointer": "/request/urlPath"])
        #expect(error?["title"] == "Error parsing JSON")
        #expect(error?["detail"]?.stringValue?.contains("expected a string, found number 42") == true)
        #expect(admin.mock.stubMappings.map(\.request.url) == [.urlPath("/kept")])
    }

    @Test(arguments: [
        ("/mappings", HTTPMethod.post, "{\"request\": "),
        ("/mappings", .post, #"{"request": {"method": "GET", "headers": {"Accept": {"equalsTo": "x"}}}}"#),
        ("/mappings/import", .post, #"{"mappings": [{"request": {"urlPattern": "("}}]}"#),
        ("/requests/count", .post, #"{"urlPath": "/a", "urlPattern": "("}"#),
        ("/requests/find", .post, "[1"),
        ("/near-misses/request-pattern", .post, #"{"method": 1}"#),
        ("/near-misses/request", .post, #"{"method": "GET"}"#),
        ("/mappings/find-by-metadata", .post, #"{"equalsTo": "x"}"#),
        ("/mappings/remove", .post, "nope"),
    ])
    func badBodiesAre422AndChangeNothing(path: String, method: HTTPMethod, body: String) {
        let admin = AdminHarness()
        let kept = admin.mock.stub(.get(urlPath: "/kept"), .ok)
        let response = admin.call(method, path, body)
        #expect(response.status == 422, "\(path): \(response.bodyText)")
        #expect(response.bodyJSON["errors"]?.arrayValue?.first?["code"] == 10)
        #expect(admin.mock.stubMappings.map(\.id) == [kept.id])
    }

    @Test(arguments: [
        ("request.headers.Accept", "/request/headers/Accept"),
        ("mappings[2].response.status", "/mappings/2/response/status"),
        ("request.bodyPatterns[0]", "/request/bodyPatterns/0"),
        ("a/b", "/a~1b"),
    ])
    func decodingPathsBecomeJSONPointers(path: String, pointer: String) {
        #expect(AdminError.pointer(fromPath: path) == pointer)
    }
}
