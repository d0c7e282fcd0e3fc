import UnderstudySupport

extension HTTPMock {
    /// The stubs closest to a request, nearest first, with their field-by-field comparison.
    /// Only the stubs the request sees are ranked: the global ones and those of the namespace
    /// it names (or this handle's namespace).
    public func nearMisses(for request: RecordedRequest) -> NearMissReport {
        if needsScoping(request) { return nearMisses(for: inScope(request)) }
        let requestNamespace = request.namespace
        let (registry, scenarios) = stubsAndStates(for: requestNamespace)
        var report = nearMissCalculator.nearest(to: request, in: registry, scenarios: scenarios, namespace: requestNamespace)
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
