import Foundation
import Understudy

extension AdminAPI {
    /// `GET /dashboard`: the dashboard page (``DashboardPage``).
    func dashboardPage() -> ResponseDefinition { DashboardPage.response }

    /// `GET /dashboard/events`: the dashboard's feed. A server streams it live
    /// (``DashboardStream``); called in process, it answers the journal's recent requests as a
    /// finished event stream.
    func dashboardEvents() -> ResponseDefinition {
        ResponseDefinition(status: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store"])
            .body(DashboardMessage.opening + DashboardMessage.backlog(of: mock))
    }

    /// `GET /dashboard/state`: what the dashboard shows beside the requests: `stubs` in
    /// matching order (`id`, `name`, `namespace`, `request` pattern, `hits`, `scenarioName`),
    /// `scenarios` as `GET /scenarios` lists them, and the `namespaces` seen, from the stubs
    /// and the journal, sorted.
    func dashboardState() -> ResponseDefinition {
        var namespaces = Set<String>()
        let stubs: [JSONValue] = mock.stubMappings.map { stub in
            var object: JSONObject = [
                "id": .string(stub.id.uuidString.lowercased()),
                "request": stub.request.wireMockJSON,
                "hits": .number(JSONNumber(mock.callCount(ofStub: stub.id))),
            ]
            if let name = stub.name { object["name"] = .string(name) }
            if let namespace = stub.namespace {
                object["namespace"] = .string(namespace)
                namespaces.insert(namespace)
            }
            if let scenario = stub.scenarioName { object["scenarioName"] = .string(scenario) }
            return .object(object)
        }
        for event in mock.serveEvents { if let namespace = event.request.namespace { namespaces.insert(namespace) } }
        return AdminResponse.json([
            "stubs": .array(stubs),
            "scenarios": scenariosJSON,
            "namespaces": .array(namespaces.sorted().map(JSONValue.string)),
        ])
    }

    /// `GET /dashboard/stub-suggestion/{id}`: the stub that would answer the journaled request
    /// with the id (``DashboardStubSuggestion``); 404 when the journal no longer holds it.
    func dashboardStubSuggestion(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let id = try uuid(request["id"])
        guard let event = mock.serveEvent(id: id) else {
            throw .notFound("No request with id \(id.uuidString.lowercased()) in the journal; list them with GET /__admin/requests")
        }
        return AdminResponse.json(DashboardStubSuggestion(for: event.request).json)
    }
}
