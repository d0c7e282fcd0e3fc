public import Foundation

/// When a message stub fires (WireMock 4's `trigger`).
public enum MessageTrigger: Sendable {
    /// A message arrives on a WebSocket whose opening request matches `channel` (any socket
    /// when `nil`) and the message matches `message`. Only the first matching stub fires.
    case message(channel: RequestPattern?, message: MessagePattern)
    /// The HTTP stub with this id answers a request (`http-stub`). Every matching stub fires.
    case httpStub(UUID)
    /// An HTTP request matching the pattern is served, by a stub or not (`http-request`).
    /// Every matching stub fires.
    case httpRequest(RequestPattern)
    /// A WebSocket opens with an upgrade request matching `channel` (any socket when `nil`):
    /// an Understudy extension (`{"type": "connected"}`) for greetings sent on connect. Only
    /// the first matching stub fires.
    case connected(channel: RequestPattern?)
    /// A WebSocket whose upgrade request matches `channel` (any socket when `nil`) has
    /// received `count` messages: an Understudy extension (`{"type": "message-count",
    /// "count": 3}`) for closing or dropping a socket after a number of messages. It fires
    /// after the stub that answers that message, if any; only the first matching one fires.
    case messageCount(channel: RequestPattern?, count: Int)

    /// The pattern an upgrade request must match for this trigger to concern its socket:
    /// `nil` for a message trigger without a channel pattern (every socket), and for HTTP
    /// triggers, which open no socket (``opensSockets`` is then false).
    var channelPattern: RequestPattern? {
        switch self {
        case .message(let channel, let message): channel ?? message.channel
        case .connected(let channel), .messageCount(let channel, _): channel
        case .httpStub, .httpRequest: nil
        }
    }

    /// Whether the trigger fires on what sockets do (open, send).
    var opensSockets: Bool {
        switch self {
        case .message, .connected, .messageCount: true
        case .httpStub, .httpRequest: false
        }
    }
}
