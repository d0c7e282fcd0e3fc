/// The verification of a settable property's or subscript's reads and sets: `getCalled`,
/// `setCalled` and their `…Eventually` forms.
public struct PropertyVerifyBuilder<ParentBuilder: MockBuilder> {
    let mocker: Mocker
    let getMember: MockMember
    let setMember: MockMember
    let conditions: [MockCondition]

    public init(_ mocker: Mocker, get getMember: MockMember, set setMember: MockMember, _ conditions: [MockCondition] = []) {
        self.mocker = mocker
        self.getMember = getMember
        self.setMember = setMember
        self.conditions = conditions
    }

    /// Checks that the reads so far meet `count`.
    @discardableResult
    public func getCalled(
        _ count: Count, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ParentBuilder {
        mocker.verify(getMember, conditions, count, at: MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return ParentBuilder(mocker: mocker)
    }

    /// Checks that the matching sets so far meet `count`.
    @discardableResult
    public func setCalled(
        _ count: Count, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ParentBuilder {
        mocker.verify(setMember, conditions, count, at: MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return ParentBuilder(mocker: mocker)
    }

    /// Waits until the reads meet `count`, or `timeout` passes.
    @discardableResult
    public func getCalledEventually(
        _ count: Count, before timeout: TimeoutDuration = .seconds(1),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> ParentBuilder {
        await mocker.verifyEventually(getMember, conditions, count, before: timeout,
                                      at: MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return ParentBuilder(mocker: mocker)
    }

    /// Waits until the matching sets meet `count`, or `timeout` passes.
    @discardableResult
    public func setCalledEventually(
        _ count: Count, before timeout: TimeoutDuration = .seconds(1),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> ParentBuilder {
        await mocker.verifyEventually(setMember, conditions, count, before: timeout,
                                      at: MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return ParentBuilder(mocker: mocker)
    }
}
