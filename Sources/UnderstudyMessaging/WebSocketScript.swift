/// What the WebSockets opened at one URL do, written from Swift: greet on connect, answer
/// messages (text, JSON path, binary) with one or several messages, each after a delay, push
/// to other sockets, close or drop the connection (at once, or after a number of messages). Each rule is a ``MessageStubMapping``; the first rule a message
/// matches answers it, in the order written.
///
/// ```swift
/// mock.webSocket(urlPath: "/chat") { socket in
///     socket.onConnect { $0.send("welcome") }
///     socket.on(.equalTo("ping")) { $0.send("pong") }
///     socket.on(.matchesJsonPath("$.subscribe")) { reply in
///         reply.send(.json(["subscribed": true]))
///         reply.send("first update", after: .milliseconds(50))
///         reply.close(code: 1000, reason: "done")
///     }
/// }
/// ```
public struct WebSocketScript: Sendable {
    /// The upgrade requests the script's rules apply to.
    public let channel: RequestPattern
    /// The rules so far, in the order written.
    public private(set) var stubs: [MessageStubMapping] = []

    init(channel: RequestPattern) { self.channel = channel }

    /// What a socket is sent when it opens.
    public mutating func onConnect(_ replies: (inout WebSocketReplies) -> Void) {
        add(.connected(channel: channel), replies)
    }

    /// The answer to a message whose body matches `body` (string patterns see text, and
    /// binary messages as UTF-8; `binaryEqualTo` sees bytes).
    public mutating func on(_ body: StringValuePattern, _ replies: (inout WebSocketReplies) -> Void) {
        add(.message(channel: channel, message: MessagePattern(body: body)), replies)
    }

    /// What happens once a socket has received `count` messages, after the rule that answers
    /// the last of them: typically `$0.close(code:reason:)` or `$0.drop()`, to test a client's
    /// reconnection.
    public mutating func afterMessages(_ count: Int, _ replies: (inout WebSocketReplies) -> Void) {
        add(.messageCount(channel: channel, count: count), replies)
    }

    /// The answer to any message no earlier rule answers.
    public mutating func onAnyMessage(_ replies: (inout WebSocketReplies) -> Void) {
        add(.message(channel: channel, message: MessagePattern()), replies)
    }

    private mutating func add(_ trigger: MessageTrigger, _ write: (inout WebSocketReplies) -> Void) {
        var replies = WebSocketReplies()
        write(&replies)
        stubs.append(MessageStubMapping(trigger: trigger, actions: replies.actions))
    }
}

/// The actions of one rule of a ``WebSocketScript``, run in order; each delay counts from the
/// previous action. Inline text and JSON are templates (`{{message.body}}`, `{{request.query.user}}`).
public struct WebSocketReplies: Sendable {
    /// The actions so far.
    public private(set) var actions: [MessageAction] = []

    /// Sends text to the socket.
    public mutating func send(_ text: String, after delay: Duration? = nil) { send(.text(text), after: delay) }

    /// Sends a message to the socket.
    public mutating func send(_ body: MessageBody, after delay: Duration? = nil) {
        actions.append(MessageAction(send: body, to: .originating, after: delay))
    }

    /// Sends a message to every open socket whose upgrade request matches `sockets`.
    public mutating func send(_ body: MessageBody, toSocketsMatching sockets: RequestPattern, after delay: Duration? = nil) {
        actions.append(MessageAction(send: body, to: .channelsMatching(sockets), after: delay))
    }

    /// Closes the socket with a close frame (`code`, `reason`).
    public mutating func close(code: UInt16 = 1000, reason: String = "", after delay: Duration? = nil) {
        actions.append(.close(code: code, reason: reason, on: .originating, after: delay))
    }

    /// Drops the connection without a close frame, as a network failure would.
    public mutating func drop(after delay: Duration? = nil) {
        actions.append(.drop(on: .originating, after: delay))
    }
}

extension HTTPMock {
    /// Scripts the WebSockets opened at `urlPath` (served by the loopback server, which
    /// accepts their upgrade); returns the message stubs added. See ``WebSocketScript``.
    @discardableResult
    public func webSocket(urlPath: String, _ write: (inout WebSocketScript) -> Void) -> [MessageStubMapping] {
        webSocket(RequestPattern(method: .get, url: .urlPath(urlPath)), write)
    }

    /// Scripts the WebSockets whose upgrade request matches `channel`.
    @discardableResult
    public func webSocket(_ channel: RequestPattern, _ write: (inout WebSocketScript) -> Void) -> [MessageStubMapping] {
        var script = WebSocketScript(channel: channel)
        write(&script)
        // The newest stub of a priority wins, so the first rule written is added last.
        for stub in script.stubs.reversed() { messages.stub(stub) }
        return script.stubs
    }
}
