public import Foundation
public import UnderstudyJSON

/// A message stub (WireMock 4's `MessageStubMapping`): when its trigger fires, its actions
/// send messages to WebSockets. Loaded from a root's `message-mappings/` folder, added
/// through `/__admin/message-mappings`, or from Swift with ``MessageHub/stub(_:)``.
public struct MessageStubMapping: Sendable, Identifiable {
    /// WireMock's default priority; lower numbers win.
    public static let defaultPriority = 5

    public var id: UUID
    public var name: String?
    /// Lower wins; ``defaultPriority`` when `nil`. Among equals, the newest stub wins.
    public var priority: Int?
    public var trigger: MessageTrigger
    public var actions: [MessageAction]
    public var metadata: JSONObject

    /// A message stub.
    public init(id: UUID = UUID(), name: String? = nil, priority: Int? = nil, trigger: MessageTrigger,
                actions: [MessageAction], metadata: JSONObject = [:]) {
        self.id = id
        self.name = name
        self.priority = priority
        self.trigger = trigger
        self.actions = actions
        self.metadata = metadata
    }

    /// A short label for logs and reports: `"name" (id …)` or `id …`.
    public var label: String {
        let id = "id \(id.uuidString.lowercased())"
        return name.map { "\"\($0)\" (\(id))" } ?? id
    }
}
