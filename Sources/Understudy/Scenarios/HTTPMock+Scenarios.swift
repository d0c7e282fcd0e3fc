import UnderstudySupport

extension HTTPMock {
    /// Every scenario the stubs mention, sorted by name. A namespaced handle lists the
    /// scenarios of the stubs its requests see, in its namespace's states.
    public var scenarios: [Scenario] {
        let (registry, states) = stubsAndStates(for: namespace)
        var possible: [String: Set<String>] = [:]
        for mapping in registry.mappings where namespace == nil || mapping.namespace == nil || mapping.namespace == namespace {
            guard let name = mapping.scenarioName else { continue }
            possible[name, default: [Scenario.started]].formUnion([mapping.requiredScenarioState, mapping.newScenarioState].compactMap { $0 })
        }
        return possible.keys.sorted().map { name in
            Scenario(name: name, state: states.state(of: name), possibleStates: possible[name, default: []].sorted())
        }
    }

    /// Puts every scenario back in `Started` (a namespaced handle: in its namespace).
    public func resetScenarios() {
        store.changeScenarios(in: namespace) { $0 = ScenarioStates() }
    }

    /// Moves a scenario to a state; throws when no stub mentions the scenario.
    public func setScenarioState(_ name: String, to newState: String) throws(UnknownScenarioError) {
        let visible = store.registry.mappings.filter { namespace == nil || $0.namespace == nil || $0.namespace == namespace }
        let names = Set(visible.compactMap(\.scenarioName))
        guard names.contains(name) else { throw UnknownScenarioError(name: name, knownNames: names.sorted()) }
        store.changeScenarios(in: namespace) { $0.set(name, to: newState) }
    }

    /// Resets one scenario to `Started`.
    public func resetScenario(_ name: String) throws(UnknownScenarioError) {
        try setScenarioState(name, to: Scenario.started)
    }
}

/// No stub mentions the scenario.
public struct UnknownScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scenario that was asked for.
    public let name: String
    /// The scenarios that exist.
    public let knownNames: [String]
    public var description: String {
        let known = knownNames.isEmpty ? "there are no scenarios" : "known scenarios: \(knownNames.map(quoted).joined(separator: ", "))"
        return "no stub mentions scenario \(quoted(name)); \(known)"
    }
}
