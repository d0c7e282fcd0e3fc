public import Foundation
public import Understudy
public import UnderstudyClient
import UnderstudySupport
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// Typed expectations for one `APIClient` inside its
/// `APIClient.withMocking(order:isolation:_:)` scope: each call must match the next
/// expectation (or any, with ``Order/anyOrder``), by endpoint type and path, and gets the
/// answer that expectation names.
///
/// ```swift
/// try await client.withMocking { mock in
///     mock.expect(GetUser(id: 2), returning: User(id: 2, name: "Ada"))
///     mock.expect(Logout())                                   // no output to name
///     mock.expect(GetUser(id: 3), throwing: URLError(.notConnectedToInternet))
///     ...
/// }
/// ```
///
/// An expectation that throws a `URLError` fails the call with the `APIError` a real network
/// failure would (`APIError.transport(_:)`, or `APIError.cancelled`).
public final class EndpointMock: EndpointAnswering {
    /// Whether expectations are consumed in the order they were made.
    public enum Order: Sendable {
        case inOrder
        case anyOrder
    }

    /// How an expectation is consumed: by a call, a download or an event stream.
    private enum Kind: String, Sendable {
        case call = ""
        case download = "download of "
        case events = "event stream of "
    }

    /// One expectation, type-erased.
    private struct Expectation: Sendable {
        let label: String
        let kind: Kind
        let matches: @Sendable (any Endpoint) -> Bool
        /// Given the endpoint and its input, the output (or an error).
        let answer: @Sendable (any Endpoint, any Sendable) throws -> any Sendable
    }

    /// The expectations no request consumed yet, and the tasks waiting until there are none.
    private struct State: Sendable {
        var pending: [Expectation] = []
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let order: Order
    private let coders: Coders
    private let state = Locked(State())

    init(order: Order, coders: Coders) {
        self.order = order
        self.coders = coders
    }

    // MARK: Expectations

    /// Expects a call of `endpoint` (same type and path) and answers it with `output`.
    public func expect<E: Endpoint>(_ endpoint: E, returning output: E.Output) {
        add(endpoint, kind: .call) { _, _ in output }
    }

    /// Expects a call of `endpoint`, an endpoint with no output, and lets it succeed.
    public func expect<E: Endpoint>(_ endpoint: E) where E.Output == Nothing {
        expect(endpoint, returning: Nothing())
    }

    /// Expects a call of `endpoint` and fails it with `error` (a `URLError` reaches the caller
    /// as `APIError.transport(_:)`, as a real network failure would).
    public func expect<E: Endpoint>(_ endpoint: E, throwing error: any Error & Sendable) {
        add(endpoint, kind: .call) { _, _ in throw error }
    }

    /// Expects a call of `endpoint` with exactly this `input` (compared structurally as JSON;
    /// a mismatch names the first differing key path) and answers it with `output`.
    public func expect<E: Endpoint>(_ endpoint: E, receiving input: E.Input, returning output: E.Output) {
        expectInput(endpoint, input, answer: { output })
    }

    /// Expects a call of `endpoint`, an endpoint with no output, with exactly this `input`.
    public func expect<E: Endpoint>(_ endpoint: E, receiving input: E.Input) where E.Output == Nothing {
        expect(endpoint, receiving: input, returning: Nothing())
    }

    /// Expects a call of `endpoint` with exactly this `input` and fails it with `error`.
    public func expect<E: Endpoint>(_ endpoint: E, receiving input: E.Input, throwing error: any Error & Sendable) {
        expectInput(endpoint, input, answer: { throw error })
    }

    /// Expects a call of `endpoint` and lets `validate` check the input and produce the output
    /// (or throw).
    public func expect<E: Endpoint>(_ endpoint: E, validatingInput validate: @escaping @Sendable (E.Input) throws -> E.Output) {
        add(endpoint, kind: .call) { _, input in
            guard let input = input as? E.Input else { throw EndpointMockError.unexpectedEndpoint(expected: Self.label(endpoint), actual: "\(type(of: input))") }
            return try validate(input)
        }
    }

