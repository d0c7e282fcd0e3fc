/// What a message stub does when it fires: WireMock 4's `send` action, a message to one or
/// more WebSockets.
public struct MessageAction: Sendable {
    /// Where a message goes.
    public enum Target: Sendable {
        /// The socket the triggering message came in on (nothing for HTTP triggers).
        case originating
        /// Every open socket whose opening request matches, the originating one included.
        case channelsMatching(RequestPattern)
    }

    /// The message to send; `nil` sends an empty text message.
    public var body: MessageBody?
    /// Where it goes.
    public var target: Target

    /// An action sending `body` to `target`.
    public init(send body: MessageBody?, to target: Target = .originating) {
        self.body = body
        self.target = target
    }
}
