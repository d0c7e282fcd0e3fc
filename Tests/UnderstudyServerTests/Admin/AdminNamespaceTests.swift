import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

/// Admin calls with `?namespace=` work in that namespace (an Understudy extension, as
/// MockServer's `X-MockServer-Namespace`): list, add, delete, requests, count, scenarios, reset.
@Suite("Admin API: namespaces")
struct AdminNamespaceTests {
    private func served(_ admin: AdminHarness, _ method: HTTPMethod, _ url: String, namespace: String?) -> ServeEvent {
        admin.mock.serve(recorded(method, url, headers: namespace.map { [Namespace.headerName: $0] } ?? [:]))
    }

    @Test func stubsAddedListedAndDeletedInANamespace() {
        let admin = AdminHarness()
        admin.call(.post, "/mappings", #"{"request": {"url": "/global"}, "response": {"status": 200}}"#)
        let created = admin.call(.post, "/mappings?namespace=team-a", #"{"request": {"url": "/a"}, "response": {"status": 200}}"#)
        #expect(created.status == 201)
        #expect(created.bodyJSON["namespace"] == "team-a")
        admin.call(.post, "/mappings", #"{"request": {"url": "/b"}, "response": {"status": 200}, "namespace": "team-b"}"#)
        #expect(admin.call(.get, "/mappings?namespace=team-a").bodyJSON["meta"]?["total"] == 1)
        #expect(admin.call(.get, "/mappings").bodyJSON["meta"]?["total"] == 3)
        #expect(served(admin, .get, "/a", namespace: "team-a").response.status == 200)
        #expect(served(admin, .get, "/a", namespace: "team-b").response.status == 404)
        #expect(admin.call(.delete, "/mappings?namespace=team-a").status == 200)
        #expect(admin.mock.stubMappings.count == 2)
        #expect(Set(admin.mock.stubMappings.map(\.namespace)) == [nil, "team-b"])
        #expect(admin.mock.namespaces == ["team-b"])
    }

    @Test func requestsAndCountsAreTheNamespaces() {
        let admin = AdminHarness()
        admin.call(.post, "/mappings", #"{"request": {"url": "/ping"}, "response": {"status": 200}}"#)
        for _ in 0..<2 { _ = served(admin, .get, "/ping", namespace: "a") }
        _ = served(admin, .get, "/ping", namespace: "b")
        _ = served(admin, .get, "/ping", namespace: nil)
        #expect(admin.call(.get, "/requests?namespace=a").bodyJSON["requests"]?.arrayValue?.count == 2)
        #expect(admin.call(.get, "/requests").bodyJSON["requests"]?.arrayValue?.count == 4)
        #expect(admin.call(.post, "/requests/count?namespace=b", #"{"method": "GET", "url": "/ping"}"#).bodyJSON["count"] == 1)
        // The header names the namespace too.
        #expect(admin.call(.post, "/requests/count", #"{"url": "/ping"}"#, headers: [Namespace.headerName: "a"]).bodyJSON["count"] == 2)
        #expect(admin.call(.delete, "/requests?namespace=a").status == 200)
        #expect(admin.call(.get, "/requests").bodyJSON["requests"]?.arrayValue?.count == 2)
    }

    @Test func scenariosAndResetArePerNamespace() {
        let admin = AdminHarness()
        admin.call(.post, "/mappings", #"{"request": {"method": "POST", "url": "/go"}, "response": {"status": 200}, "scenarioName": "s", "newScenarioState": "moved"}"#)
        admin.call(.post, "/mappings?namespace=a", #"{"request": {"url": "/a"}, "response": {"status": 200}}"#)
        _ = served(admin, .post, "/go", namespace: "a")
        #expect(admin.call(.get, "/scenarios?namespace=a").bodyJSON["scenarios"]?.arrayValue?.first?["state"] == "moved")
        #expect(admin.call(.get, "/scenarios?namespace=b").bodyJSON["scenarios"]?.arrayValue?.first?["state"] == "Started")
        #expect(admin.call(.get, "/scenarios").bodyJSON["scenarios"]?.arrayValue?.first?["state"] == "Started")
        #expect(admin.call(.post, "/reset?namespace=a").status == 200)
        #expect(admin.call(.get, "/scenarios?namespace=a").bodyJSON["scenarios"]?.arrayValue?.first?["state"] == "Started")
        #expect(admin.mock.namespaces.isEmpty)
        // Resetting a namespace keeps the global stubs.
        #expect(admin.mock.stubMappings.count == 1)
    }

    @Test func aBadNamespaceIsRefusedAndChangesNothing() {
        let admin = AdminHarness()
        let refused = admin.call(.post, "/mappings?namespace=a%20b", #"{"request": {"url": "/a"}, "response": {"status": 200}}"#)
        #expect(refused.status == 422)
        #expect(refused.bodyText.contains("is not a namespace"))
        #expect(admin.mock.stubMappings.isEmpty)
    }
}
