/// A generated mock: it owns a ``Mocker`` and the builders its `given`, `when` and `verify`
/// clauses start from. `@Mockable` makes the conformance; nothing else should.
public protocol MockableService: Sendable {
    /// The builder `given(_:)` returns: one method per requirement, ending in an answer.
    associatedtype ReturnBuilder: MockBuilder
    /// The builder `when(_:)` returns: one method per requirement, ending in a side effect.
    associatedtype ActionBuilder: MockBuilder
    /// The builder `verify(_:)` returns: one method per requirement, ending in a count.
    associatedtype VerifyBuilder: MockBuilder

    /// The mock's state.
    nonisolated var mocker: Mocker { get }

    /// A mock with a fresh state; the initializers a protocol requires delegate to it.
    init(policy: MockerPolicy?, location: MockSourceLocation)

    /// The mocker that answers the type's static requirements in the current task, set by
    /// ``withStaticMocks(policy:fileID:filePath:line:column:_:)``.
    nonisolated static var staticMocker: Mocker? { get }
}

extension MockableService {
    /// Clears the given parts of the mock's state (all of them by default).
    public nonisolated func reset(_ scopes: Set<MockerScope> = .all) { mocker.reset(scopes) }
}
