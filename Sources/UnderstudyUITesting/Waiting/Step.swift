import UnderstudyTesting

/// One DSL step's wait: what it waits for, and the failure it records when the wait ends
/// without it.
@MainActor
struct Step {
    /// What is looked for: `button "Log in"`, `the screen`.
    let subject: String
    /// What the step waits for: `to be enabled (for tap)`.
    let goal: String
    /// The query's condition, to rank what was on screen; `nil` lists no elements.
    let condition: ElementCondition?

    /// Waits on `screen`'s clock; records the failure at `site` and returns `nil` when the wait
    /// times out, is cancelled, or cannot run.
    func wait<Value>(on screen: Screen, at site: FailureLocation, _ look: () -> Probe<Value>) async -> Value? {
        let poller = Poller(clock: screen.clock, timeout: screen.timeout, interval: screen.pollInterval)
        let outcome = await poller.poll(look)
        if case .ready(let value) = outcome { return value }
        FailureReporter.report(message(for: outcome, screen: screen), at: site)
        return nil
    }

    /// The failure text: what was looked for, for how long, the last reason, what was on screen,
    /// and, in a UI test's scope, the mock's call report.
    func message<Value>(for outcome: PollOutcome<Value>, screen: Screen) -> String {
        var lines: [String]
        switch outcome {
        case .ready:
            return ""
        case .invalid(let problem):
            return "Cannot wait for \(subject) \(goal): \(problem)."
        case .timedOut(let reason, let waited, let checks):
            lines = ["Waited \(waited.secondsText) for \(subject) \(goal), looking \(checks) time(s) every \(screen.pollInterval.secondsText): \(reason)."]
        case .cancelled(let reason, let waited, let checks):
            lines = ["Cancelled after \(waited.secondsText) waiting for \(subject) \(goal), looking \(checks) time(s): \(reason)."]
        }
        if let condition {
            lines.append(ScreenInventory(screen.root).report(nearestTo: condition))
        }
        // In a UI test's scope, what the app asked the mock server is often why the screen differs.
        if let report = MockHTTPScope.current?.callReportForFailures {
            lines.append("Call report:\n\(report)")
        }
        return lines.joined(separator: "\n")
    }
}
