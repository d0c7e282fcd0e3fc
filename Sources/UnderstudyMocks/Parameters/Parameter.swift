/// What an argument of a `given`, `when` or `verify` clause must be: ``any``, a ``value(_:fileID:filePath:line:column:)``
/// or whatever a ``matching(_:)`` predicate accepts.
///
/// ```swift
/// given(mock).fetch(for: .any).willReturn(product)
/// when(mock).fetch(for: .value(id)).perform { }
/// verify(mock).count(.matching { $0 > 2 }).called(.once)
/// ```
public struct Parameter<Value>: Sendable {
    let test: @Sendable (Any) -> Bool
    /// How the condition reads in a report (`any`, the value, `matching { … }`).
    public let description: String

    init(description: String, test: @escaping @Sendable (Any) -> Bool) {
        self.description = description
        self.test = test
    }

    /// Matches every argument.
    public static var any: Parameter { Parameter(description: "any") { _ in true } }

    /// Matches the arguments `predicate` accepts.
    public static func matching(_ predicate: @escaping @Sendable (Value) -> Bool) -> Parameter {
        Parameter(description: "matching { … }") { argument in
            guard let value = argument as? Value else { return false }
            return predicate(value)
        }
    }

    /// Whether `argument` meets the condition.
    public func matches(_ argument: MockArgument) -> Bool { test(argument.value) }
}

extension Parameter where Value: Sendable {
    /// Matches an argument equal to `expected`: by `==` when the value is `Equatable`, else by
    /// the comparator the task's ``Matcher`` holds for its type. With neither, an issue is
    /// recorded here and the parameter matches nothing.
    public static func value(
        _ expected: Value,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Parameter {
        let description = MockArgument.describe(expected)
        if expected is any Equatable {
            return Parameter(description: description) { argument in
                guard let equatable = expected as? any Equatable else { return false }
                return Matcher.isEqual(equatable, argument)
            }
        }
        if let comparator = Matcher.current.comparator(for: Value.self) {
            return Parameter(description: description) { argument in
                guard let argument = argument as? Value else { return false }
                return comparator(expected, argument)
            }
        }
        MockIssueReporter.report(
            "No comparator for \(Value.self) in .value(\(description)): make \(Value.self) Equatable, "
                + "match it with .matching { }, or register one with Matcher.$current.withValue(Matcher().register(\(Value.self).self) { … })",
            at: MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
        return Parameter(description: "\(description) (no comparator)") { _ in false }
    }
}
