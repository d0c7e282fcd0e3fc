public import Foundation
import NIOConcurrencyHelpers
public import NIOCore
import NIOHTTP1
public import NIOPosix
public import Understudy
public import UnderstudyRecording
import UnderstudyClient

/// A real HTTP/1.1 server on a loopback socket (and, with `UnderstudyTLS`, HTTPS with HTTP/2
/// on a second one) that answers from an `HTTPMock`: any client (URLSession, AsyncHTTPClient,
/// curl, another process) can talk to it.
///
/// Prefer the scoped form, which always shuts the server down:
/// ```swift
/// try await withMockServer(mock) { server in
///     let (data, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("users/42"))
/// }
/// ```
/// For XCTest's `setUp`/`tearDown`, call ``start()`` and ``shutdown()`` yourself.
public final class MockServer: Sendable {
    private enum State {
        case idle
        case running(listeners: [any Channel], address: Address)
        case stopped
    }

    /// Where a running server listens: plain HTTP, HTTPS, or both.
    private struct Address {
        var http: Endpoint?
        var https: Endpoint?
    }

    private struct Endpoint {
        let port: Int
        let baseURL: URL
    }

    /// The mock whose stubs answer requests.
    public let mock: HTTPMock
    /// The settings the server was created with.
    public let configuration: MockServerConfiguration
    private let group: any EventLoopGroup
    private let connections: ConnectionRegistry
    private let upstream: UpstreamClient
    /// Admin settings, the recorder and the dashboards' feed, kept for the server's lifetime.
    let adminState = AdminState()
    private let state = NIOLockedValueBox(State.idle)
    /// The ``MockServerConfiguration/requestObserver``'s place among the mock's serve
    /// listeners while the server runs.
    private let observing = NIOLockedValueBox<ServeListenerToken?>(nil)
    /// Completed when ``shutdown()`` has finished.
    private let stopped: EventLoopPromise<Void>

    /// Creates a server for `mock`; nothing is bound until ``start()``.
    /// - Parameters:
    ///   - mock: the mock that answers every request.
    ///   - configuration: the address, port, limits and admin token.
    ///   - group: the event loops to run on; the shared NIO singleton by default, so
    ///     starting many servers creates no threads.
    public init(
        mock: HTTPMock,
        configuration: MockServerConfiguration = MockServerConfiguration(),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.mock = mock
        self.configuration = configuration
        self.group = group
        self.connections = ConnectionRegistry(limit: configuration.maxConnections)
        self.upstream = UpstreamClient(group: group, timeout: configuration.proxyTimeout)
        self.stopped = group.next().makePromise(of: Void.self)
        // The WebSocket side hears of served requests from the start (an HTTP request fires
        // the message stubs it triggers, including those another instance shares).
        _ = mock.messages
    }

    deinit {
        // A server that never ran still owes its promise a result.
        stopped.succeed()
    }

    /// Waits until ``shutdown()`` has finished, whoever called it (for example the admin
    /// API's `POST /__admin/shutdown`).
    public func waitUntilShutdown() async {
        try? await stopped.futureResult.get()
    }

    /// Binds the socket (and the HTTPS socket, when configured) and starts serving. Throws
    /// ``MockServerError`` when an address cannot be bound (for example, the port is in use),
    /// the HTTPS settings cannot be used, or the server was already started.
    public func start() async throws(MockServerError) {
        let idle = state.withLockedValue { state in if case .idle = state { true } else { false } }
        guard idle else { throw .alreadyStarted }
        guard configuration.httpEnabled || configuration.secureTransport != nil else { throw .noListener }
        if mock.sharesStateRemotely {
            // The admin settings other instances of the shared store set, now and later.
            if let settings = mock.sharedSettings { adminState.adopt(settings, for: mock) }
            mock.observeSharedSettings { [adminState, weak mock] settings in
                if let mock { adminState.adopt(settings, for: mock) }
            }
        }
        let context = ServerContext(mock: mock, configuration: configuration, upstream: upstream, adminState: adminState) { [weak self] in
            Task { try? await self?.shutdown() }
        }
        var listeners: [any Channel] = []
        var address = Address()
        do throws(MockServerError) {
            if configuration.httpEnabled {
                let plain = configuration.plainTransport?.makeConnectionInitializer()
                let channel = try await bind(port: configuration.port, handlers: ConnectionHandlers(context: context, scheme: "http")) { channel, handlers in
                    if let plain { return plain(channel, handlers) }
                    return channel.eventLoop.makeCompletedFuture {
                        try ConnectionPipeline.install(on: channel, context: context)
                    }
                }
                listeners.append(channel)
                address.http = try endpoint(of: channel, scheme: "http", port: configuration.port)
            }
            if let secure = configuration.secureTransport {
                let initialize: @Sendable (any Channel, ConnectionHandlers) -> EventLoopFuture<Void>
                do {
                    initialize = try secure.makeConnectionInitializer()
                } catch {
                    throw MockServerError.cannotStartTLS(reason: "\(error)")
                }
                let channel = try await bind(port: secure.port, handlers: ConnectionHandlers(context: context, scheme: "https"), initialize)
                listeners.append(channel)
                address.https = try endpoint(of: channel, scheme: "https", port: secure.port)
            }
        } catch {
            for listener in listeners { try? await listener.close() }
            throw error
        }
        let started = state.withLockedValue { state in
            guard case .idle = state else { return false }
            state = .running(listeners: listeners, address: address)
            return true
        }
        if !started {
            for listener in listeners { try? await listener.close() }
            throw .alreadyStarted
        }
        if let observer = configuration.requestObserver {
            let token = mock.addServeListener(RequestObserverListener(observer, transport: context.transport))
            observing.withLockedValue { $0 = token }
        }
    }

