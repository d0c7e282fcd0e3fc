/// Ranks near misses (WireMock's `verification/NearMissCalculator`): the stubs closest to a
/// request, or the requests closest to a pattern, nearest first, ties in matching order.
struct NearMissCalculator {
    /// How many near misses a report lists.
    let limit: Int

    /// The stubs of a registry snapshot closest to a request; a stub waiting for another
    /// scenario state counts that state as one more field.
    func nearest(to request: RecordedRequest, in registry: StubRegistry, scenarios: ScenarioStates) -> NearMissReport {
        let ranked = registry.entries.map { entry in (entry, Self.graded(entry.mapping, request, scenarios)) }
        let nearest = ranked.sorted { lhs, rhs in
            lhs.1.distance != rhs.1.distance ? lhs.1.distance < rhs.1.distance : lhs.0.precedes(rhs.0)
        }.prefix(limit)
        let misses = nearest.map { entry, result in
            NearMiss(stub: entry.mapping, request: request, pattern: entry.mapping.request, result: result,
                     comparisons: entry.mapping.request.compare(request) + [scenarios.comparison(for: entry.mapping)].compactMap { $0 })
        }
        return NearMissReport(request: request, nearMisses: misses, stubCount: registry.count)
    }

    /// The requests closest to a pattern, earliest first among equals.
    func nearest(to pattern: RequestPattern, among requests: [RecordedRequest]) -> [NearMiss] {
        let ranked = requests.enumerated().map { ($0.offset, $0.element, pattern.match($0.element)) }
        let nearest = ranked.sorted { lhs, rhs in
            lhs.2.distance != rhs.2.distance ? lhs.2.distance < rhs.2.distance : lhs.0 < rhs.0
        }.prefix(limit)
        return nearest.map { _, request, result in
            NearMiss(stub: nil, request: request, pattern: pattern, result: result, comparisons: pattern.compare(request))
        }
    }

    /// The request's distance from a stub, counting a wrong scenario state as one more field.
    private static func graded(_ mapping: StubMapping, _ request: RecordedRequest, _ scenarios: ScenarioStates) -> MatchResult {
        let requestResult = mapping.request.match(request)
        guard let comparison = scenarios.comparison(for: mapping) else { return requestResult }
        if requestResult.isExactMatch && comparison.result.isExactMatch { return .exactMatch }
        return .partialMatch(distance: requestResult.isExactMatch ? 0.01 : requestResult.distance)
    }
}
