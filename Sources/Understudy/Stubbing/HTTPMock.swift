public import Foundation
import UnderstudySupport

/// The heart of Understudy: one mock owns its stubs, scenarios and request journal, and
/// every transport (direct, URLSession, loopback server) serves requests through it.
///
/// Mocks share nothing, so tests running in parallel each make their own:
/// ```swift
/// let mock = HTTPMock()
/// mock.stub(.get(urlPath: "/users/42"), .ok.json(["id": 42, "name": "Ada"]))
/// let event = mock.serve(RecordedRequest(method: .get, url: "/users/42"))
/// try mock.verify(.exactly(1), .get(urlPath: "/users/42"))
/// ```
/// The journal (`serveEvents`, `requests(matching:)`), verification (`verify`), near misses
/// and scenarios are extensions in their own folders. All methods are safe to call from any
/// thread or task.
public final class HTTPMock: Sendable {
    /// What the mock keeps beside its store: how it answers what no stub matched, and the
    /// delays and network every answer gets.
    struct Settings: Sendable {
        /// Answers unmatched requests instead of the near-miss 404, when set.
        var unmatchedResponder: (@Sendable (RecordedRequest) -> ResponseDefinition)?
        var globalDelays = GlobalDelays()
        /// The answer kinds every answer gets unless its response carries its own of that kind
        /// (a mock-wide network profile), as ``AnyAnswerExtension/effective(_:defaults:)`` orders them.
        var answerDefaults: [AnyAnswerExtension] = []
    }

    /// The settings this mock was created with.
    public let configuration: Configuration
    /// The namespace this handle works in (see ``namespaced(_:)``), or `nil` for the whole mock.
    public let namespace: String?
    /// The stubs, scenario states, call counts and journal (shared by the mock's namespaced
    /// handles).
    let store: any MockStateStore
    let settings: Locked<Settings>
    let templater: ResponseTemplater
    /// What features outside the core keep for this mock, and its serve listeners.
    let extensions: MockExtensionState
    /// Ids for requests recorded by in-process transports: unique within the journal, from a
    /// generator seeded once, as the server seeds one per connection.
    private let requestIDs: Locked<SplitMix64>

    /// Creates an empty mock.
    public convenience init(configuration: Configuration = Configuration()) {
        self.init(configuration: configuration, store: InMemoryStateStore(journalCapacity: configuration.journalCapacity))
    }

    /// Creates a mock whose stubs, scenario states, call counts and journal live in `store`
    /// (which should be empty, or hold what this mock left there).
    package init(configuration: Configuration, store: any MockStateStore) {
        self.configuration = configuration
        self.namespace = nil
        self.store = store
        self.local = store as? InMemoryStateStore
        self.settings = Locked(Settings(globalDelays: configuration.globalDelays, answerDefaults: configuration.answerDefaults))
        self.templater = ResponseTemplater(seed: configuration.templateRandomSeed, escapesHTML: configuration.templateEscaping)
        self.extensions = MockExtensionState()
        var system = SystemRandomNumberGenerator()
        self.requestIDs = Locked(SplitMix64(seed: system.next()))
    }

    /// A handle on `root`'s state that works in `namespace`.
    init(scoping root: HTTPMock, to namespace: String) {
        configuration = root.configuration
        self.namespace = namespace
        store = root.store
        local = root.local
        settings = root.settings
        templater = root.templater
        extensions = root.extensions
        requestIDs = root.requestIDs
    }

    /// The store when it is the in-memory one, served synchronously (the fast path); `nil` for
    /// a remote one, served asynchronously (``respond(to:)``). Decided once, here.
    let local: InMemoryStateStore?

    /// Whether the mock's state lives in another process (a PostgreSQL store), whose round
    /// trips a server makes off its event loops.
    package var sharesStateRemotely: Bool { local == nil }

    /// A new request id (see ``RecordedRequest/id``) for a request recorded in process.
    package func makeRequestID() -> UUID { requestIDs.withLock { UUID.version4(using: &$0) } }

    // MARK: Stubbing

