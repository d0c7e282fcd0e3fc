public import Foundation
import UnderstudySupport
import UnderstudyTemplating

/// The WebSocket side of a mock (WireMock 4's message stubs): the message stubs, the sockets
/// the server holds open, and the message journal. Reach it as `HTTPMock.messages`.
///
/// A message that arrives on a socket fires the first message stub it matches (by priority,
/// then newest first), whose actions send to the socket or to every socket whose opening
/// request matches a pattern; an HTTP request fires every stub whose `http-stub` or
/// `http-request` trigger it matches. Both directions are journaled; as in WireMock 4, a
/// received message is journaled after the messages its stub sent.
public final class MessageHub: Sendable {
    private struct Socket {
        let id: UUID
        let sharedRequest: WebSocketChannelInfo.SharedRequest
        let connection: any WebSocketConnection
        /// How many messages it has received.
        var receivedCount = 0

        var openingRequest: RecordedRequest { sharedRequest.value }
        var info: WebSocketChannelInfo { WebSocketChannelInfo(id: id, openingRequest: sharedRequest, isOpen: true) }
    }

    /// A test waiting for the journal or the open sockets to reach a condition.
    private struct Waiter {
        /// Given the state and whether the wait timed out: the resumption of the waiting task
        /// (run outside the lock) when the wait ends now, `nil` to go on waiting.
        let settle: @Sendable (State, _ timedOut: Bool) -> (@Sendable () -> Void)?
        /// Ends the wait at its timeout; cancelled when the condition is met first.
        var timer: Task<Void, Never>?
    }

    private struct State {
        /// In precedence order: priority, then newest first.
        var stubs: [StoredMessageStub] = []
        /// Whether a stub has an HTTP trigger (served requests skip the stubs otherwise).
        var hasHTTPTriggers = false
        /// Open sockets by id (a message finds its socket without a scan).
        var sockets: [UUID: Socket] = [:]
        /// The open sockets' ids, in the order they opened.
        var openOrder: [UUID] = []
        /// Oldest first.
        var journal: MessageJournal
        var waiters: [UUID: Waiter] = [:]
        /// Told of every message as it goes, received ones first (the serve command's log).
        var observer: (@Sendable (MessageServeEvent) -> Void)?
        /// Event ids: unique within the journal, from a generator seeded once (as the server's
        /// request ids), so that a busy socket makes no system call per message.
        var ids: SplitMix64 = {
            var system = SystemRandomNumberGenerator()
            return SplitMix64(seed: system.next())
        }()

        init(journalCapacity: Int) { journal = MessageJournal(capacity: journalCapacity) }

        /// The open sockets, in the order they opened.
        var openSockets: [Socket] { openOrder.compactMap { sockets[$0] } }

        mutating func insert(_ stub: MessageStubMapping) {
            let priority = stub.priority ?? MessageStubMapping.defaultPriority
            // Before the first stub of the same or a greater priority: the newest of a priority first.
            let index = stubs.firstIndex { ($0.mapping.priority ?? MessageStubMapping.defaultPriority) >= priority } ?? stubs.endIndex
            stubs.insert(StoredMessageStub(stub), at: index)
            hasHTTPTriggers = stubs.contains { !$0.mapping.trigger.opensSockets }
        }

        mutating func remove(where predicate: (MessageStubMapping) -> Bool) -> [MessageStubMapping] {
            let removed = stubs.filter { predicate($0.mapping) }
            stubs.removeAll { predicate($0.mapping) }
            hasHTTPTriggers = stubs.contains { !$0.mapping.trigger.opensSockets }
            return removed.map(\.mapping)
        }

        /// Takes out the waiters whose condition is now met; returns their resumptions.
        mutating func settledWaiters() -> [@Sendable () -> Void] {
            var resumptions: [@Sendable () -> Void] = []
            for (id, waiter) in waiters {
                guard let resume = waiter.settle(self, false) else { continue }
                waiters[id] = nil
                waiter.timer?.cancel()
                resumptions.append(resume)
            }
            return resumptions
        }
    }

    private let state: Locked<State>
    private let templater: ResponseTemplater
    private let root: MappingsRoot?
    private let transformers: [MessageActionTransformer]
    /// Where the message stubs live when instances share them; the hub keeps a copy.
    private let sharing: (any MessageStubSharing)?

