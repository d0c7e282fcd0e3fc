/// A named state machine shared by the stubs that mention it (WireMock's scenarios).
public struct Scenario: Sendable, Hashable, Identifiable {
    /// The state every scenario starts in.
    public static let started = "Started"

    /// The scenario name.
    public let name: String
    /// The current state.
    public let state: String
    /// Every state the scenario's stubs mention, sorted, always including `Started`.
    public let possibleStates: [String]

    /// WireMock uses the name as the id.
    public var id: String { name }
}
