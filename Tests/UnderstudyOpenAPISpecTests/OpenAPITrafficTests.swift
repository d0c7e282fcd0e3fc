import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

    /// A `Prefer` the document cannot honour is answered by the mock's own 400 report, marked
    /// with a header; that answer is not drift (getPetById documents no 400).
    @Test func theMocksOwnRefusalsAreNotDrift() throws {
        let document = try petstore()
        let mock = HTTPMock(openAPI: document)
        let refused = mock.serve(request(.get, "/pets/1", headers: ["Prefer": "code=418"]))
        #expect(refused.status == 400)
        #expect(refused.response.headers["Understudy-OpenAPI-Violations"] == "1")
        #expect(mock.trafficViolations(against: document).isEmpty)
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

/// Proxying a real backend through a mock shows where the backend drifted from its document.
struct OpenAPIProxyTrafficTests {
    @Test(.timeLimit(.minutes(1)))
    func aProxiedBackendThatDriftedIsReported() async throws {
        let backend = HTTPMock()
        backend.stub(.get(urlPath: "/pets/1"), .ok.json(["id": "one", "name": "Rex"]))
        let mock = HTTPMock()
        try await withMockServer(backend) { upstream in
            mock.stub(.anyRequest, .proxy(to: try upstream.baseURL.absoluteString))
            try await withMockServer(mock) { server in
                let (data, response) = try await URLSession.shared.data(from: try server.baseURL.appendingPathComponent("pets/1"))
                #expect((response as? HTTPURLResponse)?.statusCode == 200)
                #expect(try JSONValue(parsing: data)["id"] == "one")
            }
        }
        let findings = mock.trafficViolations(against: try petstore())
        #expect(findings.map(\.summary) == ["GET /pets/1 → 200"])
        #expect(findings.first?.violations.map(\.description) == [
            "response body /id: integer expected, got string \"one\" (type at #/components/schemas/Pet/allOf/1/properties/id/type)",
        ])
    }
}
