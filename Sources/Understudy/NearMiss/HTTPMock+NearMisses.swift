import UnderstudySupport

extension HTTPMock {
    /// The stubs closest to a request, nearest first, with their field-by-field comparison.
    /// Only the stubs the request sees are ranked: the global ones and those of the namespace
    /// it names (or this handle's namespace).
    public func nearMisses(for request: RecordedRequest) -> NearMissReport {
        if needsScoping(request) { return nearMisses(for: inScope(request)) }
        let (registry, scenarios) = stubsAndStates(for: request.namespace)
        return nearMisses(for: request, in: registry, scenarios: scenarios)
    }

    /// ``nearMisses(for:)-(RecordedRequest)`` ranked among `registry`'s stubs in `scenarios`'
    /// states (those the request was matched on).
    func nearMisses(for request: RecordedRequest, in registry: StubRegistry, scenarios: ScenarioStates) -> NearMissReport {
        var report = nearMissCalculator.nearest(to: request, in: registry, scenarios: scenarios, namespace: request.namespace)
        report.noStubsHint = configuration.noStubsHint
        return report
    }

    /// The journaled requests closest to a pattern, nearest first.
    public func nearMisses(for pattern: RequestPattern) -> [NearMiss] {
        nearMissCalculator.nearest(to: pattern, among: serveEvents.map(\.request))
    }

    /// Near-miss reports for every unmatched request in the journal, oldest first.
    public func unmatchedNearMisses() -> [NearMissReport] { unmatchedRequests.map(nearMisses(for:)) }

    var nearMissCalculator: NearMissCalculator { NearMissCalculator(limit: configuration.nearMissLimit) }
}
