package import Foundation

/// The scenarios part of a ``MockStateStore``: the scenario states and call counts of each namespace.
package protocol ScenarioStore: AnyObject, Sendable {
    /// The scenario states of `namespace` (`nil`: of requests naming none).
    func scenarioStates(in namespace: String?) -> ScenarioStates

    /// Changes the scenario states of `namespace` (`nil`: of requests naming none).
    func changeScenarios(in namespace: String?, _ change: (inout ScenarioStates) -> Void)

    /// How many requests the stub answered in `namespace`, or in all of them for `nil`.
    func callCount(of id: UUID, in namespace: String?) -> Int
}
