/// The side effects of a settable property or subscript: `performOnGet`, `performOnSet`.
public struct PropertyActionBuilder<ParentBuilder: MockBuilder> {
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

    /// Runs `action` on every read.
    @discardableResult
    public func performOnGet(_ action: @escaping @Sendable () -> Void) -> ParentBuilder {
        mocker.add(MockAction(member: getMember, conditions: conditions, run: action))
        return ParentBuilder(mocker: mocker)
    }

    /// Runs `action` on every matching set (`newValue:` conditions apply here).
    @discardableResult
    public func performOnSet(_ action: @escaping @Sendable () -> Void) -> ParentBuilder {
        mocker.add(MockAction(member: setMember, conditions: conditions, run: action))
        return ParentBuilder(mocker: mocker)
    }
}