    /// Adds a stub answering `request` with `response`; returns the stored mapping.
    ///
    /// With `scenario`, the stub belongs to that scenario (WireMock's `scenarioName`): it
    /// matches only while the scenario is in `whenState` (in any state when `nil`) and, after
    /// answering, moves the scenario to `willSetState` (leaves it when `nil`). Every scenario
    /// starts in ``Scenario/started``.
    /// ```swift
    /// mock.stub(.get(urlPath: "/cart"), .ok.json([]), scenario: "checkout", whenState: Scenario.started)
    /// mock.stub(.post(urlPath: "/cart"), .created, scenario: "checkout", willSetState: "filled")
    /// mock.stub(.get(urlPath: "/cart"), .ok.json(["book"]), scenario: "checkout", whenState: "filled")
    /// ```
    @discardableResult
    public func stub(
        _ request: RequestPattern,
        _ response: ResponseDefinition,
        name: String? = nil,
        priority: Int? = nil,
        scenario: String? = nil,
        whenState: String? = nil,
        willSetState: String? = nil
    ) -> StubMapping {
        stub(StubMapping(name: name, priority: priority, request, response)
            .inScenario(scenario, whenState: whenState, willSetState: willSetState))
    }

    /// Adds a stub whose response a closure computes from the request and the 1-based call
    /// count of this stub. Such stubs cannot be written as WireMock JSON. `scenario`,
    /// `whenState` and `willSetState` work as in ``stub(_:_:name:priority:scenario:whenState:willSetState:)``.
    @discardableResult
    public func stub(
        _ request: RequestPattern,
        name: String? = nil,
        priority: Int? = nil,
        scenario: String? = nil,
        whenState: String? = nil,
        willSetState: String? = nil,
        respond: @escaping @Sendable (_ request: RecordedRequest, _ callCount: Int) -> ResponseDefinition
    ) -> StubMapping {
        stub(StubMapping(name: name, priority: priority, request: request, response: .dynamic(DynamicResponder(respond)))
            .inScenario(scenario, whenState: whenState, willSetState: willSetState))
    }

    /// Adds a stub, or replaces the stub with the same id.
    @discardableResult
    public func stub(_ mapping: StubMapping) -> StubMapping {
        let mapping = inScope(mapping)
        store.add([StubRegistry.PreparedStub(mapping)])
        return mapping
    }

    /// Adds several stubs at once; a concurrent request sees all of them or none.
    public func stub(_ mappings: [StubMapping]) {
        store.add(StubRegistry.PreparedStub.prepare(namespace == nil ? mappings : mappings.map(inScope)))
    }

    /// Replaces the stub with the same id, keeping its place among stubs of equal priority.
    public func editStub(_ mapping: StubMapping) throws(StubNotFoundError) {
        try store.replace(inScope(mapping), ifEditable: sees)
    }

    /// Removes the stub with the id; returns it when it existed. A namespaced handle removes
    /// only its namespace's stubs.
    @discardableResult
    public func removeStub(id: UUID) -> StubMapping? {
        store.removeStubs { $0.id == id && sees($0) }.first
    }

    /// Removes every stub (and with them every scenario); a namespaced handle removes its
    /// namespace's stubs and scenario states only.
    public func removeAllStubs() {
        store.removeStubs(where: sees)
        if let namespace { store.changeScenarios(in: namespace) { $0 = ScenarioStates() } }
    }

    /// Every stub, in the order they are tried: priority 1 first, newest first among equals.
    /// A namespaced handle lists its namespace's stubs only.
    public var stubMappings: [StubMapping] {
        let mappings = store.registry.mappings
        return namespace == nil ? mappings : mappings.filter { $0.namespace == namespace }
    }

    /// Stubs that have not answered any request yet, in matching order (in a namespaced
    /// handle: its namespace's stubs that none of its requests matched).
    public var unusedStubs: [StubMapping] {
        store.registry.mappings.filter { sees($0) && store.callCount(of: $0.id, in: namespace) == 0 }
    }

    /// The stub's position in insertion order (stable across edits), or `nil` when unknown.
    package func insertionOrder(ofStub id: UUID) -> Int? { store.registry.sequence(of: id) }

    /// Sets the responder for unmatched requests (see `onUnmatched`).
    package func setUnmatchedResponder(_ responder: (@Sendable (RecordedRequest) -> ResponseDefinition)?) {
        settings.withLock { $0.unmatchedResponder = responder }
    }

    /// How many requests the stub with the id has answered (in a namespaced handle: how many
    /// of its namespace's requests).
    public func callCount(ofStub id: UUID) -> Int { store.callCount(of: id, in: namespace) }

