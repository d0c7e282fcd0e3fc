public import Understudy

extension HTTPMock {
    /// Records a failure listing every request no stub matched, each with its near-miss report.
    public func assertNoUnmatchedRequests(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard let message = verifyNoUnmatchedRequests() else { return }
        FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records a failure unless the journal holds `count` requests matching `pattern`; the
    /// message lists what arrived and the nearest requests.
    public func assertRequested(
        _ count: CountMatchingStrategy = .atLeast(1),
        _ pattern: RequestPattern,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard let message = verifyRequested(count, pattern) else { return }
        FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records a failure listing every stub that answered no request.
    public func assertAllStubsUsed(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard let message = verifyAllStubsUsed() else { return }
        FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The message ``assertRequested(_:_:fileID:filePath:line:column:)`` would record, or `nil`.
    public func verifyRequested(_ count: CountMatchingStrategy = .atLeast(1), _ pattern: RequestPattern) -> String? {
        verificationFailure(count, pattern)?.description
    }

    /// The message ``assertNoUnmatchedRequests(fileID:filePath:line:column:)`` would record, or `nil`.
    public func verifyNoUnmatchedRequests() -> String? {
        let reports = unmatchedNearMisses()
        guard !reports.isEmpty else { return nil }
        return (["\(reports.count) request(s) matched no stub:"] + reports.map(\.text)).joined(separator: "\n")
    }

    /// The message ``assertAllStubsUsed(fileID:filePath:line:column:)`` would record, or `nil`.
    public func verifyAllStubsUsed() -> String? {
        let unused = unusedStubs
        guard !unused.isEmpty else { return nil }
        return (["\(unused.count) stub(s) answered no request:"] + unused.map { "  \($0.label): \($0.request)" }).joined(separator: "\n")
    }
}
