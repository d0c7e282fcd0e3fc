import Testing

/// Runs `body`, which is expected to record issues (an unexpected call, a failed verification):
/// they are absorbed as known issues, and the test asserts their text through the mock.
func expectingIssues(_ body: () throws -> Void) {
    withKnownIssue(isIntermittent: false) {
        try body()
    }
}

/// The async form of ``expectingIssues(_:)``.
func expectingIssues(_ body: () async throws -> Void) async {
    await withKnownIssue(isIntermittent: false) {
        try await body()
    }
}