    /// The stub with the id.
    public func stubMapping(id: UUID) -> StubMapping? { store.registry.mapping(id: id) }

    /// Delays added to every response that sets none of its own (WireMock's global
    /// `fixedDelay` and `delayDistribution`); every transport waits them.
    public var globalDelays: GlobalDelays {
        get { settings.withLock { $0.globalDelays } }
        set { settings.withLock { $0.globalDelays = newValue } }
    }

    /// The mock-wide value of the answer kind `kind` (every answer whose response carries none
    /// of that kind gets it), if any.
    package func answerDefault<Kind: AnswerExtension>(_ kind: Kind.Type) -> Kind? {
        settings.withLock { settings in settings.answerDefaults.lazy.compactMap { $0.value as? Kind }.first }
    }

    /// Sets (or with `nil`, removes) the mock-wide value of the answer kind `kind`.
    package func setAnswerDefault<Kind: AnswerExtension>(_ value: Kind?, of kind: Kind.Type = Kind.self) {
        settings.withLock { settings in
            settings.answerDefaults.removeAll { $0.key == Kind.wireMockKey }
            if let value { settings.answerDefaults.append(AnyAnswerExtension(value)) }
        }
    }

    /// Removes every stub, journal entry and scenario state; the global delays and the
    /// network profile stay, as
    /// WireMock's `POST /__admin/reset` keeps its global settings (`core/WireMockApp.java`),
    /// and tasks in ``waitForRequests(matching:count:timeout:)`` keep waiting.
    public func reset() {
        if let namespace { return reset(namespace: namespace) }
        store.resetAll()
    }

    // MARK: Serving

    /// Finds the stub for a request, records the request in the journal, moves scenarios on,
    /// and returns what to answer. Unmatched requests get a 404 whose body is the near-miss report.
    ///
    /// A mock whose state lives in another process (`HTTPMock(sharing:)` of UnderstudyPostgres) serves
    /// only asynchronously, through a transport: here it answers 503, saying so, and journals nothing.
    public func serve(_ request: RecordedRequest) -> ServeEvent {
        chooseLocally(request)?.event ?? ServeEvent(request: request, stub: nil, response: Self.servedAsynchronously)
    }

    /// Serves `request` as ``serve(_:)`` does when the stub it matches satisfies `accepts` (a
    /// WebSocket upgrade), matching once; `nil`, touching nothing, when no stub matches, it
    /// does not accept, or a remote store fails (the request is then served as any other).
    package func serve(_ request: RecordedRequest, ifItsStub accepts: @escaping @Sendable (StubMapping) -> Bool) async -> ServeEvent? {
        if needsScoping(request) { return await serve(inScope(request), ifItsStub: accepts) }
        if let local { return serveLocally(request, on: local, ifItsStub: accepts) }
        do {
            let matched = try await matchRemotely(request, accepting: accepts)
            if case .refused = matched.choice { return nil }
            let event = try await answerRemotely(request, as: matched).event
            notifyServeListeners(event)
            return event
        } catch { return nil }
    }

    /// ``serve(_:ifItsStub:)`` on the in-memory store, synchronously; `nil` for a remote store.
    package func serveLocally(_ request: RecordedRequest, ifItsStub accepts: @escaping (StubMapping) -> Bool) -> ServeEvent? {
        if needsScoping(request) { return serveLocally(inScope(request), ifItsStub: accepts) }
        guard let local else { return nil }
        return serveLocally(request, on: local, ifItsStub: accepts)
    }

    private func serveLocally(_ request: RecordedRequest, on local: InMemoryStateStore, ifItsStub accepts: @escaping (StubMapping) -> Bool) -> ServeEvent? {
        let choice = match(request, on: local, accepting: accepts)
        if case .refused = choice { return nil }
        let event = answer(request, as: choice, on: local).event
        notifyServeListeners(event)
        return event
    }

    /// Serves a request for a transport on the mock's store, whichever it is: the journal's entry, the plan, and
    /// the near-miss report of an unanswered request. What a remote store fails answers 503, saying so (not
    /// journaled). An answer the plan does not end (a stream, a proxy) is finished with ``finish(_:with:)``.
    package func respond(to request: RecordedRequest) async -> ServedRequest {
        var generator = SystemRandomNumberGenerator()
        let chosen = await choose(request)
        return served((chosen.event, chosen.nearMisses), storeFailure: chosen.storeFailure, using: &generator)
    }

