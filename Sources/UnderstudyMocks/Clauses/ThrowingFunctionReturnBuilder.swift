/// The answers of a throwing requirement: `willReturn`, `willThrow`, `willProduce`,
/// `willHandle`. `ErrorType` is the requirement's error type (`any Error`, or its typed-throws
/// type, which `willThrow` then takes).
public struct ThrowingFunctionReturnBuilder<ParentBuilder: MockBuilder, ReturnType, ErrorType: Error, ProduceType> {
    let mocker: Mocker
    let member: MockMember
    let conditions: [MockCondition]

    public init(_ mocker: Mocker, _ member: MockMember, _ conditions: [MockCondition] = []) {
        self.mocker = mocker
        self.member = member
        self.conditions = conditions
    }

    /// Answers matching calls with `value`.
    @discardableResult
    public func willReturn(_ value: ReturnType) -> ParentBuilder where ReturnType: Sendable {
        mocker.add(MockAnswer(member: member, conditions: conditions, kind: .value(value)))
        return ParentBuilder(mocker: mocker)
    }

    /// Answers matching calls by throwing `error`.
    @discardableResult
    public func willThrow(_ error: ErrorType) -> ParentBuilder {
        mocker.add(MockAnswer(member: member, conditions: conditions, kind: .failure(error)))
        return ParentBuilder(mocker: mocker)
    }

    /// Answers matching calls with what `producer` returns (or throws) for their arguments.
    @discardableResult
    public func willProduce(_ producer: ProduceType) -> ParentBuilder where ProduceType: Sendable {
        mocker.add(MockAnswer(member: member, conditions: conditions, kind: .produce(producer)))
        return ParentBuilder(mocker: mocker)
    }

    /// Answers matching calls with the result's value, or by throwing its error.
    @discardableResult
    public func willHandle(_ result: Result<ReturnType, ErrorType>) -> ParentBuilder where ReturnType: Sendable {
        switch result {
        case .success(let value): willReturn(value)
        case .failure(let error): willThrow(error)
        }
    }
}

extension ThrowingFunctionReturnBuilder where ReturnType == Void {
    /// Answers matching calls of a `Void` requirement.
    @discardableResult
    public func willReturn() -> ParentBuilder { willReturn(()) }
}