    /// Expects a call of any endpoint of type `E` whose path passes `validatingPath`, and
    /// answers it with `output`.
    public func expectEndpoint<E: Endpoint>(
        ofType type: E.Type,
        validatingPath: @escaping @Sendable (String) -> Bool,
        returning output: E.Output
    ) {
        state.withLock {
            $0.pending.append(Expectation(label: "\(E.self) (path checked by a closure)", kind: .call,
                                  matches: { ($0 as? E).map { validatingPath($0.path) } ?? false },
                                  answer: { _, _ in output }))
        }
    }

    /// Expects a download of `endpoint`; the file will hold `data`.
    public func expectDownload<E: Endpoint>(_ endpoint: E, returning data: Data) {
        add(endpoint, kind: .download) { _, _ in data }
    }

    /// Expects `endpoint` to be streamed with `APIClient.events(_:with:)`; the client receives
    /// `events`, each encoded as JSON with the client's encoder in an event's `data`, followed
    /// by the endpoint's `endMarker` when it has one. They go through the same parsing and
    /// decoding as a real stream.
    ///
    /// ```swift
    /// try await client.withMocking { mock in
    ///     mock.expectEvents(ChatCompletion(), returning: [ChatChunk(text: "Hel"), ChatChunk(text: "lo")])
    ///     let chunks = try await Array(client.events(ChatCompletion(), with: ChatRequest(prompt: "Hi")))
    /// }
    /// ```
    public func expectEvents<E: EventStreamEndpoint>(_ endpoint: E, returning events: [E.Event]) where E.Event: Encodable {
        let coders = self.coders
        add(endpoint, kind: .events) { _, _ in
            let encoded = try events.map { ServerSentEvent.data(String(decoding: try coders.encode($0), as: UTF8.self)) }
            return encoded + (endpoint.endMarker.map { [ServerSentEvent.data($0)] } ?? [])
        }
    }

    /// Expects `endpoint` to be streamed with `APIClient.events(_:with:)` and answers with
    /// these events exactly as a server would send them: their pauses honoured, their `data`
    /// as written (so the end marker, comments and undecodable data are yours to send). Use
    /// ``expectEvents(_:returning:)`` to send typed events.
    ///
    /// ```swift
    /// mock.expectEvents(ChatCompletion(), answering: [
    ///     .data(#"{"text": "Hel"}"#), .data(#"{"text": "lo"}"#, after: .milliseconds(50)), .data("[DONE]"),
    /// ])
    /// ```
    public func expectEvents<E: EventStreamEndpoint>(_ endpoint: E, answering events: [ServerSentEvent]) {
        add(endpoint, kind: .events) { _, _ in events }
    }

    private func expectInput<E: Endpoint>(_ endpoint: E, _ input: E.Input, answer: @escaping @Sendable () throws -> E.Output) {
        let coders = self.coders
        let label = Self.label(endpoint)
        add(endpoint, kind: .call) { _, actual in
            let expectedJSON = try JSONParser.parse(coders.encode(input))
            guard let actual = actual as? E.Input else {
                throw EndpointMockError.unexpectedEndpoint(expected: label, actual: "\(type(of: actual)) input")
            }
            let actualJSON = try JSONParser.parse(coders.encode(actual))
            if let difference = JSONDifference.first(expected: expectedJSON, actual: actualJSON) {
                throw EndpointMockError.inputMismatch(endpoint: label, difference: difference)
            }
            return try answer()
        }
    }

    // MARK: Checking

    /// Labels of the expectations no request consumed yet.
    public var unmetExpectations: [String] { state.withLock { $0.pending.map(\.label) } }

    /// Throws ``EndpointMockError/unmetExpectations(_:)`` when some expectation was never consumed.
    public func verifyAllExpectationsMet() throws {
        let unmet = unmetExpectations
        if !unmet.isEmpty { throw EndpointMockError.unmetExpectations(unmet) }
    }

