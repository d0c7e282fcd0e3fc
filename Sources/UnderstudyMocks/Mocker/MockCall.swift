/// A call a mock received, as `verify` counts it and a report shows it.
public struct MockCall: Sendable, CustomStringConvertible {
    public let member: MockMember
    public let arguments: [MockArgument]

    /// The call as code would write it: `fetch(for: 42)`, `url = nil`, `url`.
    public var description: String {
        switch member.kind {
        case .get where arguments.isEmpty: member.baseName
        case .set where member.name.hasPrefix("subscript"):
            "[\(arguments.dropLast().map { "\($0.label): \($0)" }.joined(separator: ", "))] = \(arguments.last.map { "\($0)" } ?? "")"
        case .set: "\(member.baseName) = \(arguments.last.map { "\($0)" } ?? "")"
        default: "\(member.baseName)(\(arguments.map { "\($0.label): \($0)" }.joined(separator: ", ")))"
        }
    }
}
