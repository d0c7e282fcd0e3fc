public import UnderstudyJSON

/// What a message stub does when it fires: WireMock 4's `send` action, a message to one or
/// more WebSockets, or (an Understudy extension) closing them; either after a delay.
public struct MessageAction: Sendable {
    /// Where an action goes.
    public enum Target: Sendable {
        /// The socket the triggering message came in on, or the socket that just opened for a
        /// ``MessageTrigger/connected(channel:)`` trigger (nothing for HTTP triggers).
        case originating
        /// Every open socket whose opening request matches, the originating one included.
        case channelsMatching(RequestPattern)
    }

    /// What an action does.
    public enum Kind: Sendable {
        /// Sends a message (`nil`: an empty text message).
        case send(MessageBody?)
        /// Sends a close frame with `code` and `reason`, then closes the socket (an Understudy
        /// extension: `{"type": "close", "code": 1000, "reason": "bye"}`).
        case close(code: UInt16, reason: String)
        /// Closes the connection without a close frame, as a network failure would (the client
        /// sees an abnormal closure, 1006): an Understudy extension, `{"type": "drop"}`.
        case drop
    }

    public var kind: Kind
    /// Where it goes.
    public var target: Target
    /// How long after the previous action of the stub (or the trigger, for the first) this one
    /// runs; `nil` runs it at once (an Understudy extension: `"delayMilliseconds"`).
    public var delay: Duration?
    /// The names of the ``MessageActionTransformer``s that do not apply globally but should
    /// rewrite this action (WireMock 4's `transformers`).
    public var transformers: [String] = []
    /// Parameters for the transformers, read by them from the action (WireMock 4's
    /// `transformerParameters`).
    public var transformerParameters: JSONObject = [:]

    /// Whether the action ends the sockets it targets (a close or a drop).
    var endsTheSocket: Bool {
        switch kind {
        case .send: false
        case .close, .drop: true
        }
    }

    /// An action sending `body` to `target`, after `delay`.
    public init(send body: MessageBody?, to target: Target = .originating, after delay: Duration? = nil) {
        self.kind = .send(body)
        self.target = target
        self.delay = delay
    }

    /// An action closing the sockets of `target` with `code` and `reason`, after `delay`.
    public static func close(code: UInt16 = 1000, reason: String = "", on target: Target = .originating, after delay: Duration? = nil) -> MessageAction {
        var action = MessageAction(send: nil, to: target, after: delay)
        action.kind = .close(code: code, reason: reason)
        return action
    }

    /// An action dropping the connections of `target` (no close frame), after `delay`.
    public static func drop(on target: Target = .originating, after delay: Duration? = nil) -> MessageAction {
        var action = MessageAction(send: nil, to: target, after: delay)
        action.kind = .drop
        return action
    }

    /// The same action, also rewritten by the transformers called `names` (those that do not
    /// apply globally run only for the actions that name them).
    public func transformed(by names: String...) -> MessageAction {
        var action = self
        action.transformers += names
        return action
    }

    /// The body a send action sends.
    var body: MessageBody? {
        if case .send(let body) = kind { return body }
        return nil
    }
}
