import Understudy

/// ``MockServerConfiguration/requestObserver`` as one of the mock's serve listeners, for the
/// server's lifetime: told of each request this server (not another transport) answered.
final class RequestObserverListener: ServeListener {
    private let observer: @Sendable (ServeEvent, Duration) -> Void
    private let transport: ServeTransport

    init(_ observer: @escaping @Sendable (ServeEvent, Duration) -> Void, transport: ServeTransport) {
        self.observer = observer
        self.transport = transport
    }

    var hearsServed: Bool { false }

    func completed(_ completion: ServeCompletion) {
        if completion.transport == transport { observer(completion.event, completion.elapsed) }
    }
}
