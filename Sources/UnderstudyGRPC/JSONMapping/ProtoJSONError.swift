/// A message that cannot be turned into JSON, or JSON that is not a message of its type: where
/// in the message (`people[0].name`) and why.
public struct ProtoJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is, as a path of field names from the message (`""` for the message itself).
    public let path: String
    /// What is wrong.
    public let reason: String

    package init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}
