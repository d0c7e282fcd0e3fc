/// A typed mock that saw something other than what it was told to expect.
public enum EndpointMockError: Error, Sendable, CustomStringConvertible, Equatable {
    /// A request arrived with no expectation left.
    case noExpectation(actual: String)
    /// The next expectation is for another endpoint (type or path).
    case unexpectedEndpoint(expected: String, actual: String)
    /// The input differs from the expected one, at the first differing key path.
    case inputMismatch(endpoint: String, difference: String)
    /// Expectations that no request consumed.
    case unmetExpectations([String])
    /// Waiting for the expectations timed out.
    case timedOut(unmet: [String])

    public var description: String {
        switch self {
        case .noExpectation(let actual): "Unexpected request \(actual): no expectation left; add mock.expect(...) for it"
        case let .unexpectedEndpoint(expected, actual): "Expected a request to \(expected), got \(actual)"
        case let .inputMismatch(endpoint, difference): "\(endpoint) received a different input: \(difference)"
        case .unmetExpectations(let labels): "\(labels.count) expectation(s) never met: \(labels.joined(separator: ", "))"
        case .timedOut(let labels): "Timed out waiting for \(labels.count) expectation(s): \(labels.joined(separator: ", "))"
        }
    }
}
