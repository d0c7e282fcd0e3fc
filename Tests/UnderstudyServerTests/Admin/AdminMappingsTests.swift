import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

@Suite("Admin API: mappings")
struct AdminMappingsTests {
    static let userStubID = "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"
    static let userStub = """
    {"id": "\(userStubID)", "name": "Get user", "request": {"method": "GET", "urlPath": "/users/42"},
     "response": {"status": 200, "jsonBody": {"id": 42}}, "metadata": {"team": "payments"}}
    """

    @Test func createReturns201WithTheStoredMapping() {
        let admin = AdminHarness()
        let response = admin.call(.post, "/mappings", Self.userStub)
        #expect(response.status == 201)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.bodyJSON == .parse("""
        {"id": "\(Self.userStubID)", "name": "Get user", "request": {"urlPath": "/users/42", "method": "GET"},
         "response": {"status": 200, "jsonBody": {"id": 42}}, "uuid": "\(Self.userStubID)", "metadata": {"team": "payments"}}
        """))
        #expect(admin.mock.stubMappings.map(\.id) == [UUID(uuidString: Self.userStubID)!])
    }

    @Test func createWithADuplicateIDIs422AndKeepsTheOriginal() {
        let admin = AdminHarness()
        admin.call(.post, "/mappings", Self.userStub)
        let response = admin.call(.post, "/mappings", Self.userStub.replacingOccurrences(of: "Get user", with: "Other"))
        #expect(response.status == 422)
        #expect(response.bodyJSON["errors"]?.arrayValue?.first?["code"] == 109)
        #expect(admin.mock.stubMappings.map(\.name) == ["Get user"])
    }

    @Test func listPaginatesWithLimitAndOffset() {
        let admin = AdminHarness()
        for index in 1...5 { admin.mock.stub(.get(urlPath: "/\(index)"), .ok, name: "s\(index)") }
        let all = admin.call(.get, "/mappings")
        #expect(all.status == 200)
        #expect(all.bodyJSON["meta"] == ["total": 5])
        // Newest first among equal priorities, as WireMock lists them.
        #expect(all.bodyJSON["mappings"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["s5", "s4", "s3", "s2", "s1"])
        let page = admin.call(.get, "/mappings?limit=2&offset=1")
        #expect(page.bodyJSON["mappings"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["s4", "s3"])
        #expect(page.bodyJSON["meta"] == ["total": 5])
        #expect(admin.call(.get, "/mappings?limit=-1").status == 400)
    }

    @Test func getEditAndDeleteByID() {
        let admin = AdminHarness()
        admin.call(.post, "/mappings", Self.userStub)
        #expect(admin.call(.get, "/mappings/\(Self.userStubID)").bodyJSON["name"] == "Get user")
        let edited = admin.call(.put, "/mappings/\(Self.userStubID)", """
        {"request": {"method": "GET", "urlPath": "/users/43"}, "response": {"status": 204}}
        """)
        #expect(edited.status == 200)
        #expect(edited.bodyJSON["id"] == .string(Self.userStubID))
        #expect(edited.bodyJSON["request"] == ["urlPath": "/users/43", "method": "GET"])
        #expect(admin.mock.stubMappings.first?.request.url == .urlPath("/users/43"))
        #expect(admin.call(.delete, "/mappings/\(Self.userStubID)").status == 200)
        #expect(admin.mock.stubMappings.isEmpty)
    }

    @Test(arguments: [
        (HTTPMethod.get, 404), (.put, 404), (.delete, 404),
    ])
    func unknownIDIs404(method: HTTPMethod, status: Int) {
        let admin = AdminHarness()
        let body = method == .put ? #"{"request": {"method": "GET"}}"# : nil
        let response = admin.call(method, "/mappings/00000000-0000-0000-0000-000000000001", body)
        #expect(response.status == status)
        #expect(response.bodyJSON["errors"]?.arrayValue?.count == 1)
    }

    @Test func aMalformedIDIs400() {
        let response = AdminHarness().call(.get, "/mappings/not-a-uuid")
        #expect(response.status == 400)
        #expect(response.bodyJSON == .parse(#"{"errors": [{"code": 10, "title": "not-a-uuid is not a valid UUID"}]}"#))
    }

    @Test func deleteAllRemovesEveryStub() {
        let admin = AdminHarness()
        admin.mock.stub(.get(urlPath: "/a"), .ok)
        #expect(admin.call(.delete, "/mappings").status == 200)
        #expect(admin.mock.stubMappings.isEmpty)
    }

    @Test func importHonoursDuplicatePolicyAndDeleteAllNotInImport() {
        let admin = AdminHarness()
        let keep = UUID(uuidString: "00000000-0000-0000-0000-00000000000a")!
        let other = UUID(uuidString: "00000000-0000-0000-0000-00000000000b")!
        admin.mock.stub(StubMapping(id: keep, name: "old", .get(urlPath: "/a"), .ok))
        admin.mock.stub(StubMapping(id: other, name: "other", .get(urlPath: "/b"), .ok))
        let document = { (policy: String, delete: Bool) in """
            {"mappings": [
               {"id": "\(keep.uuidString)", "name": "new", "request": {"urlPath": "/a", "method": "GET"}},
               {"name": "first", "request": {"urlPath": "/c", "method": "GET"}},
               {"name": "second", "request": {"urlPath": "/d", "method": "GET"}}],
             "importOptions": {"duplicatePolicy": "\(policy)", "deleteAllNotInImport": \(delete)}}
            """
        }
        #expect(admin.call(.post, "/mappings/import", document("IGNORE", false)).status == 200)
        #expect(admin.mock.stubMapping(id: keep)?.name == "old")
        // The first mapping of an import is tried first among equals.
        #expect(admin.mock.stubMappings.compactMap(\.name).prefix(2) == ["first", "second"])
        #expect(admin.call(.post, "/mappings/import", document("OVERWRITE", true)).status == 200)
        #expect(admin.mock.stubMapping(id: keep)?.name == "new")
        #expect(admin.mock.stubMapping(id: other) == nil)
        #expect(admin.call(.post, "/mappings/import", document("SOMETIMES", false)).status == 422)
    }

    @Test func removeByIDOrByRequestPattern() {
        let admin = AdminHarness()
        admin.call(.post, "/mappings", Self.userStub)
        admin.mock.stub(.post(urlPath: "/orders"), .created)
        admin.mock.stub(.post(urlPath: "/orders"), .ok)
        admin.mock.stub(.get(urlPath: "/keep"), .ok)
        #expect(admin.call(.post, "/mappings/remove", #"{"request": {"method": "POST", "urlPath": "/orders"}}"#).status == 200)
        #expect(admin.mock.stubMappings.count == 2)
        #expect(admin.call(.post, "/mappings/remove", #"{"id": "\#(Self.userStubID)"}"#).status == 200)
        #expect(admin.mock.stubMappings.map(\.request.url) == [.urlPath("/keep")])
    }

    @Test(arguments: [
        (#"{"matchesJsonPath": {"expression": "$.team", "equalTo": "payments"}}"#, ["pay"]),
        (#"{"matchesJsonPath": "$.owner"}"#, ["owned"]),
        (#"{"contains": "payments"}"#, ["pay"]),
    ])
    func findAndRemoveByMetadata(pattern: String, expected: [String]) {
        let admin = AdminHarness()
        admin.mock.stub(StubMapping(name: "pay", request: .get(urlPath: "/p"), response: .definition(.ok), metadata: ["team": "payments"]))
        admin.mock.stub(StubMapping(name: "owned", request: .get(urlPath: "/o"), response: .definition(.ok), metadata: ["owner": "ada"]))
        admin.mock.stub(.get(urlPath: "/none"), .ok, name: "none")
        let found = admin.call(.post, "/mappings/find-by-metadata", pattern)
        #expect(found.status == 200)
        #expect(found.bodyJSON["mappings"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == expected)
        #expect(found.bodyJSON["meta"] == ["total": .number(JSONNumber(expected.count))])
        #expect(admin.call(.post, "/mappings/remove-by-metadata", pattern).bodyJSON == [:])
        #expect(Set(admin.mock.stubMappings.compactMap(\.name)) == Set(["pay", "owned", "none"]).subtracting(expected))
    }

    @Test func aDynamicStubIsListedWithAPlaceholderResponse() {
        let admin = AdminHarness()
        let stub = admin.mock.stub(.get(urlPath: "/dynamic"), name: "closure") { _, count in .ok.body("call \(count)") }
        let listed = admin.call(.get, "/mappings").bodyJSON["mappings"]?.arrayValue?.first
        #expect(listed?["id"] == .string(stub.id.uuidString.lowercased()))
        #expect(listed?["response"] == ["status": 200, "body": .string(StubMapping.dynamicResponsePlaceholder)])
    }

    @Test func unmatchedStubsAreThoseNoRequestHit() {
        let admin = AdminHarness()
        admin.mock.stub(.get(urlPath: "/hit"), .ok, name: "hit")
        admin.mock.stub(.get(urlPath: "/idle"), .ok, name: "idle")
        _ = admin.mock.serve(recorded(.get, "/hit"))
        #expect(admin.call(.get, "/mappings/unmatched").bodyJSON["mappings"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["idle"])
        admin.call(.delete, "/mappings/unmatched")
        #expect(admin.mock.stubMappings.compactMap(\.name) == ["hit"])
    }

    @Test func saveWithoutARootIs409AndNamesTheFix() {
        let response = AdminHarness().call(.post, "/mappings/save")
        #expect(response.status == 409)
        #expect(response.bodyJSON["errors"]?.arrayValue?.first?["title"] == "Cannot save mappings: this mock has no root folder")
    }

    @Test func saveWritesOneFilePerStaticStubAndResetReloadsThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-admin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mock = HTTPMock(configuration: .init(root: MappingsRoot(folder)))
        let admin = AdminHarness(mock)
        let stub = mock.stub(.get(urlPath: "/saved"), .ok.body("hi"), name: "saved")
        let dynamic = mock.stub(.get(urlPath: "/dynamic")) { _, _ in .ok }
        let response = admin.call(.post, "/mappings/save")
        #expect(response.status == 200)
        #expect(response.bodyJSON["saved"] == [.string(stub.id.uuidString.lowercased())])
        #expect(response.bodyJSON["skipped"]?.arrayValue?.first?["id"] == .string(dynamic.id.uuidString.lowercased()))
        let file = folder.appendingPathComponent("mappings/saved-\(stub.id.uuidString.lowercased()).json")
        let saved = try WireMockMappings.decodeMapping(Data(contentsOf: file))
        #expect(saved.id == stub.id)
        #expect(saved.persistent == true)
        // Reset restores what the root holds: the saved stub, not the dynamic one.
        _ = mock.serve(recorded(.get, "/saved"))
        #expect(admin.call(.post, "/reset").status == 200)
        #expect(mock.stubMappings.map(\.id) == [stub.id])
        #expect(mock.serveEvents.isEmpty)
        // Saving again overwrites the same file.
        admin.call(.post, "/mappings/save")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("mappings").path)
        #expect(files == ["saved-\(stub.id.uuidString.lowercased()).json"])
    }
}
