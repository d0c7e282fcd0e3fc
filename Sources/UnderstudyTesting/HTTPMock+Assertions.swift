public import Understudy

/// Three pairs with one naming rule: `assert…` records an issue at the caller's line and lets
/// the test go on; `verify(_:_:)` (in `Understudy`) throws; `…FailureMessage` returns the text
/// the assertion would record, or `nil` when all is well, for building checks of your own.
extension HTTPMock {
    /// Records an issue at the caller's line (under Swift Testing or XCTest) listing every
    /// request no stub matched, each with its near-miss report.
    public func assertNoUnmatchedRequests(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard let message = unmatchedRequestsFailureMessage() else { return }
        FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records an issue at the caller's line unless at least one journaled request matches
    /// `pattern` (what ``Understudy/HTTPMock/verify(_:)`` checks); the message lists what
    /// arrived and the nearest requests.
    public func assertRequested(
        _ pattern: RequestPattern,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        assertRequested(.atLeast(1), pattern, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records an issue at the caller's line unless the journal holds `count` requests
    /// matching `pattern` (what ``Understudy/HTTPMock/verify(_:_:)`` checks); the message lists
    /// what arrived and the nearest requests.
    public func assertRequested(
        _ count: CountMatchingStrategy,
        _ pattern: RequestPattern,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard let message = requestedFailureMessage(count, pattern) else { return }
        FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records an issue at the caller's line listing every stub that answered no request.
    public func assertAllStubsUsed(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard let message = unusedStubsFailureMessage() else { return }
        FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The message ``assertRequested(_:_:fileID:filePath:line:column:)`` would record (the
    /// description of the error ``Understudy/HTTPMock/verify(_:_:)`` would throw), or `nil`.
    public func requestedFailureMessage(_ count: CountMatchingStrategy, _ pattern: RequestPattern) -> String? {
        verificationFailure(count, pattern)?.description
    }

    /// The message ``assertRequested(_:fileID:filePath:line:column:)`` would record, or `nil`.
    public func requestedFailureMessage(_ pattern: RequestPattern) -> String? {
        requestedFailureMessage(.atLeast(1), pattern)
    }

    /// The message ``assertNoUnmatchedRequests(fileID:filePath:line:column:)`` would record, or `nil`.
    public func unmatchedRequestsFailureMessage() -> String? {
        let reports = unmatchedNearMisses()
        guard !reports.isEmpty else { return nil }
        return (["\(reports.count) request(s) matched no stub:"] + reports.map(\.text)).joined(separator: "\n")
    }

    /// The message ``assertAllStubsUsed(fileID:filePath:line:column:)`` would record, or `nil`.
    public func unusedStubsFailureMessage() -> String? {
        let unused = unusedStubs
        guard !unused.isEmpty else { return nil }
        return (["\(unused.count) stub(s) answered no request:"] + unused.map { "  \($0.label): \($0.request)" }).joined(separator: "\n")
    }
}
