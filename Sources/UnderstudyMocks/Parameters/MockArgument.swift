/// One argument of a recorded call: its label, the value the mock received, and how it reads in
/// a report.
///
/// `@unchecked Sendable`, and why that is safe: a call's arguments are kept for `verify` and for
/// the near-miss report, and an argument may be of any type, `Sendable` or not (a closure, a
/// non-sendable class; Swift cannot ask a value at run time whether its type is `Sendable`). The
/// box is immutable (`let`s only), made once per call, and kept in the mock's state, which is only
/// read under the mock's lock; the mock never mutates `value` and never hands it back to the code
/// under test: it reaches only the matchers the test wrote (`.value`, `.matching`), which read it
/// under that lock. A value of a `Sendable` type therefore cannot race. A value of a non-sendable
/// reference type is shared with the caller exactly as it is with any callee that keeps its
/// argument; the documentation (Mocking your own protocols: Sendable) says so.
public struct MockArgument: @unchecked Sendable, CustomStringConvertible {
    /// The argument's label as the requirement declares it (its name where the label is `_`).
    public let label: String
    /// The value the mock received (for `inout`, the value on entry).
    let value: Any
    /// The value as a report shows it (`String(describing:)`, taken at the call).
    public let description: String

    /// Captures an argument of a call.
    public init<Value>(_ label: String, _ value: Value) {
        self.label = label
        self.value = value
        self.description = MockArgument.describe(value)
    }

    static func describe<Value>(_ value: Value) -> String {
        let text = String(describing: value)
        return text.contains("(Function)") ? "(closure)" : text
    }
}

extension MockArgument {
    /// A non-escaping closure argument, which the mock may not keep: recorded by label only
    /// (only `.any` matches it).
    public static func nonEscaping(_ label: String) -> MockArgument {
        MockArgument(label, NonEscapingClosure())
    }
}

/// What a call records for a non-escaping closure argument.
struct NonEscapingClosure: CustomStringConvertible, Sendable {
    var description: String { "(non-escaping closure)" }
}
