/// What a throwing requirement throws to a call that no `given` clause answers (after the issue
/// is recorded): the same near-miss report.
public struct MockError: Error, CustomStringConvertible, Sendable {
    /// The report of the unexpected call.
    public let report: String

    public var description: String { report }
}