    init(templater: ResponseTemplater, root: MappingsRoot?, journalCapacity: Int, transformers: [MessageActionTransformer] = [],
         sharing: (any MessageStubSharing)? = nil) {
        self.templater = templater
        self.root = root
        self.transformers = transformers
        self.sharing = sharing
        state = Locked(State(journalCapacity: journalCapacity))
        if let sharing {
            reloadSharedStubs()
            sharing.observeMessageStubs { [weak self] in self?.reloadSharedStubs() }
        }
    }

    /// Takes a fresh copy of the shared message stubs (kept as it was when they cannot be read).
    private func reloadSharedStubs() {
        guard let stubs = sharing?.sharedMessageStubs() else { return }
        state.withLock { state in
            _ = state.remove { _ in true }
            for stub in stubs { state.insert(stub) }
        }
    }

    // MARK: Stubs

    /// Adds a message stub; returns it.
    @discardableResult
    public func stub(_ stub: MessageStubMapping) -> MessageStubMapping {
        if let sharing {
            sharing.shareMessageStub(stub)
            reloadSharedStubs()
            return stub
        }
        state.withLock { $0.insert(stub) }
        return stub
    }

    /// The message stubs in precedence order (priority, then newest first).
    public var stubs: [MessageStubMapping] { state.withLock { $0.stubs.map(\.mapping) } }

    /// The stub with this id.
    public func stub(id: UUID) -> MessageStubMapping? { state.withLock { $0.stubs.first { $0.mapping.id == id }?.mapping } }

    /// Replaces the stub with the same id, which becomes the newest of its priority; `false`
    /// when there is none.
    @discardableResult
    public func replace(_ stub: MessageStubMapping) -> Bool {
        if let sharing {
            let replaced = sharing.replaceSharedMessageStub(stub)
            reloadSharedStubs()
            return replaced
        }
        return state.withLock { state in
            guard !state.remove(where: { $0.id == stub.id }).isEmpty else { return false }
            state.insert(stub)
            return true
        }
    }

    /// Removes the stub with this id; returns whether there was one.
    @discardableResult
    public func removeStub(id: UUID) -> Bool { !removeStubs { $0.id == id }.isEmpty }

    /// Removes the stubs `predicate` picks; returns them.
    @discardableResult
    public func removeStubs(where predicate: (MessageStubMapping) -> Bool) -> [MessageStubMapping] {
        if let sharing {
            guard let removed = sharing.sharedMessageStubs()?.filter(predicate), !removed.isEmpty else { return [] }
            sharing.removeSharedMessageStubs(ids: removed.map(\.id))
            reloadSharedStubs()
            return removed
        }
        return state.withLock { $0.remove(where: predicate) }
    }

    /// Removes every message stub.
    public func removeAllStubs() { _ = removeStubs { _ in true } }

    // MARK: Sockets

    /// The sockets held open, in the order they opened.
    public var channels: [WebSocketChannelInfo] { state.withLock { $0.openSockets.map(\.info) } }

    /// Whether a WebSocket upgrade asked for by `request` is accepted: a message stub listens
    /// on its URL (a message trigger whose channel pattern matches, or has none) or sends to it
    /// (a target pattern that matches).
    package func acceptsUpgrade(_ request: RecordedRequest) -> Bool {
        let stubs = state.withLock { $0.stubs.map(\.mapping) }
        return stubs.contains { stub in
            if stub.trigger.opensSockets {
                guard let pattern = stub.trigger.channelPattern else { return true }
                if pattern.matches(request) { return true }
            }
            return stub.actions.contains { action in
                if case .channelsMatching(let pattern) = action.target { return pattern.matches(request) }
                return false
            }
        }
    }

    /// Registers a socket the server opened for `request`; returns its id.
    package func open(_ request: RecordedRequest, connection: any WebSocketConnection) -> UUID {
        let socket = Socket(id: UUID(), sharedRequest: WebSocketChannelInfo.SharedRequest(request), connection: connection)
        let woken = state.withLock { state in
            state.sockets[socket.id] = socket
            state.openOrder.append(socket.id)
            return state.settledWaiters()
        }
        for resume in woken { resume() }
        let greeting = state.withLock { state in
            state.stubs.first { stub in
                guard case .connected(let channel) = stub.mapping.trigger else { return false }
                return channel?.matches(request) ?? true
            }
        }
        if let greeting {
            perform([greeting], origin: socket, request: request, message: nil, then: nil)
        }
        return socket.id
    }

