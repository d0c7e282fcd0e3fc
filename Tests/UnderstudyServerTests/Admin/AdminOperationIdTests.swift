import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

/// The `operationId` extension through the admin API: stubs keep it, logged requests show it,
/// and near misses of a logged request read it back.
@Suite("Admin API: OpenAPI operations")
struct AdminOperationIdTests {
    @Test func aStubCreatedWithAnOperationKeepsItAndMatchesByIt() {
        let admin = AdminHarness()
        let created = admin.call(.post, "/mappings", #"{"request": {"operationId": "getPetById"}, "response": {"status": 200, "body": "Rex"}}"#)
        #expect(created.status == 201)
        #expect(created.bodyJSON["request"]?["operationId"] == ["equalTo": "getPetById"])
        let id = created.bodyJSON["id"]?.stringValue ?? ""
        #expect(admin.call(.get, "/mappings/\(id)").bodyJSON["request"]?["operationId"] == ["equalTo": "getPetById"])
        var request = recorded(.get, "/pets/1")
        request.operationId = "getPetById"
        #expect(admin.mock.serve(request).wasMatched)
        #expect(!admin.mock.serve(recorded(.get, "/pets/1")).wasMatched)
    }

    @Test func aLoggedRequestShowsItsOperation() {
        let admin = AdminHarness()
        var request = recorded(.get, "/pets/1")
        request.operationId = "getPetById"
        _ = admin.mock.serve(request)
        _ = admin.mock.serve(recorded(.get, "/pets/2"))
        let logged = admin.call(.get, "/requests").bodyJSON["requests"]?.arrayValue?.compactMap { $0["request"] } ?? []
        #expect(logged.map { $0["operationId"] } == [nil, "getPetById"])
    }

    @Test func nearMissesOfALoggedRequestReadItsOperation() {
        let admin = AdminHarness()
        admin.mock.stub(.operation("addPet"), .created, name: "Add")
        admin.mock.stub(.get(urlPath: "/pets"), .ok, name: "List")
        let response = admin.call(.post, "/near-misses/request", #"{"url": "/pets", "method": "POST", "operationId": "addPet"}"#)
        let first = response.bodyJSON["nearMisses"]?.arrayValue?.first
        #expect(first?["stubMapping"]?["name"] == "Add")
        #expect(first?["request"]?["operationId"] == "addPet")
        #expect(first?["matchResult"]?["distance"] == 0)
    }

    @Test func saveWritesTheOperation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-admin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mock = HTTPMock(configuration: .init(root: MappingsRoot(folder)))
        let stub = mock.stub(.operation("listPets"), .ok)
        #expect(AdminHarness(mock).call(.post, "/mappings/save").status == 200)
        let mappings = folder.appendingPathComponent("mappings")
        let files = try FileManager.default.contentsOfDirectory(atPath: mappings.path)
        #expect(files.count == 1)
        let saved = try WireMockMappings.decodeMapping(Data(contentsOf: mappings.appendingPathComponent(try #require(files.first))))
        #expect(saved.id == stub.id)
        #expect(saved.request.operationId == .equalTo("listPets"))
    }
}
