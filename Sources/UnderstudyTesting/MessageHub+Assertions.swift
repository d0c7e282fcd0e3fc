public import Understudy

/// The WebSocket side of the assertions (see `HTTPMock`'s): `assert…` records an issue at the
/// caller's line and lets the test go on; ``Understudy/MessageHub/verify(_:received:)`` throws.
extension MessageHub {
    /// Records an issue at the caller's line unless the journal holds `count` received
    /// messages matching `pattern`; the message lists what arrived, the nearest messages and,
    /// for each message no stub answered, the nearest stub and why it did not fire.
    public func assertReceived(
        _ count: CountMatchingStrategy = .atLeast(1), _ pattern: MessagePattern,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard let failure = verificationFailure(count, received: pattern) else { return }
        FailureReporter.report(failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records an issue at the caller's line listing every received message no message stub
    /// answered, each with its nearest stub.
    public func assertNoUnansweredMessages(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard let report = unansweredMessagesReport() else { return }
        FailureReporter.report(report, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
