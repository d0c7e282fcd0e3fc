package import Testing

/// Waits until `condition` holds, checking every 10 ms: for states with no event to await
/// (a connection count). The deadline only stops a broken build from hanging; reaching it
/// records an issue naming `what`.
package func waitUntil(_ what: String, deadline: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
                       _ condition: () -> Bool) async throws {
    let end = ContinuousClock.now + deadline
    while !condition() {
        guard ContinuousClock.now < end else {
            Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
