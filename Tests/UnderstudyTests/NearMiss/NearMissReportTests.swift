import Foundation
import Testing
@testable import Understudy

struct NearMissReportTests {
    func mock() -> HTTPMock {
        let mock = HTTPMock()
        mock.stub(StubMapping(id: fixedID(1), name: "Get user", .get(urlPath: "/users/42").header("Accept", .contains("json")), .ok))
        mock.stub(StubMapping(id: fixedID(2), .post(urlPath: "/users").body(.matchesJsonPath("$.name")), .created))
        mock.stub(StubMapping(id: fixedID(3), .get(urlPath: "/health"), .ok))
        mock.stub(StubMapping(id: fixedID(4), .delete(urlPath: "/everything/else"), .ok))
        return mock
    }

    @Test func reportNamesTheThreeClosestStubsFieldByField() {
        let report = mock().nearMisses(for: request(.get, "/users/43", headers: ["Accept": "text/html"]))
        #expect(report.text == """
            No stub matched GET /users/43

            Nearest stub 1 of 3: "Get user" (id 00000000-0000-0000-0000-000000000001), distance 0.15
              ✓ method: GET
              ✗ urlPath: expected "/users/42", got "/users/43"
              ✗ header Accept: expected contains "json", got "text/html"

            Nearest stub 2 of 3: id 00000000-0000-0000-0000-000000000002, distance 0.52
              ✗ method: expected POST, got GET
              ✗ urlPath: expected "/users", got "/users/43"
              ✗ body: expected matchesJsonPath "$.name", got (empty)

            Nearest stub 3 of 3: id 00000000-0000-0000-0000-000000000003, distance 0.60
              ✓ method: GET
              ✗ urlPath: expected "/health", got "/users/43"

            1 more stub(s) were further away.

            """)
    }

    @Test func servedTextIsTheReport() {
        let mock = mock()
        let unmatched = request(.get, "/users/43", headers: ["Accept": "text/html"])
        let event = mock.serve(unmatched)
        #expect(event.response.body == .text(mock.nearMisses(for: unmatched).text))
        #expect(mock.unmatchedNearMisses().map(\.request.id) == [unmatched.id])
    }

    @Test func emptyMockSaysSo() {
        #expect(HTTPMock().nearMisses(for: request(.get, "/a")).text == """
            No stub matched GET /a

            The mock has no stubs. Add one with mock.stub(...) or a mapping file.

            """)
    }

    @Test func reportIsDeterministic() {
        let mock = mock()
        let unmatched = request(.put, "/users/42", headers: ["Accept": "application/json"])
        let texts = Set((0..<20).map { _ in mock.nearMisses(for: unmatched).text })
        #expect(texts.count == 1)
    }
}
