import UnderstudySupport

/// What features outside the core keep per mock, and how they hear of served requests: the
/// state a feature attaches (the WebSocket side's message hub), and the serve listeners.
/// A mock's namespaced handles share both with the mock.
final class MockExtensionState: Sendable {
    /// One value per feature type, made on first use.
    let values = Locked<[ObjectIdentifier: any Sendable]>([:])
    /// Told of every served request, in the order they were added. Read on every request, so
    /// kept apart from ``values`` (and empty for most mocks).
    let serveListeners = Locked<[@Sendable (ServeEvent) -> Void]>([])
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
    /// told once the request is journaled, before its answer is carried out: the one serve
    /// listener list features hang on (message triggers fire from it).
    package func addServeListener(_ listener: @escaping @Sendable (ServeEvent) -> Void) {
        extensions.serveListeners.withLock { $0.append(listener) }
    }

    /// Tells the serve listeners of `event`.
    func notifyServeListeners(_ event: ServeEvent) {
        let listeners = extensions.serveListeners.withLock { $0 }
        for listener in listeners { listener(event) }
    }

    /// The mock's templater, for features that render templates as its responses do (message
    /// bodies), with the same seed and escaping.
    package var responseTemplater: ResponseTemplater { templater }

    /// The store that holds the mock's state; a feature asks it for the part it needs (a store
    /// that shares message stubs conforms to that feature's protocol).
    package var stateStore: any MockStateStore { store }
}
