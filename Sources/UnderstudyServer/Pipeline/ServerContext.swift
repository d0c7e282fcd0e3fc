import NIOCore
import Understudy

/// What every connection of one server shares.
struct ServerContext: Sendable {
    init(mock: HTTPMock, configuration: MockServerConfiguration, upstream: UpstreamClient, adminState: AdminState,
         leavesEventLoop: Bool = true, requestShutdown: @escaping @Sendable () -> Void) {
        self.mock = mock
        self.transport = .server(ObjectIdentifier(adminState))
        self.configuration = configuration
        self.upstream = upstream
        self.adminState = adminState
        self.adminToken = configuration.adminToken.flatMap { $0.isEmpty ? nil : AdminToken($0) }
        self.leavesEventLoop = leavesEventLoop
        self.requestShutdown = requestShutdown
    }

    /// Runs `work`, which may block on a file or a remote store, off the event loop; its
    /// result arrives on `loop`. A connection driven without a socket (an `EmbeddedChannel`,
    /// whose loop is the caller's thread) runs it at once instead.
    func runBlocking<Value: Sendable>(on loop: any EventLoop, _ work: @escaping @Sendable () -> Value) -> EventLoopFuture<Value> {
        leavesEventLoop ? StoreRoundTrip.run(on: loop, work) : loop.makeSucceededFuture(work())
    }

    /// How a served request's answer arrives: at once, when nothing had to leave the event loop,
    /// or later on it.
    enum Served {
        case now(ServedRequest)
        case later(EventLoopFuture<ServedRequest>)
    }

    /// Serves `request` as every handler of the server does: matched and journaled, its answer
    /// planned. A remote store's round trips are awaited in a task (``StoreRoundTrip``) and a
    /// body file is read off the event loop; the rest happens at once, on it.
    func serve(_ request: RecordedRequest, on loop: any EventLoop) -> Served {
        guard let chosen = mock.chooseLocally(request) else {
            let mock = self.mock
            return .later(StoreRoundTrip.serve(on: loop) { await mock.choose(request) }.flatMap { chosen in
                switch self.plan((chosen.event, chosen.nearMisses), storeFailure: chosen.storeFailure, on: loop) {
                case .now(let served): loop.makeSucceededFuture(served)
                case .later(let served): served
                }
            })
        }
        return plan(chosen, storeFailure: nil, on: loop)
    }

    /// The chosen answer's plan; planning that reads a body file runs off the event loop.
    private func plan(_ chosen: (event: ServeEvent, nearMisses: NearMissReport?), storeFailure: (any Error)?, on loop: any EventLoop) -> Served {
        let mock = self.mock
        let planned: @Sendable () -> ServedRequest = {
            var generator = SystemRandomNumberGenerator()
            return mock.served(chosen, storeFailure: storeFailure, using: &generator)
        }
        return chosen.event.readsBodyFile ? .later(runBlocking(on: loop, planned)) : .now(planned())
    }

    let mock: HTTPMock
    /// How this server's completions name it to the mock's serve listeners (by its admin
    /// state, which is the server's own).
    let transport: ServeTransport
    let configuration: MockServerConfiguration
    /// Asks the server to shut down (the admin API's `shutdown`).
    let requestShutdown: @Sendable () -> Void
    /// Forwards the requests proxy stubs answer.
    let upstream: UpstreamClient
    /// Admin settings and start time, kept for the server's lifetime.
    let adminState: AdminState
    /// The token `/__admin/*` requires, if any.
    let adminToken: AdminToken?
    /// Whether blocking work leaves the event loop (``runBlocking(on:_:)``).
    let leavesEventLoop: Bool
}
