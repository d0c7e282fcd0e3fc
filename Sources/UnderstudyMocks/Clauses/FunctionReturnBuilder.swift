/// The answers of a non-throwing requirement: `willReturn`, `willProduce`. Each returns the
/// mock's builder, so clauses chain. Answers are used in FIFO order and the last one is kept.
public struct FunctionReturnBuilder<ParentBuilder: MockBuilder, ReturnType, ProduceType> {
    let mocker: Mocker
    let member: MockMember
    let conditions: [MockCondition]

    public init(_ mocker: Mocker, _ member: MockMember, _ conditions: [MockCondition] = []) {
        self.mocker = mocker
        self.member = member
        self.conditions = conditions
    }

    /// Answers matching calls with `value` (a `Sendable` value: it may be handed to several
    /// callers; for another type, ``willProduce(_:)`` makes one per call).
    @discardableResult
    public func willReturn(_ value: ReturnType) -> ParentBuilder where ReturnType: Sendable {
        mocker.add(MockAnswer(member: member, conditions: conditions, kind: .value(value)))
        return ParentBuilder(mocker: mocker)
    }

    /// Answers matching calls with what `producer` returns for their arguments.
    @discardableResult
    public func willProduce(_ producer: ProduceType) -> ParentBuilder where ProduceType: Sendable {
        mocker.add(MockAnswer(member: member, conditions: conditions, kind: .produce(producer)))
        return ParentBuilder(mocker: mocker)
    }
}

extension FunctionReturnBuilder where ReturnType == Void {
    /// Answers matching calls of a `Void` requirement.
    @discardableResult
    public func willReturn() -> ParentBuilder { willReturn(()) }
}
