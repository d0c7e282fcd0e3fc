import Foundation
import OpenAPIRuntime
import Testing
import UnderstudyOpenAPI
import UnderstudyServer

/// A real client made by swift-openapi-generator 1.14.3 from Petstore/openapi.yaml, answered
/// by stubs in process.
struct GeneratedClientTests {
    @Test func aTypedCallIsAnsweredByAnOperationStubAndJournaledWithItsOperation() async throws {
        let mock = HTTPMock()
        mock.stub(.operation("getPetById"), .ok.json(["id": 1, "name": "Rex", "tag": "dog"]))
        let pet = try await petstore(mock).getPetById(path: .init(petId: 1)).ok.body.json
        #expect(pet == Pet(id: 1, name: "Rex", tag: "dog"))
        let request = try #require(mock.serveEvents.first?.request)
        #expect(request.operationId == "getPetById")
        #expect(request.method == .get)
        #expect(request.absoluteURL == "https://petstore.example.com/v1/pets/1")
        #expect(request.headers["Accept"] == "application/json")
    }

    @Test func queryParametersAndResponseHeadersGoThroughOrdinaryURLMatching() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/v1/pets").queryParameter("limit", .equalTo("2")).queryParameter("tag", .equalTo("dog")),
                  .ok.json([["id": 1, "name": "Rex"], ["id": 2, "name": "Fido", "tag": "dog"]]).header("X-Next-Page", "c3"))
        let page = try await petstore(mock).listPets(query: .init(limit: 2, tag: "dog")).ok
        #expect(try page.body.json == [Pet(id: 1, name: "Rex"), Pet(id: 2, name: "Fido", tag: "dog")])
        #expect(page.headers.X_hyphen_Next_hyphen_Page == "c3")
        #expect(mock.serveEvents.first?.request.url == "/v1/pets?limit=2&tag=dog")
    }

    @Test func aJSONRequestBodyMatchesAndIsVerifiedByOperation() async throws {
        let mock = HTTPMock()
        mock.stub(.operation("addPet").body(try .equalToJson(#"{"name": "Rex", "tag": "dog"}"#)), .created.json(["id": 7, "name": "Rex", "tag": "dog"]))
        let created = try await petstore(mock).addPet(body: .json(.init(name: "Rex", tag: "dog"))).created.body.json
        #expect(created.id == 7)
        try mock.verify(.exactly(1), .operation("addPet"))
        try mock.verify(.exactly(1), .post(urlPath: "/v1/pets").operation("addPet").header("Content-Type", .contains("application/json")))
        try mock.verify(.never, .operation("getPetById"))
    }

    @Test func aDocumentedErrorResponseDecodesAsItsCase() async throws {
        let mock = HTTPMock()
        mock.stub(.operation("getPetById"), .notFound.json(["code": 404, "message": "no pet 9"]))
        let output = try await petstore(mock).getPetById(path: .init(petId: 9))
        #expect(try output.notFound.body.json == .init(code: 404, message: "no pet 9"))
    }

    @Test func anUndocumentedStatusReachesTheClientAsUndocumented() async throws {
        let mock = HTTPMock()
        mock.stub(.operation("getPetById"), .status(503).body("down"))
        guard case .undocumented(let status, _) = try await petstore(mock).getPetById(path: .init(petId: 1)) else {
            Issue.record("a 503 the spec does not document should be .undocumented")
            return
        }
        #expect(status == 503)
    }

    /// apple/swift-openapi-generator#521: a typed client cannot send invalid data in tests, but
    /// a stub can answer with it, and the generated client's decoding error is what the code
    /// under test then sees.
    @Test(arguments: [
        (#"{"id": "one", "name": "Rex"}"#, "a field of the wrong type"),
        (#"{"id": 1}"#, "a required field missing"),
        (#"[{"id": 1, "name": "Rex"}]"#, "an array for an object"),
    ])
    func anInvalidResponseReachesTheGeneratedClientsDecodingError(_ body: String, _ what: String) async throws {
        let mock = HTTPMock()
        mock.stub(.operation("getPetById"), .ok.body(body).header("Content-Type", "application/json"))
        let error = await underlyingError { try await petstore(mock).getPetById(path: .init(petId: 1)) }
        #expect(error is DecodingError, "\(what): \(String(describing: error))")
    }

    @Test func aResponseOfAnUndeclaredContentTypeIsTheClientsError() async throws {
        let mock = HTTPMock()
        mock.stub(.operation("getPetById"), .ok.body("<html>Rex</html>").header("Content-Type", "text/html"))
        let error = await underlyingError { try await petstore(mock).getPetById(path: .init(petId: 1)) }
        #expect(String(describing: error).contains("text/html"))
    }

    @Test func anUnmatchedCallThrowsTheNearMissReportNamingTheOperation() async throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "Pet", .operation("getPetById"), .ok.json(["id": 1, "name": "Rex"])))
        let error = await underlyingError { try await petstore(mock).listPets(query: .init(limit: 5)) }
        let unmatched = try #require(error as? UnmatchedRequestError)
        let lines = unmatched.report.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "No stub matched GET /v1/pets?limit=5 (operation listPets)")
        #expect(lines.contains(#"  ✗ operationId: expected equalTo "getPetById", got "listPets""#))
        #expect(mock.serveEvents.first?.wasMatched == false)
    }

    @Test func aFailedVerificationListsTheOperationsReceived() async throws {
        let mock = HTTPMock()
        mock.stub(.operation("getPetById"), .ok.json(["id": 1, "name": "Rex"]))
        _ = try await petstore(mock).getPetById(path: .init(petId: 1))
        let failure = try #require(mock.verificationFailure(.exactly(1), .operation("addPet")))
        #expect(failure.description.contains("  1. GET /v1/pets/1 (operation getPetById)"))
    }

    @Test func serverSentEventsArriveAsTheGeneratedStreamBody() async throws {
        let mock = HTTPMock()
        mock.stub(.operation("streamPetEvents"), .ok.eventStream([.event("added", data: "Rex", id: "1"), .data("Fido", after: .milliseconds(20))]))
        let body = try await petstore(mock).streamPetEvents().ok.body.text_event_hyphen_stream
        var received: [String] = []
        for try await event in body.asDecodedServerSentEvents() { received.append("\(event.event ?? "message"): \(event.data ?? "")") }
        #expect(received == ["added: Rex", "message: Fido"])
    }

    /// A proxy stub forwards the generated client's request to a real upstream (here a
    /// loopback server) and relays its answer; both journals keep the request.
    @Test func aProxyStubForwardsTheCallUpstream() async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/v1/pets/3"), .ok.json(["id": 3, "name": "Upstream Rex"]))
        try await withMockServer(upstream) { server in
            let mock = HTTPMock()
            mock.stub(.operation("getPetById"), .proxy(to: try server.baseURL.absoluteString))
            let pet = try await petstore(mock).getPetById(path: .init(petId: 3)).ok.body.json
            #expect(pet == Pet(id: 3, name: "Upstream Rex"))
            #expect(mock.serveEvents.first?.request.operationId == "getPetById")
        }
        #expect(upstream.serveEvents.map(\.request.url) == ["/v1/pets/3"])
    }

    /// Tests run in parallel, each with its own mock: none sees another's stubs or requests.
    @Test func parallelClientsSeeOnlyTheirOwnMock() async throws {
        let names = try await withThrowingTaskGroup(of: (Int64, String, Int).self) { group in
            for id in Int64(1)...32 {
                group.addTask {
                    let mock = HTTPMock()
                    mock.stub(.operation("getPetById"), .ok.json(["id": .number(JSONNumber(Int(id))), "name": .string("pet \(id)")]))
                    let pet = try await petstore(mock).getPetById(path: .init(petId: id)).ok.body.json
                    return (id, pet.name, mock.serveEvents.count)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names.count == 32)
        for (id, name, journaled) in names {
            #expect(name == "pet \(id)")
            #expect(journaled == 1)
        }
    }
}
