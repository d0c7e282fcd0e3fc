import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

/// The admin API's own description and the entry points WireMock clients read first:
/// `GET /__admin/` (WireMock 3.13.2 `admin/tasks/RootTask.java`, a `GetAllStubMappingsTask`),
/// `GET /__admin` (`RootRedirectTask.java`), `GET /__admin/docs/swagger`
/// (`GetSwaggerSpecTask.java`) and `GET /__admin/recorder` (`GetRecordingsIndexTask.java`,
/// a web page Understudy does not serve). Routes: `admin/AdminRoutes.java`.
struct AdminDocsTests {
    @Test func theRootListsStubsAsMappingsDoes() {
        let admin = AdminHarness()
        admin.mock.stub(.get(urlPath: "/a"), .ok)
        admin.mock.stub(.get(urlPath: "/b"), .ok)
        let root = admin.call(.get, "/")
        #expect(root.status == 200)
        #expect(root.bodyJSON["meta"]?["total"] == 2)
        #expect(root.bodyJSON == admin.call(.get, "/mappings").bodyJSON)
    }

    @Test func theBareAdminPathRedirectsToTheRoot() {
        let response = AdminHarness().call(.get, "")
        #expect(response.status == 302)
        #expect(response.headers["Location"] == "/__admin/")
    }

    @Test func theRecorderPagePointsAtTheRecordingsAPI() {
        let response = AdminHarness().call(.get, "/recorder")
        #expect(response.status == 404)
        #expect(response.bodyText.contains("POST /__admin/recordings/start"))
    }

    /// Every route of the table has an operation in the served document and every operation a
    /// route, so the document cannot fall behind the API.
    @Test func theOpenAPIDocumentDescribesExactlyTheRouteTable() throws {
        let response = AdminHarness().call(.get, "/docs/swagger")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        let document = try JSONParser.parse(response.bodyText)
        #expect(document["openapi"]?.stringValue?.hasPrefix("3.") == true)
        guard case .object(let paths)? = document["paths"] else {
            Issue.record("the document has no paths object")
            return
        }
        var documented: Set<String> = []
        for path in paths {
            guard case .object(let operations) = path.value else { continue }
            for operation in operations {
                documented.insert("\(operation.key.uppercased()) \(path.key)")
                #expect(operation.value["summary"]?.stringValue?.isEmpty == false, "\(operation.key) \(path.key) has no summary")
                #expect(operation.value["responses"]?.objectValue?.isEmpty == false, "\(operation.key) \(path.key) has no responses")
            }
        }
        let routed = Set(AdminRoute.all.map { "\($0.method.rawValue) \($0.template.replacingOccurrences(of: "...}", with: "}"))" })
        #expect(routed.subtracting(documented).sorted() == [], "routes missing from the document")
        #expect(documented.subtracting(routed).sorted() == [], "documented operations with no route")
    }

    /// Every `$ref` in the document points at a schema it defines.
    @Test func everySchemaReferenceResolves() throws {
        let document = try JSONParser.parse(AdminAPIDocument.json)
        let schemas = Set(document["components"]?["schemas"]?.objectValue?.keys ?? [])
        var references: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let object):
                for member in object {
                    if member.key == "$ref", let target = member.value.stringValue { references.append(target) } else { collect(member.value) }
                }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        collect(document)
        #expect(!references.isEmpty)
        let dangling = references.filter { !schemas.contains(String($0.dropFirst("#/components/schemas/".count))) }
        #expect(dangling == [])
    }
}