    /// ``respond(to:)`` in two steps, for a transport that must not read a file where it awaits the store:
    /// the request matched and journaled, then ``served(_:storeFailure:using:)`` plans its answer, anywhere.
    package func choose(_ request: RecordedRequest) async -> (event: ServeEvent, nearMisses: NearMissReport?, storeFailure: (any Error)?) {
        if needsScoping(request) { return await choose(inScope(request)) }
        if let chosen = chooseLocally(request) { return (chosen.event, chosen.nearMisses, nil) }
        let (chosen, failure): ((event: ServeEvent, nearMisses: NearMissReport?), (any Error)?)
        do { (chosen, failure) = (try await answerRemotely(request, as: matchRemotely(request, accepting: nil)), nil) } catch {
            (chosen, failure) = ((ServeEvent(request: request, stub: nil, response: Self.storeUnavailable(error)), nil), error)
        }
        notifyServeListeners(chosen.event)
        return (chosen.event, chosen.nearMisses, failure)
    }

    /// ``respond(to:)`` on the in-memory store, synchronously (a remote one's mock answers 503).
    package func respond(to request: RecordedRequest, using generator: inout some RandomNumberGenerator) -> ServedRequest {
        served(chooseLocally(request) ?? (ServeEvent(request: request, stub: nil, response: Self.servedAsynchronously), nil), using: &generator)
    }

    /// ``respond(to:using:)`` in two steps, for a transport that must not read a file where it runs: the request
    /// matched and journaled in memory (`nil` for a remote store), then ``served(_:storeFailure:using:)`` plans its answer, anywhere.
    package func chooseLocally(_ request: RecordedRequest) -> (event: ServeEvent, nearMisses: NearMissReport?)? {
        if needsScoping(request) { return chooseLocally(inScope(request)) }
        guard let local else { return nil }
        let chosen = choose(request, on: local)
        notifyServeListeners(chosen.event)
        return chosen
    }

    /// The chosen answer with its plan.
    package func served(_ chosen: (event: ServeEvent, nearMisses: NearMissReport?), storeFailure: (any Error)? = nil,
                        using generator: inout some RandomNumberGenerator) -> ServedRequest {
        ServedRequest(event: chosen.event, plan: plan(for: chosen.event, using: &generator), nearMisses: chosen.nearMisses, storeFailure: storeFailure)
    }

    /// Records in the journal how a served request's answer ended (a stream's delivery, a
    /// proxied request's upstream answer), finding its entry without a scan; returns the entry
    /// as recorded.
    @discardableResult
    package func finish(_ event: ServeEvent, with outcome: ServeOutcome) -> ServeEvent {
        let finished = switch outcome {
        case .streamed(let delivery): event.delivered(delivery)
        case let .proxied(upstream, timeline): event.proxied(upstream, timeline: timeline)
        }
        store.replace(finished)
        return finished
    }

    /// The stubs and the scenario states of `namespace`, for reading (near misses, scenarios).
    func stubsAndStates(for namespace: String?) -> (registry: StubRegistry, scenarios: ScenarioStates) {
        guard let local else { return (store.registry, store.scenarioStates(in: namespace)) }
        let snapshot = local.snapshot(for: namespace)
        return (snapshot.registry, snapshot.scenarios)
    }

    /// The answer to a request a remote store's failure kept from being served.
    package static func storeUnavailable(_ failure: any Error) -> ResponseDefinition {
        ResponseDefinition(status: 503, headers: ["Content-Type": "text/plain; charset=utf-8"],
                           body: .text("Understudy could not serve this request: its state store failed. \(failure)\n"))
    }

    /// A remote store's mock's answer when asked to serve synchronously.
    static let servedAsynchronously = ResponseDefinition(status: 503, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .text("Understudy could not serve this request: this mock's state store is in another process, and its requests are served asynchronously. Send them through a transport (MockServer, the URLSession interceptor, the direct client) rather than HTTPMock.serve(_:).\n"))

