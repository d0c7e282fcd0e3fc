import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

struct OpenAPITrafficTests {
    @Test func journaledRequestsAndAnswersAreCheckedAgainstTheDocument() throws {
        let document = try petstore()
        let mock = HTTPMock(openAPI: document)
        mock.stub(.get(urlPath: "/pets/7"), .ok.json(["id": "seven", "name": "Rex"]))
        _ = mock.serve(request(.get, "/pets/1"))
        _ = mock.serve(request(.get, "/pets/7"))
        _ = mock.serve(request(.get, "/pets?limit=0"))
        let findings = mock.trafficViolations(against: document)
        #expect(findings.map(\.summary) == ["GET /pets/7 → 200", "GET /pets?limit=0 → 200"])
        #expect(findings[0].violations.map(\.description) == [
            "response body /id: integer expected, got string \"seven\" (type at #/components/schemas/Pet/allOf/1/properties/id/type)",
        ])
        #expect(findings[1].violations.map(\.kind) == [.invalidParameter])
    }

    @Test func aDynamicAnswerIsCheckedAsServed() throws {
        let document = try zoo()
        let mock = HTTPMock()
        mock.stub(StubMapping(request: .get(urlPath: "/health"), response: .dynamic(DynamicResponder { _, _ in .ok.body("down") })))
        _ = mock.serve(request(.get, "/health"))
        let findings = mock.trafficViolations(against: document)
        // The response carries no Content-Type, and text/plain is documented.
        #expect(findings.first?.violations.map(\.kind) == [.undocumentedContentType])
    }
}
