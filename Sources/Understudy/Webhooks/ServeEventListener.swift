public import UnderstudyJSON

/// One entry of a stub's `serveEventListeners` (or of the deprecated `postServeActions`):
/// a named WireMock extension and its parameters (WireMock's
/// `extension/ServeEventListenerDefinition.java`).
///
/// Understudy runs the `webhook` listener (see ``WebhookDefinition``); listeners naming other
/// Java extensions are kept, written back unchanged and never run (`understudy lint` says so).
public struct ServeEventListener: Sendable, Hashable {
    /// The moments of serving a request a listener can run at (WireMock's
    /// `ServeEventListener.RequestPhase`). A webhook runs at ``afterComplete``.
    public enum RequestPhase: String, Sendable, Hashable, CaseIterable {
        /// Before the request is matched against the stubs.
        case beforeMatch = "BEFORE_MATCH"
        /// Once a stub has been chosen.
        case afterMatch = "AFTER_MATCH"
        /// Just before the response is written.
        case beforeResponseSent = "BEFORE_RESPONSE_SENT"
        /// After the response has been written.
        case afterComplete = "AFTER_COMPLETE"
    }

    private enum Kind: Sendable, Hashable {
        case webhook(WebhookDefinition)
        case other(name: String, parameters: JSONObject?)
    }

    /// The name WireMock registers its webhook extension under.
    public static let webhookName = "webhook"

    private let kind: Kind
    /// The phases the listener runs at; `nil` means every phase it implements.
    public var requestPhases: [RequestPhase]?

    private init(kind: Kind, requestPhases: [RequestPhase]?) {
        self.kind = kind
        self.requestPhases = requestPhases
    }

    /// A listener that sends `definition` after the response.
    public static func webhook(_ definition: WebhookDefinition, requestPhases: [RequestPhase]? = nil) -> ServeEventListener {
        ServeEventListener(kind: .webhook(definition), requestPhases: requestPhases)
    }

    /// A listener naming another WireMock extension, read from a mapping file: Understudy
    /// keeps it and never runs it. Internal, so code cannot build a `webhook` that never
    /// fires; code uses ``webhook(_:requestPhases:)``.
    static func named(_ name: String, parameters: JSONObject?, requestPhases: [RequestPhase]? = nil) -> ServeEventListener {
        ServeEventListener(kind: .other(name: name, parameters: parameters), requestPhases: requestPhases)
    }

    /// The extension's name (`webhook` for webhooks).
    public var name: String {
        switch kind {
        case .webhook: Self.webhookName
        case .other(let name, _): name
        }
    }

    /// The webhook this listener sends, when it is one.
    public var webhook: WebhookDefinition? {
        if case .webhook(let definition) = kind { return definition }
        return nil
    }

    /// The extension's parameters as WireMock JSON.
    public var parameters: JSONObject? {
        switch kind {
        case .webhook(let definition): definition.wireMockParameters
        case .other(_, let parameters): parameters
        }
    }

    /// Whether the listener runs at `phase`, as `ServeEventListenerDefinition.shouldFireFor`
    /// decides: every phase when none are listed.
    public func runs(at phase: RequestPhase) -> Bool {
        requestPhases.map { $0.contains(phase) } ?? true
    }
}
