/// The task-local mocker a generated mock type keeps for its static requirements (a `let`: the
/// value is bound per task by ``MockableService/withStaticMocks(policy:fileID:filePath:line:column:_:)``,
/// never assigned).
public struct StaticMockers: Sendable {
    let local = TaskLocal<Mocker?>(wrappedValue: nil)

    public init() {}

    /// The mocker bound in the current task, if any.
    public var current: Mocker? { local.get() }

    func with<Result>(_ mocker: Mocker, _ body: () async throws -> Result) async rethrows -> Result {
        try await local.withValue(mocker, operation: body)
    }
}

extension MockableService {
    /// Runs `body` with a fresh mocker answering this mock type's static requirements, in this
    /// task and the tasks it starts. Static state is never shared between tests: outside this
    /// scope a static requirement records an issue.
    public static func withStaticMocks<Result>(
        policy: MockerPolicy? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        let mocker = Mocker(name: "\(Self.self) (static)", policy: policy,
                            location: MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        guard let statics = (Self.self as? any StaticallyMockable.Type)?.staticMockers else {
            MockIssueReporter.report("\(Self.self) has no static requirements to mock", at: mocker.location)
            return try await body()
        }
        return try await statics.with(mocker, body)
    }

    /// The static mocker of this task, or (outside `withStaticMocks`) a fresh one, after an issue.
    public static func staticMockerOrReport(_ location: MockSourceLocation) -> Mocker {
        if let mocker = staticMocker { return mocker }
        MockIssueReporter.report(
            "\(Self.self): a static requirement was used outside \(Self.self).withStaticMocks { }; its calls go to a mocker no test sees",
            at: location)
        return Mocker(name: "\(Self.self) (static)", location: location)
    }
}

/// A generated mock type with static requirements: it keeps their task-local mocker.
public protocol StaticallyMockable: MockableService {
    nonisolated static var staticMockers: StaticMockers { get }
}
