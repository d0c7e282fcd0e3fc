/// A message stub as the hub holds it: shared by reference, so that matching a message and
/// journaling what it fired copy no stub (a stub is a large value, and a busy socket fires one
/// on every message), with its trigger taken apart once.
final class StoredMessageStub: Sendable {
    let mapping: MessageStubMapping
    /// The channel and message patterns of a `message` trigger.
    let messageTrigger: (channel: RequestPattern?, pattern: MessagePattern)?
    /// The channel pattern and count of a `message-count` trigger.
    let countTrigger: (channel: RequestPattern?, count: Int)?

    init(_ mapping: MessageStubMapping) {
        self.mapping = mapping
        if case .message(let channel, let pattern) = mapping.trigger { messageTrigger = (channel, pattern) } else { messageTrigger = nil }
        if case .messageCount(let channel, let count) = mapping.trigger { countTrigger = (channel, count) } else { countTrigger = nil }
    }
}
