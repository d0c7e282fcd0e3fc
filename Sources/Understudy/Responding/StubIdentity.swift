public import Foundation
import UnderstudySupport

/// The id and name of the stub that answered a request, without the rest of the stub.
public struct StubIdentity: Sendable, Hashable {
    /// The stub's id.
    public var id: UUID
    /// The stub's name, if it has one.
    public var name: String?

    /// Creates an identity.
    public init(id: UUID, name: String?) {
        self.id = id
        self.name = name
    }

    /// A short label for reports: `"Get user" (id …)` or `id …`, as ``StubMapping/label``.
    public var label: String {
        let idText = id.uuidString.lowercased()
        if let name { return "\(quoted(name)) (id \(idText))" }
        return "id \(idText)"
    }
}
