/// How much of a streamed response reached its client, as the journal records it
/// (``ServeEvent/streamDelivery``).
public struct StreamDelivery: Sendable, Hashable {
    /// The parts (events, copies of repeated events, chunks) written to the client.
    public var partsDelivered: Int
    /// The parts the stream had.
    public var parts: Int
    /// Whether the client went away before the stream ended.
    public var clientLeftEarly: Bool

    /// A record of a stream's delivery.
    public init(partsDelivered: Int, parts: Int, clientLeftEarly: Bool) {
        self.partsDelivered = partsDelivered
        self.parts = parts
        self.clientLeftEarly = clientLeftEarly
    }
}
