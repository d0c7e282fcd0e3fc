import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

/// `GET /__admin/pact`: the Pact contract of what the mock (or a namespace of it) served.
@Suite("Admin API: pact")
struct AdminPactTests {
    @Test func writesTheContractOfTheNamespaceAsked() {
        let admin = AdminHarness()
        admin.call(.post, "/mappings", #"{"name": "Ping", "request": {"method": "GET", "url": "/ping"}, "response": {"status": 200, "body": "pong"}}"#)
        _ = admin.mock.serve(recorded(.get, "/ping", headers: [Namespace.headerName: "a"]))
        _ = admin.mock.serve(recorded(.get, "/missing", headers: [Namespace.headerName: "a"]))
        let contract = admin.call(.get, "/pact?consumer=App&provider=Backend&namespace=a")
        #expect(contract.status == 200)
        #expect(contract.bodyJSON["consumer"]?["name"] == "App")
        #expect(contract.bodyJSON["provider"]?["name"] == "Backend")
        #expect(contract.bodyJSON["metadata"]?["pactSpecification"]?["version"] == "4.0")
        let interactions = contract.bodyJSON["interactions"]?.arrayValue ?? []
        #expect(interactions.map { $0["description"] } == ["Ping"])
        #expect(interactions.first?["response"]?["body"]?["content"] == "pong")
        // Another namespace served nothing.
        #expect(admin.call(.get, "/pact?consumer=App&provider=Backend&namespace=b").bodyJSON["interactions"] == [])
    }

    @Test func writesVersion3WhenAskedAndRefusesMissingNames() {
        let admin = AdminHarness()
        admin.call(.post, "/mappings", #"{"request": {"method": "GET", "url": "/ping"}, "response": {"status": 204}}"#)
        _ = admin.mock.serve(recorded(.get, "/ping"))
        let v3 = admin.call(.get, "/pact?consumer=App&provider=Backend&specification=3")
        #expect(v3.bodyJSON["metadata"]?["pactSpecification"]?["version"] == "3.0.0")
        #expect(v3.bodyJSON["interactions"]?.arrayValue?.first?["type"] == nil)
        #expect(admin.call(.get, "/pact?consumer=App").status == 400)
        #expect(admin.call(.get, "/pact?consumer=App&provider=B&specification=9").status == 400)
    }
}
