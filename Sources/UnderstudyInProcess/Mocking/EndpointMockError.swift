/// A typed mock that saw something other than what it was told to expect.
///
/// Compare with the static members, or read ``actual``, ``expected``, ``difference`` and
/// ``unmet``. New kinds of failure may be added in later versions.
public struct EndpointMockError: Error, Sendable, CustomStringConvertible, Equatable {
    private enum Kind: Sendable, Equatable {
        case noExpectation(actual: String)
        case unexpectedEndpoint(expected: String, actual: String)
        case inputMismatch(endpoint: String, difference: String)
        case unmetExpectations([String])
        case timedOut(unmet: [String])
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// A request arrived with no expectation left.
    public static func noExpectation(actual: String) -> EndpointMockError { EndpointMockError(.noExpectation(actual: actual)) }

    /// The next expectation is for another endpoint (type or path).
    public static func unexpectedEndpoint(expected: String, actual: String) -> EndpointMockError {
        EndpointMockError(.unexpectedEndpoint(expected: expected, actual: actual))
    }

    /// The input differs from the expected one, at the first differing key path.
    public static func inputMismatch(endpoint: String, difference: String) -> EndpointMockError {
        EndpointMockError(.inputMismatch(endpoint: endpoint, difference: difference))
    }

    /// Expectations that no request consumed.
    public static func unmetExpectations(_ labels: [String]) -> EndpointMockError { EndpointMockError(.unmetExpectations(labels)) }

    /// Waiting for the expectations timed out.
    public static func timedOut(unmet labels: [String]) -> EndpointMockError { EndpointMockError(.timedOut(unmet: labels)) }

    /// The request that arrived (`GetUser /users/2`), for ``noExpectation(actual:)`` and
    /// ``unexpectedEndpoint(expected:actual:)``.
    public var actual: String? {
        switch kind {
        case .noExpectation(let actual), .unexpectedEndpoint(_, let actual): actual
        default: nil
        }
    }

    /// The expectation that was next, for ``unexpectedEndpoint(expected:actual:)``.
    public var expected: String? {
        if case .unexpectedEndpoint(let expected, _) = kind { return expected }
        return nil
    }

    /// The first difference between the expected and the actual input, for
    /// ``inputMismatch(endpoint:difference:)``.
    public var difference: String? {
        if case .inputMismatch(_, let difference) = kind { return difference }
        return nil
    }

    /// The labels of the expectations no request consumed, for ``unmetExpectations(_:)`` and
    /// ``timedOut(unmet:)``; empty otherwise.
    public var unmet: [String] {
        switch kind {
        case .unmetExpectations(let labels), .timedOut(let labels): labels
        default: []
        }
    }

    public var description: String {
        switch kind {
        case .noExpectation(let actual): "Unexpected request \(actual): no expectation left; add mock.expect(...) for it"
        case let .unexpectedEndpoint(expected, actual): "Expected a request to \(expected), got \(actual)"
        case let .inputMismatch(endpoint, difference): "\(endpoint) received a different input: \(difference)"
        case .unmetExpectations(let labels): "\(labels.count) expectation(s) never met: \(labels.joined(separator: ", "))"
        case .timedOut(let labels): "Timed out waiting for \(labels.count) expectation(s): \(labels.joined(separator: ", "))"
        }
    }
}
