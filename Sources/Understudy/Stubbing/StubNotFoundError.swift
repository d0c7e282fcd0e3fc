public import Foundation

/// No stub has the id.
public struct StubNotFoundError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The id that was looked for.
    public let id: UUID

    package init(id: UUID) { self.id = id }

    public var description: String {
        "no stub has id \(id.uuidString.lowercased()); list the stubs with mock.stubMappings or GET /__admin/mappings"
    }
}
