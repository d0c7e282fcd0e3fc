import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

struct OpenAPICoverageTests {
    /// Stubs and requests of the in-process client transport name their operation.
    @Test func operationStubsAndRequestsCountTowardsTheirOperation() throws {
        let document = try petstore()
        let mock = HTTPMock()
        mock.stub(.operation("listPets"), .ok.json([]))
        var sent = request(.get, "/api/v1/pets")  // under a base URL the document does not know
        sent.operationId = "listPets"
        _ = mock.serve(sent)
        let listPets = try #require(mock.openAPICoverage(document).operations.first { $0.label == "listPets" })
        #expect(listPets.stubs == 1)
        #expect(listPets.requests == 1)
        #expect(listPets.responses.map(\.requests) == [1, 0])
    }

    @Test func stubsAndTrafficCountTowardsOperationsAndResponses() throws {
        let document = try petstore()
        let mock = HTTPMock(openAPI: document)
        mock.stub(.post(urlPath: "/pets"), .status(400).json(["code": 400, "message": "no"]))
        _ = mock.serve(request(.get, "/pets/1"))
        _ = mock.serve(request(.get, "/pets/1", headers: ["Prefer": "code=404"]))
        _ = mock.serve(request(.get, "/nowhere"))
        let coverage = mock.openAPICoverage(document)
        #expect(coverage.unexercisedOperations.map(\.label) == ["listPets", "listMyPets", "deletePet"])
        let get = try #require(coverage.operations.first { $0.label == "getPetById" })
        #expect(get.requests == 2)
        #expect(get.stubs == 0)
        #expect(get.responses.map(\.requests) == [1, 1])
        let add = try #require(coverage.operations.first { $0.label == "addPet" })
        #expect(add.stubs == 1)
        #expect(add.responses.map(\.isExercised) == [false, true])
        #expect(coverage.text == """
            petstore-3.0.yaml: 2 of 5 operations, 3 of 8 documented responses exercised
              ✗ listPets (GET /pets): never exercised; 200 ✗, default ✗
              ✓ addPet (POST /pets): 1 stub(s), 0 request(s); 201 ✗, 400 ✓
              ✗ listMyPets (GET /pets/mine): never exercised; 200 ✗
              ✓ getPetById (GET /pets/{petId}): 0 stub(s), 2 request(s); 200 ✓, 404 ✓
              ✗ deletePet (DELETE /pets/{petId}): never exercised; 204 ✗

            """)
        #expect(coverage.json["operations"]?.arrayValue?[3]["responses"]?.arrayValue?[1] == ["status": "404", "stubs": 0, "requests": 1, "exercised": true])
    }

    /// A validating mock's own 400 report is not the document's 400: the request exercises its
    /// operation, none of its responses.
    @Test func theMocksOwnRefusalsDoNotExerciseADocumentedResponse() throws {
        let document = try petstore()
        let mock = HTTPMock(openAPI: document, options: OpenAPIStubOptions(validatesRequests: true))
        let refused = try mock.answer(request(.post, "/pets", headers: ["Content-Type": "application/json"], body: #"{"name": 3}"#))
        #expect(refused.status == 400)
        let add = try #require(mock.openAPICoverage(document).operations.first { $0.label == "addPet" })
        #expect(add.requests == 1)
        #expect(add.responses.map(\.status) == ["201", "400"])
        #expect(add.responses.map(\.isExercised) == [false, false])
        // The document's own 400, answered by a stub, does count.
        mock.stub(.post(urlPath: "/pets"), .status(400).json(["code": 400, "message": "no"]))
        _ = try mock.answer(request(.post, "/pets", headers: ["Content-Type": "application/json"], body: #"{"name": "Rex"}"#))
        let again = try #require(mock.openAPICoverage(document).operations.first { $0.label == "addPet" })
        #expect(again.responses.map(\.requests) == [0, 1])
    }
}
