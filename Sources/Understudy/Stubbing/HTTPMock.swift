import Foundation

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
/// All methods are safe to call from any thread or task.
public final class HTTPMock: Sendable {
    /// Settings fixed when the mock is created.
    public struct Configuration: Sendable {
        /// The most journal entries kept (oldest dropped first); 0 disables the journal.
        public var journalCapacity: Int
        /// How many near misses reports list.
        public var nearMissLimit: Int
        /// The folder whose `__files` serve `bodyFileName` responses, if any.
        public var root: MappingsRoot?
        /// Renders every response as a template, not only those that list `response-template`
        /// in `transformers` (WireMock's `--global-response-templating`).
        public var globalTemplating: Bool
        /// Seeds the randomness of templates (`randomValue`, `randomInt`, `pickRandom`...), so
        /// that a test sees the same values on every run; `nil` draws from the system.
        public var templateRandomSeed: UInt64?

        /// Creates settings; every one has a default.
        public init(journalCapacity: Int = 10_000, nearMissLimit: Int = 3, root: MappingsRoot? = nil,
                    globalTemplating: Bool = false, templateRandomSeed: UInt64? = nil) {
            self.journalCapacity = journalCapacity
            self.nearMissLimit = nearMissLimit
            self.root = root
            self.globalTemplating = globalTemplating
            self.templateRandomSeed = templateRandomSeed
        }
    }

    private struct State: Sendable {
        var registry = StubRegistry()
        /// Scenario states that differ from `Started`.
        var scenarioStates: [String: String] = [:]
        var journal: RequestJournal
        var callCounts: [UUID: Int] = [:]
        /// Answers unmatched requests instead of the near-miss 404, when set.
        var unmatchedResponder: (@Sendable (RecordedRequest) -> ResponseDefinition)?
    }

    /// The settings this mock was created with.
    public let configuration: Configuration
    private let state: Locked<State>
    private let templater: ResponseTemplater

