/// Looks at the screen until a look is ready or the timeout passes, sleeping on an injected
/// clock between looks (a ``VirtualClock`` in tests, so no test sleeps for real).
@MainActor
struct Poller {
    let clock: any Clock<Duration>
    let timeout: Duration
    let interval: Duration

    /// Looks once at once, then after every `interval` until the look is ready or `timeout`
    /// has passed since the first look (the last look is made at the timeout itself).
    func poll<Value>(_ look: () -> Probe<Value>) async -> PollOutcome<Value> {
        guard interval > .zero else {
            return .invalid("the poll interval is \(interval.secondsText); give a positive one, such as .milliseconds(100)")
        }
        return await poll(on: clock, look)
    }

    private func poll<C: Clock<Duration>, Value>(on clock: C, _ look: () -> Probe<Value>) async -> PollOutcome<Value> {
        let start = clock.now
        var checks = 0
        while true {
            checks += 1
            let reason: String
            switch look() {
            case .ready(let value): return .ready(value)
            case .waiting(let why): reason = why
            }
            let waited = start.duration(to: clock.now)
            guard waited < timeout else { return .timedOut(reason: reason, waited: waited, checks: checks) }
            do {
                try await clock.sleep(for: min(interval, timeout - waited))
            } catch {
                return .cancelled(reason: reason, waited: start.duration(to: clock.now), checks: checks)
            }
        }
    }
}