    /// The served event and, when no stub and no `onUnmatched` responder answered, the report
    /// of the 404's body.
    private func choose(_ request: RecordedRequest, on local: InMemoryStateStore) -> (event: ServeEvent, nearMisses: NearMissReport?) {
        answer(request, as: match(request, on: local, accepting: nil), on: local)
    }

    /// The served event for what ``match(_:on:accepting:)`` chose, journaled.
    private func answer(_ request: RecordedRequest, as choice: Choice, on local: InMemoryStateStore) -> (event: ServeEvent, nearMisses: NearMissReport?) {
        switch answering(request, as: choice, among: local.snapshot(for: request.namespace)) {
        case .answered(let event): (event, nil)
        case let .journaling(answer, report): (local.journal(answer), report)
        }
    }

    /// What answers the choice: the event journaled already, or the answer to journal (with the
    /// near-miss report of a 404, ranked among `snapshot`'s stubs). Templates render and dynamic
    /// stubs run here, outside the store.
    func answering(_ request: RecordedRequest, as choice: Choice, among snapshot: @autoclosure () -> StoreSnapshot) -> Answering {
        let entry: StubRegistry.Entry?
        let response: ResponseDefinition
        var report: NearMissReport?
        switch choice {
        case .answered(let answered):
            return .answered(answered)
        case let .dynamic(matched, responder, callCount):
            switch responder.answer(to: request, callCount: callCount) {
            case .made(let made):
                entry = matched
                response = made
            case .prepared(let prepared):
                return .journaling(.prepared(request, entry: matched, prepared: prepared), report: nil)
            }
        case let .templated(matched, definition):
            entry = matched
            response = templater.render(definition, for: request, stub: matched.mapping, root: configuration.root)
        case .unmatched, .refused:
            entry = nil
            if let responder = settings.withLock({ $0.unmatchedResponder }) {
                response = responder(request)
            } else {
                let stubs = snapshot(), nearest = nearMisses(for: request, in: stubs.registry, scenarios: stubs.scenarios)
                report = nearest
                response = Self.notFound(nearest)
            }
        }
        return .journaling(.response(request, entry: entry, response: response), report: report)
    }

    /// What ``answering(_:as:)`` found.
    enum Answering {
        case answered(ServeEvent)
        case journaling(JournalAnswer, report: NearMissReport?)
    }

    /// How to answer a served request: delays, fault, proxying or the status, final headers
    /// and body in timed parts, and the webhooks to fire afterwards. Every transport carries
    /// this plan out and decides nothing itself.
    private func plan(for event: ServeEvent, using generator: inout some RandomNumberGenerator) -> ResponsePlan {
        let (delays, defaults) = settings.withLock { ($0.globalDelays, $0.answerDefaults) }
        var plan: ResponsePlan
        if let answer = event.staticAnswer {
            let extensions = AnyAnswerExtension.effective(answer.extensions, defaults: defaults)
            if extensions.isEmpty {
                plan = answer.plan(for: event.request.method, delays: delays, using: &generator)
            } else {
                let method = event.request.method
                plan = ResponsePlan.through(extensions, planning: event.response, to: event.request, stub: event.stubIdentity,
                                            sequence: event.journalSequence ?? 0, delays: delays, using: &generator) { _, generator in
                    answer.plan(for: method, delays: delays, using: &generator)
                }
            }
        } else {
            let (response, request, stub, root) = (event.response, event.request, event.stubIdentity, configuration.root)
            plan = ResponsePlan.through(AnyAnswerExtension.effective(response.extensions, defaults: defaults), planning: response,
                                        to: request, stub: stub, sequence: event.journalSequence ?? 0, delays: delays,
                                        using: &generator) { response, generator in
                ResponsePlan.make(for: response, to: request, stub: stub, delays: delays,
                                  bodyData: { try $0.bodyData(root: root) }, using: &generator)
            }
        }
        plan.webhooks = pendingWebhooks(for: event)
        return plan
    }

    /// The next template seed, for renderings outside a response (webhooks).
    func templateSeed() -> UInt64 { templater.nextSeed() }

    /// The body bytes of a response, reading `bodyFileName` from the configured root.
    public func bodyData(for response: ResponseDefinition) throws(BodyFileError) -> Data {
        try response.bodyData(root: configuration.root)
    }

