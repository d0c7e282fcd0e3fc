/// What a message must be for a message stub to fire, or for a journal query to count it
/// (WireMock 4's `MessagePattern`): the request that opened its channel and its body. An empty
/// pattern matches every message.
public struct MessagePattern: Sendable {
    /// The pattern the channel's opening (upgrade) request must match.
    public var channel: RequestPattern?
    /// The pattern the body must match: string patterns see the message as UTF-8 text,
    /// `binaryEqualTo` sees its bytes.
    public var body: StringValuePattern?

    /// A pattern; `nil` parts match anything.
    public init(channel: RequestPattern? = nil, body: StringValuePattern? = nil) {
        self.channel = channel
        self.body = body
    }

    /// Whether a message on a channel opened by `opening` matches.
    public func matches(_ message: WebSocketMessage?, openedBy opening: RecordedRequest?) -> Bool {
        if let channel {
            guard let opening, channel.matches(opening) else { return false }
        }
        guard let body else { return true }
        switch message {
        case nil: return body.match(String?.none).isExactMatch
        case .text(let text)?: return body.match(bodyText: text).isExactMatch
        case .binary(let data)?: return body.match(body: data).isExactMatch
        }
    }
}
