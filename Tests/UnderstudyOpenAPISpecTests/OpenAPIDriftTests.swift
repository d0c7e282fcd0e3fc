import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

struct OpenAPIDriftTests {
    @Test func stubsThatAgreeWithTheDocumentAreClean() throws {
        let mock = HTTPMock(openAPI: try petstore())
        mock.stub(.get(urlPath: "/pets/1"), .ok.json(["id": 1, "name": "Rex", "tag": nil]))
        mock.stub(StubMapping(.request(.get, .urlPathTemplate("/pets/{id}")), .ok.json(["id": 2, "name": "Tom"])))
        mock.stub(.post(urlPath: "/pets"), .status(400).json(["code": 400, "message": "name missing"]))
        let report = mock.validate(against: try petstore())
        #expect(report.isClean, "\(report)")
        // The spec's own stubs are not checked, only the three hand-written ones.
        #expect(report.checkedStubs == 3)
        #expect(report.text == "3 stub(s) agree with petstore-3.0.yaml\n")
    }

    /// `.operation("getPetById")` stubs (what the in-process client transport matches) are
    /// checked against the operation they name.
    @Test func stubsThatNameTheirOperationAreChecked() throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "good", .operation("getPetById"), .ok.json(["id": 1, "name": "Rex"])))
        mock.stub(StubMapping(name: "pet without id", .operation("getPetById"), .ok.json(["name": "Tom"])))
        mock.stub(StubMapping(name: "gone", .operation("getPetByName"), .ok))
        mock.stub(StubMapping(name: "wrong method", .post(urlPath: "/ignored").operation("getPetById"), .ok))
        mock.stub(StubMapping(name: "wrong method, no URL", RequestPattern(method: .post, operationId: .equalTo("getPetById")), .ok))
        let report = mock.validate(against: try petstore())
        let byName = Dictionary(uniqueKeysWithValues: report.findings.map { ($0.stub.name ?? "", $0) })
        #expect(byName.keys.sorted() == ["gone", "pet without id", "wrong method", "wrong method, no URL"])
        #expect(byName["pet without id"]?.operation == "getPetById")
        #expect(byName["pet without id"]?.request == "operation getPetById")
        #expect(byName["pet without id"]?.violations.map(\.keyword) == ["required"])
        #expect(byName["gone"]?.violations.map(\.message) == ["petstore-3.0.yaml has no operation with operationId getPetByName"])
        // With a URL, the URL decides (a path no operation has).
        #expect(byName["wrong method"]?.violations.map(\.kind) == [.unknownPath])
        #expect(byName["wrong method, no URL"]?.violations.map(\.message) == ["getPetById is a GET operation, not POST"])
    }

    @Test func eachKindOfDriftIsReportedWithPointerAndKeyword() throws {
        let mock = HTTPMock()
        let missingID = mock.stub(StubMapping(name: "pet without id", .get(urlPath: "/pets/2"), .ok.json(["name": "Tom"])))
        mock.stub(StubMapping(name: "teapot", .get(urlPath: "/pets/1"), .status(418)))
        mock.stub(StubMapping(name: "text pet", .get(urlPath: "/pets/3"), .ok.header("Content-Type", "text/plain").body("Rex")))
        mock.stub(StubMapping(name: "owners", .get(urlPath: "/owners"), .ok))
        mock.stub(StubMapping(name: "patch", .patch(urlPath: "/pets/1"), .ok))
        mock.stub(StubMapping(name: "word id", .delete(urlPath: "/pets/abc"), .noContent))
        let report = mock.validate(against: try petstore())
        #expect(!report.isClean)
        let byName = Dictionary(uniqueKeysWithValues: report.findings.map { ($0.stub.name ?? "", $0.violations) })
        #expect(byName.keys.sorted() == ["owners", "patch", "pet without id", "teapot", "text pet", "word id"])
        let missing = try #require(byName["pet without id"]?.first)
        #expect(missing.kind == .invalidResponseBody)
        #expect(missing.keyword == "required")
        #expect(missing.instancePath == "")
        #expect(missing.schemaPath == "#/components/schemas/Pet/allOf/1/required")
        #expect(byName["teapot"]?.map(\.kind) == [.undocumentedStatus])
        #expect(byName["text pet"]?.map(\.kind) == [.undocumentedContentType])
        #expect(byName["owners"]?.map(\.kind) == [.unknownPath])
        #expect(byName["patch"]?.map(\.kind) == [.methodNotAllowed])
        #expect(byName["word id"]?.map(\.kind) == [.invalidParameter])
        #expect(report.findings.first { $0.stub.id == missingID.id }?.operation == "getPetById")
        #expect(report.text.contains("""
            "pet without id" (id \(missingID.id.uuidString.lowercased())): GET urlPath=/pets/2 → getPetById
              ✗ response body: the property "id" is required (required at #/components/schemas/Pet/allOf/1/required)
            """))
    }

    @Test func aDiscriminatedBodyIsCheckedAgainstItsOwnSchema() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/animals"), .status(201).json(["kind": "dog", "name": "Rex", "goodBoy": "yes"]))
        let report = mock.validate(against: try zoo())
        let violation = try #require(report.findings.first?.violations.first)
        #expect(violation.instancePath == "/goodBoy")
        #expect(violation.keyword == "type")
        #expect(violation.schemaPath == "#/components/schemas/Dog/properties/goodBoy/type")
    }

    @Test func documentedResponseHeadersAreChecked() throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "no count", .get(urlPath: "/animals"), .ok.json([])))
        mock.stub(StubMapping(name: "wordy count", .get(urlPath: "/animals"), .ok.header("X-Total-Count", "many").json([]).header("X-Rate-Limit", "10")))
        let report = mock.validate(against: try zoo())
        let byName = Dictionary(uniqueKeysWithValues: report.findings.map { ($0.stub.name ?? "", $0.violations.map(\.description)) })
        #expect(byName["no count"] == ["response header X-Total-Count: required, but the response has none"])
        #expect(byName["wordy count"] == [
            "response header X-Total-Count: integer expected, got string \"many\" (type at #/paths/~1animals/get/responses/200/headers/X-Total-Count/schema/type)",
        ])
    }

    @Test func closuresAndTemplatesAreNamedAsNotChecked() throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "dynamic", request: .get(urlPath: "/pets/1"), response: .dynamic(DynamicResponder { _, _ in .ok })))
        mock.stub(StubMapping(name: "templated", .get(urlPath: "/pets/2"), .ok.json(["id": 2, "name": "{{request.path}}"]).templated()))
        let report = mock.validate(against: try petstore())
        #expect(report.isClean)
        #expect(report.notChecked.count == 2)
        #expect(report.notChecked.contains { $0.hasPrefix("\"dynamic\"") && $0.hasSuffix("its response is a Swift closure") })
    }
}
