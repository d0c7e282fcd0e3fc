import Foundation
import Understudy

/// Typed expectations for one ``APIClient`` (from `client.startMocking()`): each request
/// must match the next expectation (or any, with `.anyOrder`), by endpoint type and path.
///
/// ```swift
/// let mock = client.startMocking()
/// mock.expect(GetUser(id: 2), andReturn: .success(User(id: 2, name: "Ada")))
/// let user = try await client.send(GetUser(id: 2))
/// try mock.verifyAllExpectationsMet()
/// ```
public final class EndpointMock: Sendable {
    /// Whether expectations are consumed in the order they were made.
    public enum Order: Sendable {
        case inOrder
        case anyOrder
    }

    /// One expectation, type-erased.
    private struct Expectation: Sendable {
        let label: String
        let isDownload: Bool
        let matches: @Sendable (any Endpoint) -> Bool
        /// Given the endpoint and its input, the output (or an error).
        let answer: @Sendable (any Endpoint, any Sendable) throws -> any Sendable
    }

    private let order: Order
    private let coders: Coders
    private let pending = Locked<[Expectation]>([])

    init(order: Order, encoder: Coders) {
        self.order = order
        self.coders = encoder
    }

    // MARK: Expectations

    /// Expects `endpoint` (same type and path) and answers with `result`.
    public func expect<E: Endpoint>(_ endpoint: E, andReturn result: Result<E.Output, any Error>) {
        add(endpoint, isDownload: false) { _, _ in try result.get() }
    }

    /// Expects `endpoint` with exactly this `input` (compared structurally as JSON; a
    /// mismatch names the first differing key path), answering with `result`.
    public func expect<E: Endpoint>(_ endpoint: E, receiving input: E.Input, andReturn result: Result<E.Output, any Error>) where E.Input: Encodable {
        let coders = self.coders
        let label = Self.label(endpoint)
        add(endpoint, isDownload: false) { _, actual in
            let expectedJSON = try JSONParser.parse(coders.encode(input))
            let actualJSON = try JSONParser.parse(coders.encode((actual as? E.Input) ?? input))
            if let difference = JSONDifference.first(expected: expectedJSON, actual: actualJSON) {
                throw EndpointMockError.inputMismatch(endpoint: label, difference: difference)
            }
            return try result.get()
        }
    }

    /// Expects `endpoint` with exactly this `input`; answers with no output.
    public func expect<E: Endpoint>(_ endpoint: E, receiving input: E.Input) where E.Output == Nothing {
        expect(endpoint, receiving: input, andReturn: .success(Nothing()))
    }

    /// Expects `endpoint` and fails the call with `error`.
    public func expect<E: Endpoint>(_ endpoint: E, throwingError error: any Error & Sendable) {
        add(endpoint, isDownload: false) { _, _ in throw error }
    }

    /// Expects `endpoint` and lets `validate` check the input and produce the output.
    public func expect<E: Endpoint>(_ endpoint: E, validatingInput validate: @escaping @Sendable (E.Input) throws -> E.Output) {
        add(endpoint, isDownload: false) { _, input in
            guard let input = input as? E.Input else { throw EndpointMockError.unexpectedEndpoint(expected: Self.label(endpoint), actual: "\(type(of: input))") }
            return try validate(input)
        }
    }

    /// Expects any endpoint of type `E` whose path passes `validatingPath`, answering with `result`.
    public func expectEndpoint<E: Endpoint>(
        ofType type: E.Type,
        validatingPath: @escaping @Sendable (String) -> Bool,
        andReturn result: Result<E.Output, any Error>
    ) {
        pending.withLock {
            $0.append(Expectation(label: "\(E.self) (path checked by a closure)", isDownload: false,
                                  matches: { ($0 as? E).map { validatingPath($0.path) } ?? false },
                                  answer: { _, _ in try result.get() }))
        }
    }

    /// Expects a download of `endpoint`; the file will hold `data`.
    public func expectDownload<E: Endpoint>(_ endpoint: E, returning data: Data) {
        add(endpoint, isDownload: true) { _, _ in data }
    }

    // MARK: Checking

    /// Labels of the expectations no request consumed yet.
    public var unmetExpectations: [String] { pending.withLock { $0.map(\.label) } }

    /// Throws ``EndpointMockError/unmetExpectations(_:)`` when some expectation was never consumed.
    public func verifyAllExpectationsMet() throws {
        let unmet = unmetExpectations
        if !unmet.isEmpty { throw EndpointMockError.unmetExpectations(unmet) }
    }

    /// Waits until every expectation is consumed, or throws ``EndpointMockError/timedOut(unmet:)``.
    public func waitForAllExpectations(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while !unmetExpectations.isEmpty {
            guard ContinuousClock.now < deadline else { throw EndpointMockError.timedOut(unmet: unmetExpectations) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    // MARK: Answering (for APIClient)

    func answer<E: Endpoint>(_ endpoint: E, input: E.Input) async throws -> E.Output {
        let expectation = try take(endpoint, download: false)
        let output = try expectation.answer(endpoint, input)
        guard let typed = output as? E.Output else {
            throw EndpointMockError.unexpectedEndpoint(expected: expectation.label, actual: Self.label(endpoint))
        }
        return typed
    }

    func answerDownload<E: Endpoint>(_ endpoint: E) async throws -> Data {
        let expectation = try take(endpoint, download: true)
        guard let data = try expectation.answer(endpoint, Nothing()) as? Data else {
            throw EndpointMockError.unexpectedEndpoint(expected: expectation.label, actual: "download of \(Self.label(endpoint))")
        }
        return data
    }

    private func take(_ endpoint: some Endpoint, download: Bool) throws -> Expectation {
        let actual = (download ? "download of " : "") + Self.label(endpoint)
        return try pending.withLock { (pending: inout [Expectation]) throws -> Expectation in
            guard !pending.isEmpty else { throw EndpointMockError.noExpectation(actual: actual) }
            let index: Int
            switch order {
            case .inOrder:
                guard pending[0].matches(endpoint), pending[0].isDownload == download else {
                    throw EndpointMockError.unexpectedEndpoint(expected: (pending[0].isDownload ? "download of " : "") + pending[0].label, actual: actual)
                }
                index = 0
            case .anyOrder:
                guard let found = pending.firstIndex(where: { $0.matches(endpoint) && $0.isDownload == download }) else {
                    throw EndpointMockError.unexpectedEndpoint(expected: "one of " + pending.map(\.label).joined(separator: ", "), actual: actual)
                }
                index = found
            }
            return pending.remove(at: index)
        }
    }

    private func add<E: Endpoint>(_ endpoint: E, isDownload: Bool, answer: @escaping @Sendable (any Endpoint, any Sendable) throws -> any Sendable) {
        let path = endpoint.path
        pending.withLock {
            $0.append(Expectation(label: Self.label(endpoint), isDownload: isDownload,
                                  matches: { ($0 as? E)?.path == path }, answer: answer))
        }
    }

    /// `GetUser /users/2`
    static func label(_ endpoint: some Endpoint) -> String { "\(type(of: endpoint)) \(endpoint.path)" }
}
