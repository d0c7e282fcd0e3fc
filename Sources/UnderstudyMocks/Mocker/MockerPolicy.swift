/// What a mock answers to a call that no `given` clause answers.
///
/// Under ``strict`` (the default), such a call is unexpected: the mock records an issue with its
/// near-miss report, then throws (a throwing requirement) or returns the type's default value.
/// Each relaxed option instead answers one kind of return type silently.
///
/// Mockable keeps a process-wide `MockerPolicy.default` that a test assigns; here it is a
/// task-local read when a mock is made, so tests running in parallel never change each other's
/// mocks:
///
/// ```swift
/// let relaxed = MockProductService(policy: .relaxed)
/// MockerPolicy.withDefault(.relaxedVoid) {
///     let mock = MockProductService()   // relaxedVoid
/// }
/// ```
public struct MockerPolicy: OptionSet, Sendable {
    @TaskLocal static var taskDefault: MockerPolicy = .strict

    /// The policy of mocks made in the current task without a `policy:` argument (``strict``
    /// unless set by `withDefault(_:operation:)`).
    public static var `default`: MockerPolicy { taskDefault }

    /// Runs `operation` with `policy` as the default of the mocks it makes (in this task and the
    /// tasks it starts).
    public static func withDefault<Result>(_ policy: MockerPolicy, operation: () throws -> Result) rethrows -> Result {
        try $taskDefault.withValue(policy, operation: operation)
    }

    /// Runs `operation` with `policy` as the default of the mocks it makes.
    public static func withDefault<Result>(_ policy: MockerPolicy, operation: () async throws -> Result) async rethrows -> Result {
        try await $taskDefault.withValue(policy, operation: operation)
    }

    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every call needs a `given`; an unexpected call records an issue.
    public static let strict: MockerPolicy = []
    /// A throwing requirement returning `Void` returns silently.
    public static let relaxedThrowingVoid = MockerPolicy(rawValue: 1 << 0)
    /// A non-throwing requirement returning `Void` returns silently.
    public static let relaxedNonThrowingVoid = MockerPolicy(rawValue: 1 << 1)
    /// A requirement returning an `Optional` returns `nil` silently.
    public static let relaxedOptional = MockerPolicy(rawValue: 1 << 2)
    /// A requirement returning a ``Mocked`` type returns its ``Mocked/mock`` silently.
    public static let relaxedMocked = MockerPolicy(rawValue: 1 << 3)
    /// Both `Void` options.
    public static let relaxedVoid: MockerPolicy = [.relaxedThrowingVoid, .relaxedNonThrowingVoid]
    /// Every relaxed option.
    public static let relaxed: MockerPolicy = [.relaxedOptional, .relaxedThrowingVoid, .relaxedNonThrowingVoid, .relaxedMocked]
}
