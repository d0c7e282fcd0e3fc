/// The verification of a requirement's calls: `called`, `calledEventually`. A count that does
/// not hold records an issue at the clause's line, listing the calls the requirement received.
public struct FunctionVerifyBuilder<ParentBuilder: MockBuilder> {
    let mocker: Mocker
    let member: MockMember
    let conditions: [MockCondition]

    public init(_ mocker: Mocker, _ member: MockMember, _ conditions: [MockCondition] = []) {
        self.mocker = mocker
        self.member = member
        self.conditions = conditions
    }

    /// Checks that the matching calls so far meet `count`.
    @discardableResult
    public func called(
        _ count: Count, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ParentBuilder {
        mocker.verify(member, conditions, count, at: MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return ParentBuilder(mocker: mocker)
    }

    /// Waits until the matching calls meet `count` (checked on every call the mock receives),
    /// or `timeout` passes, then checks as ``called(_:fileID:filePath:line:column:)``.
    @discardableResult
    public func calledEventually(
        _ count: Count, before timeout: TimeoutDuration = .seconds(1),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> ParentBuilder {
        await mocker.verifyEventually(member, conditions, count, before: timeout,
                                      at: MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return ParentBuilder(mocker: mocker)
    }
}
