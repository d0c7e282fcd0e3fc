/// How `.value(_:)` compares arguments of types that are not `Equatable`, or compares a type
/// differently in a test.
///
/// Mockable keeps one registry for the whole process (`Matcher.register`); here the comparators
/// are a value in a task-local, read when `.value(_:)` builds its parameter, in the test's own
/// task, so tests running in parallel never see each other's comparators:
///
/// ```swift
/// Matcher.$current.withValue(Matcher().register(Product.self) { $0.name == $1.name }) {
///     given(mock).checkout(with: .value(product)).willReturn()
/// }
/// ```
public struct Matcher: Sendable {
    /// The comparators `.value(_:)` uses in the current task.
    @TaskLocal public static var current = Matcher()

    private var comparators: [ObjectIdentifier: @Sendable (Any, Any) -> Bool] = [:]

    /// No comparators: `Equatable` values compare with `==`.
    public init() {}

    /// This matcher, comparing values of `type` with `match`.
    public func register<Value: Sendable>(_ type: Value.Type, match: @escaping @Sendable (Value, Value) -> Bool) -> Matcher {
        var copy = self
        copy.comparators[ObjectIdentifier(type)] = { left, right in
            guard let left = left as? Value, let right = right as? Value else { return false }
            return match(left, right)
        }
        return copy
    }

    /// This matcher, comparing values of the `Equatable` `type` with `==` (for a value seen as an
    /// existential or a generic, where `==` is not known statically).
    public func register<Value: Equatable & Sendable>(_ type: Value.Type) -> Matcher {
        register(type) { $0 == $1 }
    }

    func comparator<Value>(for type: Value.Type) -> (@Sendable (Value, Value) -> Bool)? {
        guard let compare = comparators[ObjectIdentifier(type)] else { return nil }
        return { compare($0, $1) }
    }

    static func isEqual<Left: Equatable>(_ left: Left, _ right: Any) -> Bool {
        guard let right = right as? Left else { return false }
        return left == right
    }
}