    /// Waits until every expectation is consumed, returning as soon as a request consumes the
    /// last one; throws ``EndpointMockError/timedOut(unmet:)`` naming the expectations still
    /// unmet when `timeout` passes first, and `CancellationError` when the waiting task is
    /// cancelled.
    public func waitForAllExpectations(timeout: Duration) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.untilAllConsumed() }
            group.addTask { try await Task.sleep(for: timeout) }
            // Whichever finishes first ends the wait; the other is cancelled.
            _ = try await group.next()
            group.cancelAll()
        }
        let unmet = unmetExpectations
        if unmet.isEmpty { return }
        try Task.checkCancellation()
        throw EndpointMockError.timedOut(unmet: unmet)
    }

    /// Returns once no expectation is pending (resumed by `take(_:kind:)`), or when the
    /// task is cancelled.
    private func untilAllConsumed() async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    // A cancellation that came before registering finds no waiter to resume.
                    guard !state.pending.isEmpty, !Task.isCancelled else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    // MARK: Answering (for APIClient)

    package func answer<E: Endpoint>(_ endpoint: E, input: E.Input) async throws -> E.Output {
        let expectation = try take(endpoint, kind: .call)
        let output = try expectation.answer(endpoint, input)
        guard let typed = output as? E.Output else {
            throw EndpointMockError.unexpectedEndpoint(expected: expectation.label, actual: Self.label(endpoint))
        }
        return typed
    }

    package func answerDownload<E: Endpoint>(_ endpoint: E) async throws -> Data {
        let expectation = try take(endpoint, kind: .download)
        guard let data = try expectation.answer(endpoint, Nothing()) as? Data else {
            throw EndpointMockError.unexpectedEndpoint(expected: expectation.label, actual: Kind.download.rawValue + Self.label(endpoint))
        }
        return data
    }

    /// An expected stream is served by a mock of its own, so it is timed, parsed and decoded
    /// as a real one.
    package func stream<E: EventStreamEndpoint>(_ endpoint: E, request: URLRequest) async throws -> (StreamedBody, URLResponse) {
        let expectation = try take(endpoint, kind: .events)
        guard let events = try expectation.answer(endpoint, Nothing()) as? [ServerSentEvent] else {
            throw EndpointMockError.unexpectedEndpoint(expected: expectation.label, actual: Kind.events.rawValue + Self.label(endpoint))
        }
        let served = HTTPMock()
        served.stub(.anyRequest, .ok.eventStream(events))
        return try await served.stream(for: request)
    }

    private func take(_ endpoint: some Endpoint, kind: Kind) throws -> Expectation {
        let actual = kind.rawValue + Self.label(endpoint)
        let (expectation, waiters) = try state.withLock { (state: inout State) throws -> (Expectation, [CheckedContinuation<Void, Never>]) in
            guard !state.pending.isEmpty else { throw EndpointMockError.noExpectation(actual: actual) }
            let index: Int
            switch order {
            case .inOrder:
                guard state.pending[0].matches(endpoint), state.pending[0].kind == kind else {
                    throw EndpointMockError.unexpectedEndpoint(expected: state.pending[0].kind.rawValue + state.pending[0].label, actual: actual)
                }
                index = 0
            case .anyOrder:
                guard let found = state.pending.firstIndex(where: { $0.matches(endpoint) && $0.kind == kind }) else {
                    throw EndpointMockError.unexpectedEndpoint(expected: "one of " + state.pending.map(\.label).joined(separator: ", "), actual: actual)
                }
                index = found
            }
            let taken = state.pending.remove(at: index)
            guard state.pending.isEmpty else { return (taken, []) }
            let waiters = Array(state.waiters.values)
            state.waiters.removeAll()
            return (taken, waiters)
        }
        // Outside the lock: a resumed waiter may read the state at once.
        for waiter in waiters { waiter.resume() }
        return expectation
    }

    private func add<E: Endpoint>(_ endpoint: E, kind: Kind, answer: @escaping @Sendable (any Endpoint, any Sendable) throws -> any Sendable) {
        let path = endpoint.path
        state.withLock {
            $0.pending.append(Expectation(label: Self.label(endpoint), kind: kind,
                                  matches: { ($0 as? E)?.path == path }, answer: answer))
        }
    }

    /// `GetUser /users/2`
    static func label(_ endpoint: some Endpoint) -> String { "\(type(of: endpoint)) \(endpoint.path)" }
}
