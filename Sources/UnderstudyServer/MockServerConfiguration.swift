import Understudy

/// Settings of a ``MockServer``. The defaults are safe for tests: loopback only, an
/// ephemeral port, bounded bodies and connections.
public struct MockServerConfiguration: Sendable {
    /// The address to bind; `127.0.0.1` unless told otherwise.
    public var host: String
    /// The port to bind; 0 picks a free one (read it back from ``MockServer/port``).
    public var port: Int
    /// The largest request body accepted; larger bodies get `413 Payload Too Large`.
    public var maxRequestBodyBytes: Int
    /// How long a connection may take to send a complete request head, and how long an
    /// idle keep-alive connection is kept, before it is closed.
    public var headerReadTimeout: Duration
    /// How long a request's whole body may take to arrive once its head is in; a client that
    /// stalls or trickles longer gets `408 Request Timeout` and the connection is closed, so
    /// slow clients cannot hold connections and buffers forever.
    public var requestBodyTimeout: Duration
    /// Called once each request a stub (or the near-miss 404) answered through this server has
    /// been answered, with its journal entry and the time from its complete head to its
    /// response's end; admin requests, and requests the mock serves in process, are not
    /// reported. It runs on the connection's event loop, so it must return at once: hand the
    /// work elsewhere (`understudy serve` queues a log line). The server hears of them as one
    /// of the mock's serve listeners while it runs.
    public var requestObserver: (@Sendable (ServeEvent, Duration) -> Void)?
    /// The most connections open at once; further connections are closed on accept.
    public var maxConnections: Int
    /// How long ``MockServer/shutdown()`` waits for in-flight responses before closing them.
    public var shutdownGracePeriod: Duration
    /// Whether `/__admin` serves WireMock's admin API.
    public var adminEnabled: Bool
    /// How long a proxy stub waits for upstream's whole answer before the client gets a 504.
    public var proxyTimeout: Duration
    /// Whether proxied requests carry the client's `Host` header upstream instead of the
    /// upstream URL's (WireMock's `--preserve-host-header`), for backends that route by name.
    public var proxyPreservesHostHeader = false
    /// Whether stub responses allow cross-origin requests, as WireMock's `--enable-stub-cors`:
    /// preflights are answered before the stubs (any origin, any header, `OPTIONS, GET, POST,
    /// PUT, PATCH, DELETE`), and answers to requests with an `Origin` allow it, with
    /// credentials. For a web app under test served from another origin.
    public var stubCORS = false
    /// When set, `/__admin/*` answers 401 unless the request carries
    /// `Authorization: Bearer <adminToken>`; stubs are served either way.
    public var adminToken: String?
    /// Endpoints added to the admin API (tried before WireMock's own).
    public var adminExtensions: [AdminExtension] = []
    /// The largest WebSocket message accepted, after joining its fragments (WireMock 4's
    /// 10 MiB); a bigger one closes the socket with 1009 (message too big).
    public var webSocketMaxMessageBytes: Int = 10 * 1024 * 1024
    /// How long a WebSocket may stay silent both ways before the server closes it (1001),
    /// WireMock 4's 300 s.
    public var webSocketIdleTimeout: Duration = .seconds(300)
    /// Whether the plain-HTTP listener on ``port`` runs. Turn it off to serve HTTPS only
    /// (`UnderstudyTLS`'s `https` setting); a server with neither listener refuses to start.
    public var httpEnabled: Bool = true
    /// The second listener, set through `UnderstudyTLS`'s `https` setting; `nil` serves
    /// plain HTTP only.
    package var secureTransport: (any SecureTransport)?
    /// What sets up plain-HTTP connections instead of the HTTP/1.1 handlers alone, set through
    /// `UnderstudyTLS`'s `http2PriorKnowledge`; `nil` serves HTTP/1.1 only.
    package var plainTransport: (any PlainTransport)?
    /// Features that serve some HTTP/2 streams themselves (gRPC), offered each stream's request
    /// head in order; set through the feature's own setting (`UnderstudyGRPC`'s `serveGRPC(for:)`).
    package var streamTakeovers: [StreamTakeover] = []

    /// Creates a configuration; every argument has a safe default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        maxRequestBodyBytes: Int = 16 * 1024 * 1024,
        headerReadTimeout: Duration = .seconds(30),
        maxConnections: Int = 1_024,
        shutdownGracePeriod: Duration = .seconds(5),
        adminEnabled: Bool = true,
        proxyTimeout: Duration = .seconds(30),
        adminToken: String? = nil,
        requestBodyTimeout: Duration = .seconds(30),
        requestObserver: (@Sendable (ServeEvent, Duration) -> Void)? = nil
    ) {
        self.host = host
        self.port = port
        self.maxRequestBodyBytes = maxRequestBodyBytes
        self.headerReadTimeout = headerReadTimeout
        self.maxConnections = maxConnections
        self.shutdownGracePeriod = shutdownGracePeriod
        self.adminEnabled = adminEnabled
        self.proxyTimeout = proxyTimeout
        self.adminToken = adminToken
        self.requestBodyTimeout = requestBodyTimeout
        self.requestObserver = requestObserver
    }
}

extension MockServerConfiguration {
    /// The added admin endpoint for a request under `/__admin`, if one fits.
    func adminExtension(for request: RecordedRequest) -> AdminExtension? {
        adminExtensions.first { $0.method == request.method && AdminAPI.prefix + $0.path == request.path }
    }
}
