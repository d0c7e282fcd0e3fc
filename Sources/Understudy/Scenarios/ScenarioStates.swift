import UnderstudySupport

/// The current state of every scenario, as one immutable value: a request is matched against
/// the snapshot taken for it, so a transition made by a concurrent request can never show it
/// one state for one stub and another state for the next (the false miss WireMock fixed in
/// wiremock/wiremock#3506).
package struct ScenarioStates: Sendable, Hashable {
    /// States that differ from `Started`, by scenario name.
    private var states: [String: String] = [:]

    /// Every scenario in `Started`.
    package init() {}

    /// The state a scenario is in; `Started` when it never moved.
    package func state(of scenario: String) -> String { states[scenario] ?? Scenario.started }

    /// The scenarios not in `Started`, with their states (what a store outside the process keeps).
    package var moved: [String: String] { states }

    /// Whether every scenario is in `Started`.
    var allStarted: Bool { states.isEmpty }

    /// Whether the stub may answer in these states: it needs no state, or its scenario is in
    /// the state it requires.
    func admits(_ entry: StubRegistry.Entry) -> Bool {
        guard let (scenario, required) = entry.requiredScenario else { return true }
        return state(of: scenario) == required
    }

    /// Moves a scenario to a state.
    package mutating func set(_ scenario: String, to newState: String) {
        states[scenario] = newState == Scenario.started ? nil : newState
    }

    /// The transition a stub makes when it answers, if it has one.
    mutating func apply(_ mapping: StubMapping) {
        if let scenario = mapping.scenarioName, let newState = mapping.newScenarioState { set(scenario, to: newState) }
    }

    /// Forgets scenarios that no stub mentions any more.
    mutating func keep(only names: Set<String>) {
        guard !states.isEmpty else { return }
        states = states.filter { names.contains($0.key) }
    }

    /// The scenario-state line of a near-miss report for a stub that needs a state.
    func comparison(for mapping: StubMapping) -> FieldComparison? {
        guard let scenario = mapping.scenarioName, let required = mapping.requiredScenarioState else { return nil }
        let current = state(of: scenario)
        return FieldComparison(field: "scenario \(quoted(scenario)) state", expected: quoted(required), actual: quoted(current),
                               result: .of(current == required), weight: 1)
    }
}
