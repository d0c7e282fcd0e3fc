/// A part of a mock's state that ``Mocker/reset(_:)`` clears.
public enum MockerScope: Hashable, Sendable, CaseIterable {
    /// The `given` clauses (answers).
    case given
    /// The `when` clauses (side effects).
    case when
    /// The recorded calls that `verify` counts.
    case verify
}

extension Set where Element == MockerScope {
    /// Every scope.
    public static var all: Set<MockerScope> { Set(MockerScope.allCases) }
}
