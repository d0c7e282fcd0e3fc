/// Bytes that are not a well-formed protobuf message: where reading stopped and why.
package struct ProtobufWireError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The offset in the message where the problem was found.
    package let offset: Int
    /// What was wrong.
    package let reason: String

    package init(offset: Int, _ reason: String) {
        self.offset = offset
        self.reason = reason
    }

    package var description: String { "\(reason) at byte \(offset)" }
}
