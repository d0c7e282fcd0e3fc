/// A `given` clause: the requirement, its argument conditions, and what to answer.
struct MockAnswer: Sendable {
    enum Kind: Sendable {
        case value(any Sendable)
        case failure(any Error)
        case produce(any Sendable)
    }

    let member: MockMember
    let conditions: [MockCondition]
    let kind: Kind

    /// Whether the answer fits a call returning `Return`, throwing `Failure`, produced by `Produce`
    /// (a generic requirement's answers are kept per type).
    func fits<Return, Failure, Produce>(_: Return.Type, _: Failure.Type, _: Produce.Type) -> Bool {
        switch kind {
        case .value(let value): value is Return
        case .failure(let error): error is Failure
        case .produce(let producer): producer is Produce
        }
    }

    /// How the clause reads in a report: `given fetch(for: .value(41))`.
    var description: String {
        "given \(member.baseName)(\(conditions.map { "\($0.label): \($0.description)" }.joined(separator: ", ")))"
    }
}

/// A `when` clause: a side effect to run on matching calls.
struct MockAction: Sendable {
    let member: MockMember
    let conditions: [MockCondition]
    let run: @Sendable () -> Void
}
