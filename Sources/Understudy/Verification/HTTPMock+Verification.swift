extension HTTPMock {
    /// Checks that at least one journaled request matches the pattern (WireMock's
    /// `verify(pattern)`); throws a ``VerificationError`` listing what arrived and the nearest
    /// requests when none does. Same as `verify(.atLeast(1), pattern)`.
    ///
    /// `UnderstudyTesting`'s `assertRequested(_:)` checks the same and records an issue instead.
    public func verify(_ pattern: RequestPattern) throws(VerificationError) {
        try verify(.atLeast(1), pattern)
    }

    /// Checks how many journaled requests match the pattern; throws a ``VerificationError``
    /// listing what arrived and the nearest requests when the count is wrong.
    ///
    /// ```swift
    /// try mock.verify(.get(urlPath: "/users/42"))              // at least once
    /// try mock.verify(.exactly(2), .post(urlPath: "/events"))
    /// ```
    public func verify(_ count: CountMatchingStrategy, _ pattern: RequestPattern) throws(VerificationError) {
        if let failure = verificationFailure(count, pattern) { throw failure }
    }

    /// The error ``verify(_:)`` would throw, or `nil` when at least one request matches.
    public func verificationFailure(_ pattern: RequestPattern) -> VerificationError? {
        verificationFailure(.atLeast(1), pattern)
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
                                 nearMisses: nearMissCalculator.nearest(to: pattern, among: received), journalDisabled: false)
    }
}