    /// Creates an empty mock.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.state = Locked(State(journal: RequestJournal(capacity: configuration.journalCapacity)))
        self.templater = ResponseTemplater(seed: configuration.templateRandomSeed)
    }

    // MARK: Stubbing

    /// Adds a stub answering `request` with `response`; returns the stored mapping.
    @discardableResult
    public func stub(_ request: RequestPattern, _ response: ResponseDefinition, name: String? = nil, priority: Int? = nil) -> StubMapping {
        stub(StubMapping(name: name, priority: priority, request, response))
    }

    /// Adds a stub whose response a closure computes from the request and the 1-based call
    /// count of this stub. Such stubs cannot be written as WireMock JSON.
    @discardableResult
    public func stub(
        _ request: RequestPattern,
        name: String? = nil,
        priority: Int? = nil,
        respond: @escaping @Sendable (_ request: RecordedRequest, _ callCount: Int) -> ResponseDefinition
    ) -> StubMapping {
        stub(StubMapping(name: name, priority: priority, request: request, response: .dynamic(DynamicResponder(respond))))
    }

    /// Adds a stub, or replaces the stub with the same id.
    @discardableResult
    public func stub(_ mapping: StubMapping) -> StubMapping {
        state.withLock { $0.registry.add(mapping) }
        return mapping
    }

    /// Adds several stubs at once; a concurrent request sees all of them or none.
    public func stub(_ mappings: [StubMapping]) {
        state.withLock { state in
            for mapping in mappings { state.registry.add(mapping) }
        }
    }

    /// Replaces the stub with the same id, keeping its place among stubs of equal priority.
    public func editStub(_ mapping: StubMapping) throws(StubNotFoundError) {
        try state.withLock { (state: inout State) throws(StubNotFoundError) in
            guard state.registry.mapping(id: mapping.id) != nil else { throw StubNotFoundError(id: mapping.id) }
            state.registry.add(mapping)
        }
    }

    /// Removes the stub with the id; returns it when it existed.
    @discardableResult
    public func removeStub(id: UUID) -> StubMapping? {
        state.withLock { state in
            let removed = state.registry.remove(id: id)
            state.callCounts[id] = nil
            Self.dropOrphanedScenarios(&state)
            return removed
        }
    }

    /// Removes every stub (and with them every scenario).
    public func removeAllStubs() {
        state.withLock { state in
            state.registry.removeAll()
            state.callCounts.removeAll()
            state.scenarioStates.removeAll()
        }
    }

    /// Every stub, in the order they are tried: priority 1 first, newest first among equals.
    public var stubMappings: [StubMapping] { state.withLock { $0.registry.mappings } }

    /// Stubs that have not answered any request yet, in matching order.
    public var unusedStubs: [StubMapping] {
        state.withLock { state in state.registry.mappings.filter { state.callCounts[$0.id, default: 0] == 0 } }
    }

    /// The stub's position in insertion order (stable across edits), or `nil` when unknown.
    package func insertionOrder(ofStub id: UUID) -> Int? { state.withLock { $0.registry.sequence(of: id) } }

    /// Whether unmatched requests are answered by an `onUnmatched` responder.
    package var answersUnmatchedRequests: Bool { state.withLock { $0.unmatchedResponder != nil } }

    /// Sets the responder for unmatched requests (see `onUnmatched`).
    package func setUnmatchedResponder(_ responder: (@Sendable (RecordedRequest) -> ResponseDefinition)?) {
        state.withLock { $0.unmatchedResponder = responder }
    }

    /// How many requests the stub with the id has answered.
    public func callCount(ofStub id: UUID) -> Int { state.withLock { $0.callCounts[id, default: 0] } }

    /// The stub with the id.
    public func stubMapping(id: UUID) -> StubMapping? { state.withLock { $0.registry.mapping(id: id) } }

    /// Removes every stub, journal entry and scenario state.
    public func reset() {
        state.withLock { state in
            state = State(journal: RequestJournal(capacity: configuration.journalCapacity))
        }
    }

    // MARK: Serving

    /// Finds the stub for a request, records the request in the journal, moves scenarios on,
    /// and returns what to answer. Unmatched requests get a 404 whose body is the near-miss report.
    public func serve(_ request: RecordedRequest) -> ServeEvent {
        switch choose(request) {
        case .answered(let event):
            return event
        case let .dynamic(entry, responder, callCount):
            let event = ServeEvent(request: request, entry: entry,
                                   response: responder.respond(to: request, callCount: callCount))
            state.withLock { $0.journal.append(event) }
            return event
        case let .templated(entry, response):
            let rendered = templater.render(response, for: request, stub: entry.mapping, root: configuration.root)
            let event = ServeEvent(request: request, entry: entry, response: rendered)
            state.withLock { $0.journal.append(event) }
            return event
        case .unmatched:
            let responder = state.withLock { $0.unmatchedResponder }
            let response = responder.map { $0(request) } ?? Self.notFound(nearMisses(for: request))
            let event = ServeEvent(request: request, stub: nil, response: response)
            state.withLock { $0.journal.append(event) }
            return event
        }
    }

    /// What ``choose(_:)`` decided.
    private enum Choice {
        /// A static stub answered; the event is already in the journal.
        case answered(ServeEvent)
        /// A dynamic stub matched; its closure runs outside the lock, then the event is journaled.
        case dynamic(StubRegistry.Entry, DynamicResponder, callCount: Int)
        /// A templated stub matched; it renders outside the lock, then the event is journaled.
        case templated(StubRegistry.Entry, ResponseDefinition)
        /// No stub matched.
        case unmatched
    }

    /// Finds the stub that answers and moves call counts and scenarios on; a static answer is
    /// journaled in the same critical section.
    private func choose(_ request: RecordedRequest) -> Choice {
        enum Step {
            case decided(Choice)
            case matchOutsideLock(StubRegistry)
        }
        let step: Step = state.withLock { state in
            guard state.registry.scenarioStubCount == 0 else {
                // Scenario stubs: choose and move the state in one step so that two concurrent
                // requests cannot both act on the same state.
                guard let entry = Self.firstMatch(request, state.registry, state.scenarioStates) else { return .decided(.unmatched) }
                return .decided(self.commit(entry, request, &state))
            }
            return .matchOutsideLock(state.registry)
        }
        switch step {
        case .decided(let choice):
            return choice
        case .matchOutsideLock(let registry):
            // Match on a snapshot so slow patterns never block other requests; the snapshot is
            // a whole registry, never a half-updated one.
            guard let entry = Self.firstMatch(request, registry, [:]) else { return .unmatched }
            return state.withLock { self.commit(entry, request, &$0) }
        }
    }

    private static func firstMatch(_ request: RecordedRequest, _ registry: StubRegistry, _ scenarioStates: [String: String]) -> StubRegistry.Entry? {
        for entry in registry.candidates(for: request) {
            // Read through the entry rather than copying the whole stub for every candidate.
            if let scenario = entry.mapping.scenarioName, let required = entry.mapping.requiredScenarioState,
               (scenarioStates[scenario] ?? Scenario.started) != required {
                continue
            }
            if entry.mapping.request.matches(request) { return entry }
        }
        return nil
    }

    private func commit(_ entry: StubRegistry.Entry, _ request: RecordedRequest, _ state: inout State) -> Choice {
        if let scenario = entry.mapping.scenarioName, let newState = entry.mapping.newScenarioState {
            state.scenarioStates[scenario] = newState == Scenario.started ? nil : newState
        }
        let id = entry.mapping.id
        let count = state.callCounts[id, default: 0] + 1
        state.callCounts[id] = count
        switch entry.mapping.response {
        case .definition:
            if entry.listsTemplating || configuration.globalTemplating, let response = entry.mapping.response.definition {
                return .templated(entry, response)
            }
            let event = ServeEvent(request: request, entry: entry, response: nil)
            state.journal.append(event)
            return .answered(event)
        case .dynamic(let responder):
            return .dynamic(entry, responder, callCount: count)
        }
    }

    private static func notFound(_ report: NearMissReport) -> ResponseDefinition {
        ResponseDefinition(status: 404, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .text(report.text))
    }

    /// The body bytes of a response, reading `bodyFileName` from the configured root.
    public func bodyData(for response: ResponseDefinition) throws(BodyFileError) -> Data {
        try response.bodyData(root: configuration.root)
    }

    /// Records in the journal what upstream answered to a proxied request, so that the journal,
    /// near misses and recordings see the real response rather than the proxy stub.
    package func recordProxiedResponse(_ upstream: ResponseDefinition, for event: ServeEvent) {
        let proxied = event.proxied(upstream)
        state.withLock { $0.journal.replace(proxied) }
    }

    // MARK: Journal

    /// Every journal entry, oldest first.
    public var serveEvents: [ServeEvent] { state.withLock { $0.journal.events } }

    /// The journal entry of the request with the id.
    public func serveEvent(id: UUID) -> ServeEvent? { serveEvents.first { $0.id == id } }

    /// The journaled requests matching the pattern, oldest first.
    public func requests(matching pattern: RequestPattern = .anyRequest) -> [RecordedRequest] {
        serveEvents.map(\.request).filter(pattern.matches)
    }

    /// How many journaled requests match the pattern.
    public func count(matching pattern: RequestPattern) -> Int { requests(matching: pattern).count }

    /// Removes the journaled requests matching the pattern; returns how many were removed.
    @discardableResult
    public func removeRequests(matching pattern: RequestPattern) -> Int {
        state.withLock { $0.journal.removeAll { pattern.matches($0.request) } }
    }

    /// Removes the journal entries with the given request ids; returns the removed entries.
    @discardableResult
    public func removeServeEvents(ids: Set<UUID>) -> [ServeEvent] {
        state.withLock { state in
            let removed = state.journal.events.filter { ids.contains($0.id) }
            state.journal.removeAll { ids.contains($0.id) }
            return removed
        }
    }

    /// Requests no stub matched, oldest first.
    public var unmatchedRequests: [RecordedRequest] { serveEvents.filter { !$0.wasMatched }.map(\.request) }

    /// Empties the journal (stubs and scenarios stay).
    public func resetRequests() {
        state.withLock { _ = $0.journal.removeAll { _ in true } }
    }

    // MARK: Verification

    /// Checks how many journaled requests match the pattern; throws a ``VerificationError``
    /// listing what arrived and the nearest requests when the count is wrong.
    public func verify(_ count: CountMatchingStrategy, _ pattern: RequestPattern) throws(VerificationError) {
        if let failure = verificationFailure(count, pattern) { throw failure }
    }

    /// The error ``verify(_:_:)`` would throw, or `nil` when the verification holds.
    public func verificationFailure(_ count: CountMatchingStrategy, _ pattern: RequestPattern) -> VerificationError? {
        guard configuration.journalCapacity > 0 else {
            return VerificationError(expected: count, pattern: pattern, actualCount: 0, receivedRequests: [],
                                     nearMisses: [], journalDisabled: true)
        }
        let received = serveEvents.map(\.request)
        let actual = received.filter(pattern.matches).count
        if count.isSatisfied(by: actual) { return nil }
        return VerificationError(expected: count, pattern: pattern, actualCount: actual, receivedRequests: received,
                                 nearMisses: nearMisses(for: pattern, among: received), journalDisabled: false)
    }

    // MARK: Near misses

    /// The stubs closest to a request, nearest first, with their field-by-field comparison.
    public func nearMisses(for request: RecordedRequest) -> NearMissReport {
        let (registry, scenarioStates) = state.withLock { ($0.registry, $0.scenarioStates) }
        let ranked = registry.entries.map { entry in
            (entry, Self.graded(entry.mapping, request, scenarioStates))
        }
        let nearest = ranked.sorted { lhs, rhs in
            lhs.1.distance != rhs.1.distance ? lhs.1.distance < rhs.1.distance : lhs.0.precedes(rhs.0)
        }.prefix(configuration.nearMissLimit)
        let misses = nearest.map { entry, result in
            NearMiss(stub: entry.mapping, request: request, pattern: entry.mapping.request, result: result,
                     comparisons: entry.mapping.request.compare(request) + Self.scenarioComparison(entry.mapping, scenarioStates))
        }
        return NearMissReport(request: request, nearMisses: misses, stubCount: registry.count)
    }

    /// The journaled requests closest to a pattern, nearest first.
    public func nearMisses(for pattern: RequestPattern) -> [NearMiss] {
        nearMisses(for: pattern, among: serveEvents.map(\.request))
    }

    /// Near-miss reports for every unmatched request in the journal, oldest first.
    public func unmatchedNearMisses() -> [NearMissReport] { unmatchedRequests.map(nearMisses(for:)) }

    private func nearMisses(for pattern: RequestPattern, among requests: [RecordedRequest]) -> [NearMiss] {
        let ranked = requests.enumerated().map { ($0.offset, $0.element, pattern.match($0.element)) }
        let nearest = ranked.sorted { lhs, rhs in
            lhs.2.distance != rhs.2.distance ? lhs.2.distance < rhs.2.distance : lhs.0 < rhs.0
        }.prefix(configuration.nearMissLimit)
        return nearest.map { _, request, result in
            NearMiss(stub: nil, request: request, pattern: pattern, result: result, comparisons: pattern.compare(request))
        }
    }

    /// The request's distance from a stub, counting a wrong scenario state as one more field.
    private static func graded(_ mapping: StubMapping, _ request: RecordedRequest, _ states: [String: String]) -> MatchResult {
        let requestResult = mapping.request.match(request)
        let scenario = scenarioComparison(mapping, states)
        guard let comparison = scenario.first else { return requestResult }
        if requestResult.isExactMatch && comparison.result.isExactMatch { return .exactMatch }
        return .partialMatch(distance: requestResult.isExactMatch ? 0.01 : requestResult.distance)
    }

    private static func scenarioComparison(_ mapping: StubMapping, _ states: [String: String]) -> [FieldComparison] {
        guard let scenario = mapping.scenarioName, let required = mapping.requiredScenarioState else { return [] }
        let current = states[scenario] ?? Scenario.started
        return [FieldComparison(field: "scenario \(quoted(scenario)) state", expected: quoted(required), actual: quoted(current),
                                result: .of(current == required), weight: 1)]
    }

    // MARK: Scenarios

    /// Every scenario the stubs mention, sorted by name.
    public var scenarios: [Scenario] {
        state.withLock { state in
            var states: [String: Set<String>] = [:]
            for mapping in state.registry.mappings {
                guard let name = mapping.scenarioName else { continue }
                states[name, default: [Scenario.started]].formUnion([mapping.requiredScenarioState, mapping.newScenarioState].compactMap { $0 })
            }
            return states.keys.sorted().map { name in
                Scenario(name: name, state: state.scenarioStates[name] ?? Scenario.started, possibleStates: states[name, default: []].sorted())
            }
        }
    }

    /// Puts every scenario back in `Started`.
    public func resetScenarios() {
        state.withLock { $0.scenarioStates.removeAll() }
    }

    /// Moves a scenario to a state; throws when no stub mentions the scenario.
    public func setScenarioState(_ name: String, to newState: String) throws(UnknownScenarioError) {
        try state.withLock { (state: inout State) throws(UnknownScenarioError) in
            let names = Set(state.registry.mappings.compactMap(\.scenarioName))
            guard names.contains(name) else { throw UnknownScenarioError(name: name, knownNames: names.sorted()) }
            state.scenarioStates[name] = newState == Scenario.started ? nil : newState
        }
    }

    /// Resets one scenario to `Started`.
    public func resetScenario(_ name: String) throws(UnknownScenarioError) {
        try setScenarioState(name, to: Scenario.started)
    }

    private static func dropOrphanedScenarios(_ state: inout State) {
        guard !state.scenarioStates.isEmpty else { return }
        let names = Set(state.registry.mappings.compactMap(\.scenarioName))
        state.scenarioStates = state.scenarioStates.filter { names.contains($0.key) }
    }
}

/// No stub has the id.
public struct StubNotFoundError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The id that was looked for.
    public let id: UUID
    public var description: String {
        "no stub has id \(id.uuidString.lowercased()); list the stubs with mock.stubMappings or GET /__admin/mappings"
    }
}

/// No stub mentions the scenario.
public struct UnknownScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scenario that was asked for.
    public let name: String
    /// The scenarios that exist.
    public let knownNames: [String]
    public var description: String {
        let known = knownNames.isEmpty ? "there are no scenarios" : "known scenarios: \(knownNames.map(quoted).joined(separator: ", "))"
        return "no stub mentions scenario \(quoted(name)); \(known)"
    }
}
