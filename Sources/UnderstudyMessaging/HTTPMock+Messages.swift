public import Understudy
import UnderstudyJSON

extension HTTPMock {
    /// The WebSocket side: message stubs, the sockets the server holds open, the message
    /// journal (WireMock 4's message stubs). Served by the loopback server; a mock and its
    /// namespaced handles share one.
    ///
    /// It hangs on the core's seams: it is the mock's feature state, made on first use, and it
    /// hears of every served request through the serve listeners (an HTTP request fires the
    /// message stubs it triggers). With a store that shares message stubs (PostgreSQL), it
    /// keeps them there.
    public var messages: MessageHub {
        extensionValue(MessageHub.self) { mock in
            let hub = MessageHub(templater: mock.responseTemplater, root: mock.configuration.root,
                                 journalCapacity: mock.configuration.journalCapacity,
                                 transformers: mock.configuration.messageActionTransformers,
                                 sharing: mock.stateStore as? any MessageStubSharing)
            mock.addServeListener(hub)
            return hub
        }
    }

    /// Serves a WebSocket upgrade request when the stub it matches accepts WebSockets
    /// (``Understudy/ResponseDefinition/acceptsWebSocket``), as any request is served (a remote
    /// store's round trips awaited); `nil`, touching nothing, when it does not.
    package func serveWebSocketUpgrade(_ request: RecordedRequest) async -> ServeEvent? {
        await serve(request, ifItsStub: Self.acceptsWebSockets)
    }

    /// ``serveWebSocketUpgrade(_:)`` on the in-memory store, synchronously (`nil` for a remote one).
    package func serveWebSocketUpgradeLocally(_ request: RecordedRequest) -> ServeEvent? {
        serveLocally(request, ifItsStub: Self.acceptsWebSockets)
    }

    private static let acceptsWebSockets: @Sendable (StubMapping) -> Bool = { $0.response.definition?.acceptsWebSocket == true }
}

extension HTTPMock.Configuration {
    /// The default settings with message actions rewritten by `messageActionTransformers`
    /// (set ``messageActionTransformers`` on a configuration to combine them with others).
    public init(messageActionTransformers: [MessageActionTransformer]) {
        self.init()
        self.messageActionTransformers = messageActionTransformers
    }

    /// Rewrite message stubs' actions before they run, in this order (WireMock 4's
    /// `MessageActionTransformer` extensions); see ``MessageActionTransformer``.
    public var messageActionTransformers: [MessageActionTransformer] {
        get { extensionSettings[[MessageActionTransformer].self] ?? [] }
        set { extensionSettings[[MessageActionTransformer].self] = newValue }
    }
}

/// WireMock 4's `acceptWebSocket` on the core's answer seam: a response that accepts WebSocket
/// upgrades. It changes nothing in the answer's plan; the loopback server reads it when an
/// upgrade request matches the stub.
struct WebSocketAcceptance: AnswerExtension {
    static let wireMockKey = "acceptWebSocket"
    /// WireMock 4 reads it.
    static let isUnderstudyExtension = false

    init() {}

    init(wireMock reader: JSONReader) throws {
        _ = try reader.bool()
    }

    /// `"acceptWebSocket": false` is no acceptance, as its absence is.
    static func decoding(_ reader: JSONReader) throws -> WebSocketAcceptance? {
        try reader.bool() ? WebSocketAcceptance() : nil
    }

    var wireMockJSON: JSONValue { true }

    func plan<G: RandomNumberGenerator>(_ response: ResponseDefinition, for request: RecordedRequest, sequence: Int,
                                        using generator: inout G,
                                        next: (ResponseDefinition, inout G) throws -> ResponsePlan) throws -> ResponsePlan {
        try next(response, &generator)
    }
}

extension ResponseDefinition {
    /// Whether a WebSocket upgrade request this stub matches is accepted (WireMock 4's
    /// `acceptWebSocket`): the loopback server answers `101 Switching Protocols` with the
    /// response's headers and opens the socket, whose messages ``MessageHub``'s stubs answer.
    /// Ignored for requests that ask for no upgrade, and by the in-process transports.
    public var acceptsWebSocket: Bool {
        get { answerExtension(WebSocketAcceptance.self) != nil }
        set { setAnswerExtension(newValue ? WebSocketAcceptance() : nil) }
    }

    /// Accepts WebSocket upgrades (see ``acceptsWebSocket``): `.ok.acceptingWebSocket()`.
    public func acceptingWebSocket() -> ResponseDefinition {
        answerExtension(WebSocketAcceptance())
    }
}

extension MappingExtensions {
    /// WebSockets: `acceptWebSocket` in a mapping's response, and `message-mappings/` read
    /// with a root folder (WireMock 4).
    public static let messaging = MappingExtensions(answers: [WebSocketAcceptance.self], rootParts: [MessageMappingsPart.self])
}
