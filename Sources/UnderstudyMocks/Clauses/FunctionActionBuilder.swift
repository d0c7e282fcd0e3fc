/// The side effects of a requirement: `perform` runs on every matching call, before it is
/// answered.
public struct FunctionActionBuilder<ParentBuilder: MockBuilder> {
    let mocker: Mocker
    let member: MockMember
    let conditions: [MockCondition]

    public init(_ mocker: Mocker, _ member: MockMember, _ conditions: [MockCondition] = []) {
        self.mocker = mocker
        self.member = member
        self.conditions = conditions
    }

    /// Runs `action` on every matching call.
    @discardableResult
    public func perform(_ action: @escaping @Sendable () -> Void) -> ParentBuilder {
        mocker.add(MockAction(member: member, conditions: conditions, run: action))
        return ParentBuilder(mocker: mocker)
    }
}
