public import Foundation

/// One entry of the message journal (WireMock 4's `MessageServeEvent`): a message a socket
/// received, or one the mock sent.
public struct MessageServeEvent: Sendable, Identifiable {
    /// Which way the message went.
    public enum Direction: String, Sendable {
        case received
        case sent
    }

    public let id: UUID
    public let direction: Direction
    /// The socket, as it was when the message went.
    public let channel: WebSocketChannelInfo
    /// The message; `nil` for an empty message.
    public let message: WebSocketMessage?
    /// The stub that fired (for a received message) or sent it.
    public var stub: MessageStubMapping? { storedStub?.mapping }
    public let timestamp: Date
    /// The stub, shared with the hub rather than copied into every event.
    private let storedStub: StoredMessageStub?

    init(id: UUID, direction: Direction, channel: WebSocketChannelInfo, message: WebSocketMessage?,
         storedStub: StoredMessageStub?, timestamp: Date) {
        self.id = id
        self.direction = direction
        self.channel = channel
        self.message = message
        self.storedStub = storedStub
        self.timestamp = timestamp
    }

    /// Whether a stub fired (received messages) or sent the message (sent ones).
    public var wasMatched: Bool { stub != nil }
}

/// A WebSocket the mock holds open (WireMock 4's request-initiated `websocket` channel): its
/// id and the upgrade request that opened it.
public struct WebSocketChannelInfo: Sendable, Identifiable {
    public let id: UUID
    /// The GET request that asked for the upgrade.
    public var openingRequest: RecordedRequest { request.value }
    /// Whether the socket was still open.
    public let isOpen: Bool
    /// The opening request, shared by every event of the socket rather than copied into each.
    private let request: SharedRequest

    /// A request held by reference.
    final class SharedRequest: Sendable {
        let value: RecordedRequest
        init(_ value: RecordedRequest) { self.value = value }
    }

    init(id: UUID, openingRequest: SharedRequest, isOpen: Bool) {
        self.id = id
        self.request = openingRequest
        self.isOpen = isOpen
    }
}
