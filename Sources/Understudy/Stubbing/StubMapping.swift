public import Foundation
public import UnderstudyJSON
import UnderstudySupport

/// A stub: "when a request looks like `request`, answer with `response`" (WireMock's
/// stub mapping). A stub built in Swift and one decoded from WireMock JSON are the same value.
public struct StubMapping: Sendable, Identifiable {
    /// The default priority (WireMock's): 1 is the highest, larger numbers lose.
    public static let defaultPriority = 5

    /// The stub's id (WireMock writes it as both `id` and `uuid`).
    public var id: UUID
    /// An optional human name, shown in near-miss reports.
    public var name: String?
    /// The priority; `nil` means ``defaultPriority``.
    public var priority: Int?
    /// What a request must look like.
    public var request: RequestPattern
    /// How to answer.
    public var response: StubResponse
    /// The scenario this stub belongs to.
    public var scenarioName: String?
    /// The state the scenario must be in for this stub to match; `nil` means any state.
    public var requiredScenarioState: String?
    /// The state the scenario moves to after this stub answers.
    public var newScenarioState: String?
    /// Free-form metadata (WireMock's `metadata`), searchable through the admin API.
    public var metadata: JSONObject?
    /// The namespace the stub belongs to (see ``Namespace``): it answers only requests naming
    /// it. `nil` (the default) makes it global: every request sees it.
    public var namespace: String?
    /// Whether the stub is saved to the mappings folder (WireMock's `persistent`).
    public var persistent: Bool?
    /// What runs after the stub has answered (WireMock's `serveEventListeners`): webhooks
    /// (see ``withWebhook(_:)``), and listeners naming other WireMock extensions, which are
    /// kept but never run.
    public var serveEventListeners: [ServeEventListener]
    /// WireMock's deprecated `postServeActions`: listeners without request phases, run
    /// before ``serveEventListeners``.
    public var postServeActions: [ServeEventListener]

    /// Creates a stub.
    public init(
        id: UUID = .random(),
        name: String? = nil,
        priority: Int? = nil,
        request: RequestPattern,
        response: StubResponse,
        scenarioName: String? = nil,
        requiredScenarioState: String? = nil,
        newScenarioState: String? = nil,
        metadata: JSONObject? = nil,
        persistent: Bool? = nil,
        serveEventListeners: [ServeEventListener] = [],
        postServeActions: [ServeEventListener] = [],
        namespace: String? = nil
    ) {
        self.id = id
        self.name = name
        self.priority = priority
        self.request = request
        self.response = response
        self.scenarioName = scenarioName
        self.requiredScenarioState = requiredScenarioState
        self.newScenarioState = newScenarioState
        self.metadata = metadata
        self.persistent = persistent
        self.serveEventListeners = serveEventListeners
        self.postServeActions = postServeActions
        self.namespace = namespace
    }

    /// Creates a stub answering with a static response.
    public init(id: UUID = .random(), name: String? = nil, priority: Int? = nil, _ request: RequestPattern, _ response: ResponseDefinition) {
        self.init(id: id, name: name, priority: priority, request: request, response: .definition(response))
    }

    /// The priority used for ordering.
    public var effectivePriority: Int { priority ?? Self.defaultPriority }

    /// Puts the stub in a scenario: it matches only in `whenState` (any state when `nil`) and
    /// moves the scenario to `willSetState` after answering.
    public func inScenario(_ name: String, whenState: String? = nil, willSetState: String? = nil) -> StubMapping {
        var copy = self
        copy.scenarioName = name
        copy.requiredScenarioState = whenState
        copy.newScenarioState = willSetState
        return copy
    }

    /// The stub unchanged when `name` is `nil`, otherwise ``inScenario(_:whenState:willSetState:)``.
    func inScenario(_ name: String?, whenState: String?, willSetState: String?) -> StubMapping {
        guard let name else { return self }
        return inScenario(name, whenState: whenState, willSetState: willSetState)
    }

    /// A short label for reports: `"Get user" (id …)` or `id …`.
    public var label: String { identity.label }

    /// The stub's id and name.
    public var identity: StubIdentity { StubIdentity(id: id, name: name) }
}

/// How a stub answers: a static, encodable ``ResponseDefinition`` or a Swift closure.
public enum StubResponse: Sendable {
    /// A static response; encodes to WireMock JSON.
    case definition(ResponseDefinition)
    /// A response computed from the request and the 1-based number of calls this stub has
    /// answered. Not encodable to WireMock JSON.
    case dynamic(DynamicResponder)

    /// The static response, when there is one.
    public var definition: ResponseDefinition? {
        if case .definition(let definition) = self { return definition }
        return nil
    }
}

/// A closure that computes a response. Stubs holding one cannot be written as WireMock JSON.
public struct DynamicResponder: Sendable {
    /// What a responder gives for one request: a response made for it, or one prepared once
    /// and given again (served without planning it anew).
    package enum Answer: Sendable {
        case made(ResponseDefinition)
        case prepared(PreparedResponse)

        /// The response, as the journal shows it.
        package var definition: ResponseDefinition {
            switch self {
            case .made(let definition): definition
            case .prepared(let prepared): prepared.definition
            }
        }
    }

    private let body: @Sendable (RecordedRequest, Int) -> Answer
    /// The answer prepared earlier for a request like this one, found without the call count;
    /// `nil` when there is none and the responder must run.
    private let preparedProbe: (@Sendable (RecordedRequest) -> PreparedResponse?)?

    /// Wraps a closure receiving the request and the 1-based call count of the stub.
    public init(_ body: @escaping @Sendable (RecordedRequest, Int) -> ResponseDefinition) {
        self.body = { request, callCount in .made(body(request, callCount)) }
        preparedProbe = nil
    }

    /// Wraps a closure that may answer with prepared responses. `preparedAnswer`, when given,
    /// finds the response `body` would answer with prepared, without the call count (which such
    /// an answer must not depend on): the mock then journals it as it commits the call, as it
    /// does a static stub's answer, instead of running `body` after the commit.
    package init(answering body: @escaping @Sendable (RecordedRequest, Int) -> Answer,
                 preparedAnswer: (@Sendable (RecordedRequest) -> PreparedResponse?)? = nil) {
        self.body = body
        preparedProbe = preparedAnswer
    }

    /// The prepared answer to the request that needs no call count, when the responder knows one.
    package func preparedAnswer(to request: RecordedRequest) -> PreparedResponse? { preparedProbe?(request) }

    /// Computes the response.
    public func respond(to request: RecordedRequest, callCount: Int) -> ResponseDefinition { body(request, callCount).definition }

    /// Computes the answer, prepared or made.
    package func answer(to request: RecordedRequest, callCount: Int) -> Answer { body(request, callCount) }
}
