import Understudy

extension AdminAPI {
    /// `GET /scenarios`: `{"scenarios": [{"id", "name", "state", "possibleStates"}]}`.
    func listScenarios() -> ResponseDefinition {
        AdminResponse.json(["scenarios": scenariosJSON])
    }

    /// Every scenario as WireMock lists it: `id`, `name`, `state`, `possibleStates`.
    var scenariosJSON: JSONValue {
        .array(mock.scenarios.map { scenario in
            [
                "id": .string(scenario.id),
                "name": .string(scenario.name),
                "state": .string(scenario.state),
                "possibleStates": .array(scenario.possibleStates.map(JSONValue.string)),
            ]
        })
    }

    /// `POST /scenarios/reset`: every scenario back to `Started`.
    func resetScenarios() -> ResponseDefinition {
        mock.resetScenarios()
        return AdminResponse.emptyJSON
    }

    /// `PUT /scenarios/{name}/state` with `{"state": "..."}`, or an empty body to reset it;
    /// 404 for an unknown scenario, 422 for a state none of its stubs mentions.
    func setScenarioState(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let name = request["name"]
        guard let scenario = mock.scenarios.first(where: { $0.name == name }) else {
            let known = mock.scenarios.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw .notFound("Scenario \(name) does not exist" + (known.isEmpty ? "" : "; known scenarios: \(known)"))
        }
        var newState = Scenario.started
        if !request.recorded.body.isEmpty {
            let body = try jsonBody(request.recorded)
            guard let state = body["state"]?.stringValue else {
                throw .invalidInput(pointer: "/state", "the body is {\"state\": \"<state name>\"}")
            }
            newState = state
        }
        guard scenario.possibleStates.contains(newState) else {
            throw AdminError(status: 422, code: 11, pointer: nil, title: "Scenario \(name) does not support state \(newState)",
                             detail: "possible states: \(scenario.possibleStates.joined(separator: ", "))")
        }
        do {
            try mock.setScenarioState(name, to: newState)
        } catch {
            throw .notFound("Scenario \(name) does not exist")
        }
        return AdminResponse.emptyJSON
    }
}
