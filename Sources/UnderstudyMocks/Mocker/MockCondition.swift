/// One argument condition of a clause: the ``Parameter`` a builder was given, with its label.
public struct MockCondition: Sendable {
    public let label: String
    public let description: String
    let test: @Sendable (Any) -> Bool

    public init<Value>(_ label: String, _ parameter: Parameter<Value>) {
        self.label = label
        self.description = parameter.description
        self.test = parameter.test
    }

    func matches(_ argument: MockArgument) -> Bool { test(argument.value) }
}

extension Array where Element == MockCondition {
    /// Whether every condition holds for the argument in its position (a call with fewer
    /// arguments, a property's get, ignores the rest: `newValue` conditions apply to sets only).
    func match(_ arguments: [MockArgument]) -> Bool {
        zip(self, arguments).allSatisfy { $0.matches($1) }
    }

    /// The conditions that do not hold, with the argument each was held against.
    func misses(_ arguments: [MockArgument]) -> [(MockCondition, MockArgument)] {
        zip(self, arguments).filter { !$0.matches($1) }
    }
}