    /// Waits until at least `count` sockets are open, or `timeout` passes; returns the open
    /// sockets (fewer than `count` on a timeout). A test's way to know its clients are connected.
    public func waitForChannels(count: Int, timeout: Duration = .seconds(10)) async -> [WebSocketChannelInfo] {
        await waitForChannels(timeout: timeout) { $0 >= count }
    }

    /// Waits until at most `count` sockets are open (the others closed), or `timeout` passes;
    /// returns the open sockets.
    public func waitForChannels(atMost count: Int, timeout: Duration = .seconds(10)) async -> [WebSocketChannelInfo] {
        await waitForChannels(timeout: timeout) { $0 <= count }
    }

    private func waitForChannels(timeout: Duration, until isMet: @escaping @Sendable (Int) -> Bool) async -> [WebSocketChannelInfo] {
        await wait(timeout: timeout) { state in (isMet(state.sockets.count), state.openSockets.map(\.info)) }
    }

    /// Waits until `poll` says the state meets a condition, or `timeout` passes; returns what
    /// `poll` gives at that moment.
    private func wait<Value: Sendable>(timeout: Duration, poll: @escaping @Sendable (State) -> (isMet: Bool, value: Value)) async -> Value {
        let id = UUID()
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Value? in
                let (isMet, value) = poll(state)
                if isMet { return value }
                state.waiters[id] = Waiter { state, timedOut in
                    let (isMet, value) = poll(state)
                    guard isMet || timedOut else { return nil }
                    return { continuation.resume(returning: value) }
                }
                return nil
            }
            if let ready {
                continuation.resume(returning: ready)
                return
            }
            // Started once the waiter is in place, so that a short timeout cannot pass it by.
            let timer = Task {
                try? await Task.sleep(for: timeout)
                let expired = self.state.withLock { state in
                    state.waiters.removeValue(forKey: id).flatMap { $0.settle(state, true) }
                }
                expired?()
            }
            state.withLock { $0.waiters[id]?.timer = timer }
        }
    }

    /// Forgets a socket that closed.
    package func closed(_ id: UUID) {
        let woken = state.withLock { state -> [@Sendable () -> Void] in
            guard state.sockets.removeValue(forKey: id) != nil else { return [] }
            state.openOrder.removeAll { $0 == id }
            return state.settledWaiters()
        }
        for resume in woken { resume() }
    }

    /// Closes the socket with this id (code 1000); returns whether it was open.
    @discardableResult
    public func close(channel id: UUID, code: UInt16 = 1000, reason: String = "Closed by server") -> Bool {
        guard let socket = state.withLock({ $0.sockets[id] }) else { return false }
        socket.connection.close(code: code, reason: reason)
        closed(id)
        return true
    }

    /// Sends a message to every open socket whose opening request matches `pattern`, as
    /// `POST /__admin/channels/send` does (no templating); returns the sockets messaged.
    @discardableResult
    public func send(_ body: MessageBody, toChannelsMatching pattern: RequestPattern) throws(MessageBodyError) -> [WebSocketChannelInfo] {
        let message = try resolve(body, rendering: nil)
        let sockets = state.withLock { $0.openSockets.filter { pattern.matches($0.openingRequest) } }
        for socket in sockets { deliver(message, to: socket, stub: nil) }
        return sockets.map(\.info)
    }

    // MARK: Serving

    /// A message arrived on a socket: fires the first stub it matches (then the first
    /// `messageCount` stub its number reaches), then journals it.
    package func received(_ message: WebSocketMessage, on id: UUID) {
        let found = state.withLock { state -> (Socket, StoredMessageStub?, StoredMessageStub?, UUID, (@Sendable (MessageServeEvent) -> Void)?)? in
            guard state.sockets[id] != nil else { return nil }
            state.sockets[id]?.receivedCount += 1
            guard let socket = state.sockets[id] else { return nil }
            let answer = state.stubs.first { stub in
                guard let trigger = stub.messageTrigger else { return false }
                if let channel = trigger.channel, !channel.matches(socket.openingRequest) { return false }
                return trigger.pattern.matches(message, openedBy: socket.openingRequest)
            }
            let limit = state.stubs.first { stub in
                guard let trigger = stub.countTrigger, trigger.count == socket.receivedCount else { return false }
                return trigger.channel?.matches(socket.openingRequest) ?? true
            }
            return (socket, answer, limit, UUID.version4(using: &state.ids), state.observer)
        }
        guard let (socket, answer, limit, eventID, observer) = found else { return }
        let received = MessageServeEvent(id: eventID, direction: .received, channel: socket.info, message: message, storedStub: answer, timestamp: Date())
        observer?(received)
        let fired = [answer, limit].compactMap { $0 }
        guard !fired.isEmpty else {
            record(received)
            return
        }
        perform(fired, origin: socket, request: socket.openingRequest, message: message) {
            self.record(received)
        }
    }

    /// An HTTP request was served (by `stub`, or by none): fires every message stub whose
    /// HTTP trigger it matches. `stubURL` is the serving stub's URL pattern (read only when a
    /// stub fires), which names the path parameters templates read.
    package func served(_ request: RecordedRequest, by stub: UUID?, stubURL: @autoclosure () -> URLPattern?) {
        let fired = state.withLock { state -> [StoredMessageStub] in
            guard state.hasHTTPTriggers else { return [] }
            return state.stubs.filter { candidate in
                switch candidate.mapping.trigger {
                case .message, .connected, .messageCount: false
                case .httpStub(let id): id == stub
                case .httpRequest(let pattern): pattern.matches(request)
                }
            }
        }
        for stub in fired {
            let urlPattern: URLPattern? = switch stub.mapping.trigger {
            case .httpRequest(let pattern): pattern.url
            default: stubURL()
            }
            perform([stub], origin: nil, request: request, urlPattern: { _ in urlPattern }, message: nil, then: nil)
        }
    }

    /// Runs the stubs' actions in order, then `then` (which journals the received message,
    /// after the messages sent, as WireMock 4 does), but before a close or a drop: a client
    /// that has seen its socket end finds its message in the journal. With delays, `then` runs
    /// at once and the actions on a task of their own, each after its delay. `urlPattern`
    /// names the path parameters a stub's templates read (by default, those of its channel
    /// pattern).
    private func perform(_ stubs: [StoredMessageStub], origin: Socket?, request: RecordedRequest,
                         urlPattern: (StoredMessageStub) -> URLPattern? = { $0.mapping.trigger.channelPattern?.url },
                         message: WebSocketMessage?, then: (@Sendable () -> Void)?) {
        let steps = stubs.flatMap { stub in stub.mapping.actions.map { (action: $0, stub: stub, urlPattern: urlPattern(stub)) } }
        guard steps.contains(where: { $0.action.delay != nil }) else {
            var then = then
            for step in steps {
                if step.action.endsTheSocket {
                    then?()
                    then = nil
                }
                run(step.action, of: step.stub, origin: origin, request: request, urlPattern: step.urlPattern, message: message)
            }
            then?()
            return
        }
        then?()
        Task {
            for step in steps {
                if let delay = step.action.delay { try? await Task.sleep(for: delay) }
                self.run(step.action, of: step.stub, origin: origin, request: request, urlPattern: step.urlPattern, message: message)
            }
        }
    }

    private func run(_ action: MessageAction, of stub: StoredMessageStub, origin: Socket?, request: RecordedRequest,
                     urlPattern: URLPattern?, message: WebSocketMessage?) {
        var action = action
        if !transformers.isEmpty {
            let context = MessageActionContext(stub: stub.mapping, originatingChannel: origin?.info, incomingMessage: message, request: request)
            for transformer in transformers where transformer.applies(to: action) {
                action = transformer.transform(action, context)
            }
        }
        let targets: [Socket]
        switch action.target {
        case .originating: targets = origin.map { [$0] } ?? []
        case .channelsMatching(let pattern): targets = state.withLock { $0.openSockets.filter { pattern.matches($0.openingRequest) } }
        }
        guard !targets.isEmpty else { return }
        let body: MessageBody?
        switch action.kind {
        case .send(let sent): body = sent
        case .close(let code, let reason):
            for socket in targets {
                socket.connection.close(code: code, reason: reason)
                closed(socket.id)
            }
            return
        case .drop:
            for socket in targets {
                socket.connection.drop()
                closed(socket.id)
            }
            return
        }
        let outgoing: WebSocketMessage
        do {
            outgoing = try resolve(body ?? .text(""), rendering: (request, urlPattern, message))
        } catch {
            // WireMock 4 drops the action; the socket gets a close frame saying why instead of a silent nothing.
            for socket in targets { socket.connection.close(code: 1011, reason: String("\(stub.mapping.label): \(error.problem)".prefix(120))) }
            return
        }
        for socket in targets { deliver(outgoing, to: socket, stub: stub) }
    }

    private func deliver(_ message: WebSocketMessage, to socket: Socket, stub: StoredMessageStub?) {
        socket.connection.send(message)
        let info = socket.info
        let timestamp = Date()
        let (sent, observer, woken) = state.withLock { state in
            let sent = MessageServeEvent(id: UUID.version4(using: &state.ids), direction: .sent, channel: info, message: message, storedStub: stub,
                                         timestamp: timestamp)
            state.journal.append(sent)
            return (sent, state.observer, state.settledWaiters())
        }
        observer?(sent)
        for resume in woken { resume() }
    }

    /// Sets what is told of every message as it goes: a received message before the messages
    /// its stub sends (the journal, as WireMock 4's, holds them the other way round). The
    /// serve command's request log.
    package func observe(_ observer: (@Sendable (MessageServeEvent) -> Void)?) {
        state.withLock { $0.observer = observer }
    }

    /// The message a body sends; inline text and JSON rendered as templates when `rendering`
    /// gives the request, message and stub.
    private func resolve(_ body: MessageBody, rendering: (request: RecordedRequest, urlPattern: URLPattern?, message: WebSocketMessage?)?) throws(MessageBodyError) -> WebSocketMessage {
        func render(_ text: String) throws(MessageBodyError) -> String {
            guard let rendering else { return text }
            do {
                return try templater.renderMessage(text, request: rendering.request, urlPattern: rendering.urlPattern, messageText: rendering.message?.text)
            } catch {
                throw MessageBodyError(problem: "template error at line \(error.line), column \(error.column): \(error.message)")
            }
        }
        switch body {
        case .text(let text): return .text(try render(text))
        case .json(let json): return .text(try render(json.jsonText()))
        case .binary(let data): return .binary(data)
        case .file(let name, let binary):
            guard let root else {
                throw MessageBodyError(problem: "filePath \"\(name)\" needs a root folder; serve a root or create the mock with HTTPMock.Configuration(root:)")
            }
            let data: Data
            do {
                data = try root.bodyFile(named: name)
            } catch {
                throw MessageBodyError(problem: "\(error)")
            }
            return binary ? .binary(data) : .text(String(decoding: data, as: UTF8.self))
        }
    }

    // MARK: Journal

    /// The message journal, oldest first.
    public var events: [MessageServeEvent] { state.withLock { $0.journal.events } }

    /// The journaled events a pattern matches, oldest first.
    public func events(matching pattern: MessagePattern) -> [MessageServeEvent] {
        state.withLock { $0.journal.events.filter { pattern.matches($0.message, openedBy: $0.channel.openingRequest) } }
    }

    /// Removes the events a pattern matches; returns them.
    @discardableResult
    public func removeEvents(matching pattern: MessagePattern) -> [MessageServeEvent] {
        removeEvents { pattern.matches($0.message, openedBy: $0.channel.openingRequest) }
    }

    /// Removes the events `predicate` picks; returns them.
    @discardableResult
    public func removeEvents(where predicate: (MessageServeEvent) -> Bool) -> [MessageServeEvent] {
        state.withLock { state in
            state.journal.remove(where: predicate)
        }
    }

    /// Empties the message journal.
    public func resetJournal() { state.withLock { _ = $0.journal.remove { _ in true } } }

    /// Waits until the journal holds `count` events the pattern matches, or `timeout` passes;
    /// returns the matching events (oldest first), fewer than `count` on a timeout.
    public func waitForEvents(matching pattern: MessagePattern, count: Int = 1, timeout: Duration) async -> [MessageServeEvent] {
        await wait(timeout: timeout) { state in
            let found = state.journal.events.filter { pattern.matches($0.message, openedBy: $0.channel.openingRequest) }
            return (found.count >= count, found)
        }
    }

    private func record(_ event: MessageServeEvent) {
        let woken = state.withLock { state in
            state.journal.append(event)
            return state.settledWaiters()
        }
        for resume in woken { resume() }
    }
}

/// Why a message stub's body could not be sent: a template error, or a file that cannot be read.
public struct MessageBodyError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, and how to fix it.
    public let problem: String
    public var description: String { problem }
}
