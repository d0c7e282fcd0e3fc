import UnderstudySupport

/// What features outside the core keep per mock, and how they hear of served requests: the
/// state a feature attaches (the WebSocket side's message hub), and the serve listeners.
/// A mock's namespaced handles share both with the mock.
final class MockExtensionState: Sendable {
    /// One value per feature type, made on first use.
    let values = Locked<[ObjectIdentifier: any Sendable]>([:])
    /// Told of served requests, in the order they were added. Read on every request, so kept
    /// apart from ``values`` (and empty for most mocks).
    let serveListeners = Locked<ServeListeners>(ServeListeners())
}

extension HTTPMock {
    /// The value of type `Value` a feature keeps for this mock (and its namespaced handles),
    /// made by `make` on first use, under a lock, so that it is made once. `make` may add a
    /// serve listener; it must not ask for another feature's value.
    ///
    /// ```swift
    /// extension HTTPMock {
    ///     var counter: RequestCounter { extensionValue(RequestCounter.self) { mock in RequestCounter(listeningTo: mock) } }
    /// }
    /// ```
    package func extensionValue<Value: Sendable>(_ type: Value.Type, make: (HTTPMock) -> Value) -> Value {
        let key = ObjectIdentifier(type)
        return extensions.values.withLock { values in
            if let known = values[key] as? Value { return known }
            let made = make(self)
            values[key] = made
            return made
        }
    }

    /// Adds an observer of every request this mock (or any of its namespaced handles) serves,
    /// through any transport; it stays until ``removeServeListener(_:)``.
    @discardableResult
    package func addServeListener(_ listener: some ServeListener) -> ServeListenerToken {
        extensions.serveListeners.withLock { $0.add(listener) }
        return ServeListenerToken(id: ObjectIdentifier(listener))
    }

    /// Removes the listener `token` names, if it is still there.
    package func removeServeListener(_ token: ServeListenerToken) {
        extensions.serveListeners.withLock { $0.remove(token.id) }
    }

    /// Whether a listener wants to hear how answers end: a transport then reports completions
    /// through ``complete(_:recorded:delivery:elapsed:transport:defaultSender:)``.
    package var hasCompletionListeners: Bool { extensions.serveListeners.withLock { !$0.completed.isEmpty } }

    /// Tells the serve listeners that `event` was journaled.
    func notifyServeListeners(_ event: ServeEvent) {
        let listeners = extensions.serveListeners.withLock { $0.served }
        for listener in listeners { listener.served(event) }
    }

    /// Where every transport reports that `served`'s answer is over, however it ended: a
    /// stream's delivery goes to the journal, the stub's webhooks fire (through the mock's
    /// sender, or `defaultSender` when it has none) and the serve listeners hear of it. The one
    /// place webhooks are fired from. `recorded` is the journal's entry when the answer already
    /// recorded its end (a proxied one). With a remote store (``sharesStateRemotely``) and a
    /// delivery or a listener, this makes round trips: call it off the event loops.
    package func complete(_ served: ServedRequest, recorded: ServeEvent? = nil, delivery: StreamDelivery? = nil,
                          elapsed: Duration, transport: ServeTransport, defaultSender: @autoclosure () -> any WebhookSender) {
        let event = recorded ?? served.event
        let finished = delivery.map { finish(event, with: .streamed($0)) } ?? event
        served.plan.webhooks?.fire(defaultSender: defaultSender())
        let listeners = extensions.serveListeners.withLock { $0.completed }
        guard !listeners.isEmpty else { return }
        let completion = ServeCompletion(event: finished, plan: served.plan, storeFailure: served.storeFailure, elapsed: elapsed,
                                         transport: transport)
        for listener in listeners { listener.completed(completion) }
    }

    /// The mock's templater, for features that render templates as its responses do (message
    /// bodies), with the same seed and escaping.
    package var responseTemplater: ResponseTemplater { templater }

    /// The store that holds the mock's state; a feature asks it for the part it needs (a store
    /// that shares message stubs conforms to that feature's protocol).
    package var stateStore: any MockStateStore { store }
}

/// A mock's serve listeners, kept by phase so that serving reads only the list it tells.
struct ServeListeners: Sendable {
    private(set) var served: [any ServeListener] = []
    private(set) var completed: [any ServeListener] = []

    mutating func add(_ listener: any ServeListener) {
        if listener.hearsServed { served.append(listener) }
        if listener.hearsCompleted { completed.append(listener) }
    }

    mutating func remove(_ id: ObjectIdentifier) {
        served.removeAll { ObjectIdentifier($0) == id }
        completed.removeAll { ObjectIdentifier($0) == id }
    }
}
