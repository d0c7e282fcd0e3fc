/// An observer of the requests a mock serves, through any transport: the one list features
/// (message triggers, the dashboard, the console log) hang on, as WireMock's
/// `ServeEventListener` extensions do (`extension/ServeEventListener.java`), at two of its
/// phases.
///
/// ```swift
/// final class Tally: ServeListener {
///     let count = Locked(0)
///     func completed(_ completion: ServeCompletion) { count.withLock { $0 += 1 } }
/// }
/// let token = mock.addServeListener(Tally())
/// ```
/// Both calls run on the serving thread (a server's event loop), so they must return at once.
package protocol ServeListener: AnyObject, Sendable {
    /// Whether ``served(_:)`` is wanted: `false` spares the mock the call for each request.
    var hearsServed: Bool { get }

    /// Whether ``completed(_:)`` is wanted: `false` spares a transport the completion's work
    /// (timing, and with a remote store, leaving the event loop).
    var hearsCompleted: Bool { get }

    /// The request has been matched and journaled; its answer is about to be carried out
    /// (WireMock's `AFTER_MATCH`).
    func served(_ event: ServeEvent)

    /// The request's answer is over, however it ended (WireMock's `AFTER_COMPLETE`).
    func completed(_ completion: ServeCompletion)
}

extension ServeListener {
    package var hearsServed: Bool { true }
    package var hearsCompleted: Bool { true }
    package func served(_ event: ServeEvent) {}
    package func completed(_ completion: ServeCompletion) {}
}

/// A served request whose answer is over.
package struct ServeCompletion: Sendable {
    /// The journal's final entry (with a stream's delivery or a proxied answer recorded).
    package var event: ServeEvent
    /// The plan that was carried out: how the answer ended (a fault, a body cut short, held open).
    package var plan: ResponsePlan
    /// What kept a remote store from serving the request (its answer is then the 503 that says so).
    package var storeFailure: (any Error)?
    /// From the request's complete head to its answer's end.
    package var elapsed: Duration
    /// Which transport carried the answer out.
    package var transport: ServeTransport

    package init(event: ServeEvent, plan: ResponsePlan, storeFailure: (any Error)? = nil, elapsed: Duration, transport: ServeTransport) {
        (self.event, self.plan, self.storeFailure, self.elapsed, self.transport) = (event, plan, storeFailure, elapsed, transport)
    }
}

/// Which transport carried out an answer, for a listener that hears only one.
package enum ServeTransport: Sendable, Equatable {
    /// A direct client or the `URLSession` interceptor.
    case inProcess
    /// The loopback server with this identity.
    case server(ObjectIdentifier)
}

/// What ``HTTPMock/addServeListener(_:)`` hands back, to remove the listener with.
package struct ServeListenerToken: Sendable, Hashable {
    let id: ObjectIdentifier
}
