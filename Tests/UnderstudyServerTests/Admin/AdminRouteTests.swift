import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

/// The admin route table: each entry is reachable, literals win over parameters, and a known
/// path with an unknown method names the methods it takes.
struct AdminRouteTests {
    @Test func everyRouteIsReachedByItsOwnMethodAndPath() {
        for route in AdminRoute.all {
            let path = route.template
                .replacingOccurrences(of: "{id}", with: "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7")
                .replacingOccurrences(of: "{name}", with: "checkout")
                .replacingOccurrences(of: "{path...}", with: "users/42.json")
            guard case .found(let found, _) = AdminRoute.resolve(method: route.method, path: path) else {
                Issue.record("\(route.method) \(route.template) is not reachable")
                continue
            }
            #expect(found.method == route.method && found.template == route.template,
                    "\(route.method) \(path) reaches \(found.method) \(found.template), not \(route.template)")
        }
    }

    /// The server and the WebSocket upgrader tell admin requests from stub requests by this.
    @Test func theAdminPathIsThePrefixOrUnderIt() {
        for path in ["/__admin", "/__admin/", "/__admin/mappings", "/__admin/requests/count"] {
            #expect(AdminAPI.isAdmin(path: path), "\(path)")
        }
        for path in ["/", "/__adminx", "/__admin-ui", "/__admi", "/x/__admin", "__admin", "/__ADMIN"] {
            #expect(!AdminAPI.isAdmin(path: path), "\(path)")
        }
    }

    @Test func noTwoRoutesShareAMethodAndTemplate() {
        let keys = AdminRoute.all.map { "\($0.method) \($0.template)" }
        #expect(Set(keys).count == keys.count)
    }

    @Test(arguments: [
        (HTTPMethod.post, "/mappings/save", "/mappings/save"),
        (.get, "/mappings/unmatched", "/mappings/unmatched"),
        (.get, "/mappings/0b3a7a9e-8ad4-4e5e-9a49-1f1d2b3c4d5e", "/mappings/{id}"),
        (.get, "/requests/unmatched/near-misses", "/requests/unmatched/near-misses"),
        (.get, "/requests/unmatched", "/requests/unmatched"),
        (.head, "/health", "/health"),
    ])
    func literalSegmentsBeatParameters(method: HTTPMethod, path: String, template: String) {
        guard case .found(let route, _) = AdminRoute.resolve(method: method, path: path) else {
            Issue.record("\(method) \(path) is not found")
            return
        }
        #expect(route.template == template)
    }

    @Test func parametersArePercentDecodedAndRestTakesEverySegment() {
        guard case .found(_, let file) = AdminRoute.resolve(method: .get, path: "/files/a%20b/c%2Fd.json") else {
            Issue.record("GET /files/... is not found")
            return
        }
        #expect(file == ["path": "a b/c/d.json"])
        guard case .found(_, let scenario) = AdminRoute.resolve(method: .put, path: "/scenarios/my%20flow/state") else {
            Issue.record("PUT /scenarios/{name}/state is not found")
            return
        }
        #expect(scenario == ["name": "my flow"])
    }

    @Test func aKnownPathWithAnotherMethodIs405NamingTheMethods() {
        let response = AdminHarness().call(.put, "/mappings")
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, POST, DELETE")
        #expect(response.bodyJSON["errors"]?.arrayValue?.first?["title"]?.stringValue == "/__admin/mappings does not accept PUT; use GET, POST, DELETE")
    }
}