    /// Listens on `port`; each connection the registry admits is set up by `initialize`.
    private func bind(port: Int, handlers: ConnectionHandlers,
                      _ initialize: @escaping @Sendable (any Channel, ConnectionHandlers) -> EventLoopFuture<Void>) async throws(MockServerError) -> any Channel {
        let connections = self.connections
        let childInitializer: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
            guard connections.admit(channel) else { return channel.close() }
            return initialize(channel, handlers)
        }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer(childInitializer)
        do {
            return try await bootstrap.bind(host: configuration.host, port: port).get()
        } catch {
            throw .cannotBind(host: configuration.host, port: port, reason: "\(error)")
        }
    }

    private func endpoint(of channel: any Channel, scheme: String, port requested: Int) throws(MockServerError) -> Endpoint {
        let port = channel.localAddress?.port ?? requested
        guard let baseURL = Self.baseURL(scheme: scheme, host: configuration.host, port: port) else {
            throw .cannotBind(host: configuration.host, port: requested,
                              reason: "\(configuration.host) cannot be the host of a URL; use an IP address such as 127.0.0.1 or ::1, or a host name")
        }
        return Endpoint(port: port, baseURL: baseURL)
    }

    /// The port the server listens on for plain HTTP (the one the system chose when the
    /// configuration asks for port 0).
    ///
    /// Throws ``MockServerError/notRunning`` before ``start()`` and after ``shutdown()``, and
    /// ``MockServerError/notListening(scheme:)`` when plain HTTP is turned off.
    public var port: Int {
        get throws(MockServerError) { try endpoint("http").port }
    }

    /// `http://127.0.0.1:<port>` (with the configured host): the base URL clients should use.
    ///
    /// Throws ``MockServerError/notRunning`` before ``start()`` and after ``shutdown()``, and
    /// ``MockServerError/notListening(scheme:)`` when plain HTTP is turned off.
    public var baseURL: URL {
        get throws(MockServerError) { try endpoint("http").baseURL }
    }

    /// The base URL clients should use: ``baseURL``, or ``httpsBaseURL`` when plain HTTP is
    /// off. It does not throw, for use inside ``withMockServer(_:configuration:group:isolation:_:)``,
    /// where the server always runs:
    /// ```swift
    /// try await withMockServer(mock) { server in
    ///     let client = APIClient(baseURL: server.url)
    /// }
    /// ```
    /// Before ``start()`` and after ``shutdown()`` no listener has an address, and it names
    /// port 0, where nothing listens: a client gets a refused connection.
    public var url: URL {
        let scheme = configuration.httpEnabled ? "http" : "https"
        if let endpoint = try? endpoint(scheme) { return endpoint.baseURL }
        return Self.baseURL(scheme: scheme, host: configuration.host, port: 0) ?? URL(fileURLWithPath: "/")
    }

    /// The port of the HTTPS listener (`UnderstudyTLS`'s `https` setting).
    ///
    /// Throws ``MockServerError/notRunning`` before ``start()`` and after ``shutdown()``, and
    /// ``MockServerError/notListening(scheme:)`` when no HTTPS is configured.
    public var httpsPort: Int {
        get throws(MockServerError) { try endpoint("https").port }
    }

    /// `https://127.0.0.1:<httpsPort>` (with the configured host): the base URL of the HTTPS
    /// listener. The generated certificate names `localhost`, `127.0.0.1` and `::1`.
    ///
    /// Throws ``MockServerError/notRunning`` before ``start()`` and after ``shutdown()``, and
    /// ``MockServerError/notListening(scheme:)`` when no HTTPS is configured.
    public var httpsBaseURL: URL {
        get throws(MockServerError) { try endpoint("https").baseURL }
    }

    /// `ws://127.0.0.1:<port>` (`wss://` on the HTTPS listener when plain HTTP is off): where
    /// clients open WebSockets, which message stubs answer (`HTTPMock.messages`). An
    /// app under test gets it from ``launchEnvironment`` with
    /// `UnderstudyEnvironment.webSocketBaseURL(default:)`.
    ///
    /// Throws ``MockServerError/notRunning`` before ``start()`` and after ``shutdown()``.
    public var webSocketBaseURL: URL {
        get throws(MockServerError) {
            UnderstudyEnvironment.webSocketBaseURL(default: try baseURLForApps, environment: try launchEnvironment)
        }
    }

    /// The base URL ``launchEnvironment`` hands on: ``baseURL``, or ``httpsBaseURL`` when plain
    /// HTTP is off.
    private var baseURLForApps: URL {
        get throws(MockServerError) { try (configuration.httpEnabled ? endpoint("http") : endpoint("https")).baseURL }
    }

    /// `["UNDERSTUDY_BASE_URL": baseURL]` (``httpsBaseURL`` when plain HTTP is off): hand it to
    /// a UI test's app (`app.launchEnvironment`) or a child process, which reads it with
    /// `UnderstudyEnvironment.baseURL(default:)`.
    ///
    /// Throws ``MockServerError/notRunning`` before ``start()`` and after ``shutdown()``.
    public var launchEnvironment: [String: String] {
        get throws(MockServerError) {
            [UnderstudyEnvironment.baseURLKey: try baseURLForApps.absoluteString]
        }
    }

    private func endpoint(_ scheme: String) throws(MockServerError) -> Endpoint {
        let address: Address? = state.withLockedValue { state in
            guard case .running(_, let address) = state else { return nil }
            return address
        }
        guard let address else { throw .notRunning }
        guard let endpoint = scheme == "https" ? address.https : address.http else { throw .notListening(scheme: scheme) }
        return endpoint
    }

    private static func baseURL(scheme: String, host: String, port: Int) -> URL? {
        let host = host.contains(":") ? "[\(host)]" : host
        return URL(string: "\(scheme)://\(host):\(port)")
    }

    /// The recorder behind the admin API's `/__admin/recordings/*`: start, stop or snapshot
    /// recordings from Swift with the same state the admin API sees.
    public var recorder: Recorder { adminState.recorder(for: mock) }

    /// The number of open client connections.
    public var connectionCount: Int { connections.count }

    /// Stops accepting, lets in-flight responses finish (up to the grace period), then closes
    /// every connection. Safe to call more than once: a later call returns once the first
    /// has finished. On a server that never started it only marks the server stopped.
    public func shutdown() async throws {
        let previous: State = state.withLockedValue { state in
            defer { state = .stopped }
            return state
        }
        let listeners: [any Channel]
        switch previous {
        case .idle:
            stopped.succeed()
            return
        case .stopped:
            // Another call is shutting the server down, or has: wait for it to finish.
            await waitUntilShutdown()
            return
        case .running(let running, _):
            listeners = running
        }
        defer { stopped.succeed() }
        for listener in listeners { try? await listener.close() }
        // No connection is admitted from here on, so `open` is every connection to wait for.
        let open = connections.stopAdmitting()
        for connection in open {
            connection.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
        // Dashboards' feeds never end by themselves: they end now, with no grace period to wait.
        adminState.dashboardFeed.finishAll()
        // A quiesced connection closes itself once its response is written; whatever is still
        // open when the grace period ends is closed by this task.
        let loop = group.next()
        let forceClose = loop.scheduleTask(in: TimeAmount(configuration.shutdownGracePeriod)) {
            for connection in open { connection.close(promise: nil) }
        }
        try? await EventLoopFuture.andAllComplete(open.map(\.closeFuture), on: loop).get()
        forceClose.cancel()
        if let token = observing.withLockedValue({ $0 }) { mock.removeServeListener(token) }
        await upstream.shutdown()
    }
}

/// Runs `body` with a started server for `mock` and always shuts it down, on success and on
/// error. Inside `body` the server runs, so ``MockServer/url`` gives its address without `try`.
@discardableResult
///
/// `group` is the event loops the server runs on, the shared NIO singleton by default (see
/// ``MockServer/init(mock:configuration:group:)``).
public func withMockServer<Result>(
    _ mock: HTTPMock,
    configuration: MockServerConfiguration = MockServerConfiguration(),
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (MockServer) async throws -> sending Result
) async throws -> sending Result {
    let server = MockServer(mock: mock, configuration: configuration, group: group)
    try await server.start()
    do {
        let result = try await body(server)
        try await server.shutdown()
        return result
    } catch {
        try? await server.shutdown()
        throw error
    }
}
