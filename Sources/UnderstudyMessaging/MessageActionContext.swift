/// What fired the action a ``MessageActionTransformer`` rewrites (WireMock 4's
/// `MessageActionContext`).
public struct MessageActionContext: Sendable {
    /// The message stub whose action it is.
    public let stub: MessageStubMapping
    /// The socket the triggering message came in on (or that just opened); `nil` when an HTTP
    /// request fired the stub.
    public let originatingChannel: WebSocketChannelInfo?
    /// The message that fired the stub; `nil` for the other triggers.
    public let incomingMessage: WebSocketMessage?
    /// The HTTP request that fired the stub, or the request that opened the originating socket.
    public let request: RecordedRequest

    /// Whether a message (or a socket opening) fired the stub, rather than an HTTP request.
    public var isTriggeredByMessage: Bool { originatingChannel != nil }
}