    /// What matching decided.
    enum Choice {
        /// A static stub answered; the event is already in the journal.
        case answered(ServeEvent)
        /// A dynamic stub matched; its closure runs outside the lock, then the event is journaled.
        case dynamic(StubRegistry.Entry, DynamicResponder, callCount: Int)
        /// A templated stub matched; it renders outside the lock, then the event is journaled.
        case templated(StubRegistry.Entry, ResponseDefinition)
        /// No stub matched.
        case unmatched
        /// The stub that matched, or none, is not one the caller accepts; nothing was touched.
        case refused
    }

    /// Finds the stub that answers and moves call counts and scenarios on; a static answer is
    /// journaled in the same critical section.
    ///
    /// Matching runs outside the lock on one snapshot of the stubs and scenario states, so
    /// slow patterns never block other requests and a request never sees half of a
    /// transition. When a concurrent request moved the matched stub's scenario on before this
    /// one could commit, the request is matched again against the new states: two requests
    /// never both act on the same state, and neither gets a false miss.
    ///
    /// A request sees the global stubs and those of the namespace it names, and the scenario
    /// states of that namespace.
    ///
    /// With `accepting`, a stub it refuses (or no match) is ``Choice/refused`` before anything
    /// is committed. (``matchRemotely(_:accepting:)`` is the same steps on a remote store.)
    private func match(_ request: RecordedRequest, on local: InMemoryStateStore, accepting: ((StubMapping) -> Bool)?) -> Choice {
        let requestNamespace = request.namespace
        while true {
            let snapshot = local.snapshot(for: requestNamespace)
            guard let entry = Self.firstMatch(request, requestNamespace, snapshot.registry, snapshot.scenarios) else {
                return accepting != nil ? .refused : .unmatched
            }
            if let accepting, !accepting(entry.mapping) { return .refused }
            let step = committing(entry, request)
            guard let committed = local.commit(entry, namespace: requestNamespace, generation: snapshot.generation, journaling: step.journaling) else { continue }
            return step.choice(committed)
        }
    }

    static func firstMatch(_ request: RecordedRequest, _ namespace: String?, _ registry: StubRegistry,
                           _ scenarios: ScenarioStates) -> StubRegistry.Entry? {
        let candidates = registry.candidates(for: request)
        for entry in candidates {
            // Read through the entry rather than copying the whole stub for every candidate.
            guard entry.namespace == nil || entry.namespace == namespace, scenarios.admits(entry) else { continue }
            if entry.matches(request, given: candidates.fromIndex ? entry.indexProof : .none) { return entry }
        }
        return nil
    }

    /// How committing a match of `entry` goes, decided from what the entry worked out, without
    /// copying the stub's response.
    func committing(_ entry: StubRegistry.Entry, _ request: RecordedRequest) -> Committing {
        if let responder = entry.dynamicResponder {
            // An answer the responder prepared earlier needs no call count: it is journaled in
            // the commit, as a static answer is (one store lock rather than two).
            guard let prepared = responder.preparedAnswer(to: request) else { return .dynamic(entry, responder) }
            return .static(entry, .prepared(request, entry: entry, prepared: prepared))
        }
        if entry.listsTemplating || configuration.globalTemplating, let response = entry.mapping.response.definition {
            return .templated(entry, response)
        }
        return .static(entry, .response(request, entry: entry, response: nil))
    }

    /// How a match is committed: a static answer is journaled in it, the others made after it.
    enum Committing {
        case `static`(StubRegistry.Entry, JournalAnswer)
        case dynamic(StubRegistry.Entry, DynamicResponder)
        case templated(StubRegistry.Entry, ResponseDefinition)

        /// The answer the commit journals.
        var journaling: JournalAnswer? {
            if case .static(_, let answer) = self { answer } else { nil }
        }

        /// What was chosen (a static answer a store did not journal stays unjournaled).
        func choice(_ committed: StoreCommit) -> Choice {
            switch self {
            case let .static(_, answer): .answered(committed.event ?? answer.event(journalSequence: nil))
            case let .dynamic(entry, responder): .dynamic(entry, responder, callCount: committed.callCount)
            case let .templated(entry, response): .templated(entry, response)
            }
        }
    }

    /// The mock's answer to a request no stub matched: 404 with the near-miss report.
    package static func notFound(_ report: NearMissReport) -> ResponseDefinition {
        ResponseDefinition(status: 404, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .text(report.text))
    }
}
