/// Ranks near misses (WireMock's `verification/NearMissCalculator`): the stubs closest to a
/// request, or the requests closest to a pattern, nearest first, ties in matching order.
struct NearMissCalculator {
    /// How many near misses a report lists.
    let limit: Int

    /// The stubs of a registry snapshot closest to a request; a stub waiting for another
    /// scenario state counts that state as one more field.
    ///
    /// Stubs come from a ``NearMissSearch`` smallest lower bound first and are graded, keeping
    /// the nearest `limit`; once a stub's bound reaches the last kept distance (reaches it with
    /// a later place in matching order, on a tie), no stub left can rank. The result is the same
    /// as grading every stub and sorting by distance, then matching order; among thousands of
    /// stubs, only the few near ones are graded, and far groups of them are not even visited.
    func nearest(to request: RecordedRequest, in registry: StubRegistry, scenarios: ScenarioStates, namespace: String? = nil) -> NearMissReport {
        var nearest: [(entry: StubRegistry.Entry, result: MatchResult)] = []
        if limit > 0 {
            var search = NearMissSearch(registry.nearMissIndex, NearMissBound.Subject(request))
            while let (entry, bound) = search.next(stoppingAbove: nearest.count == limit ? nearest.last?.result.distance : nil) {
                // Another namespace's stubs are not the request's to miss.
                if let stubNamespace = entry.mapping.namespace, stubNamespace != namespace { continue }
                if nearest.count == limit, let last = nearest.last {
                    // A later stub loses a tie with the last one kept; an earlier one wins it.
                    let tieLoses = !entry.precedes(last.entry)
                    if tieLoses ? bound >= last.result.distance : bound > last.result.distance { break }
                }
                let result = Self.graded(entry.mapping, request, scenarios)
                let position = nearest.firstIndex { kept in
                    kept.result.distance != result.distance ? kept.result.distance > result.distance : entry.precedes(kept.entry)
                } ?? nearest.count
                guard position < limit else { continue }
                nearest.insert((entry, result), at: position)
                if nearest.count > limit { nearest.removeLast() }
            }
        }
        let misses = nearest.map { entry, result in
            NearMiss(stub: entry.mapping, request: request, pattern: entry.mapping.request, result: result,
                     comparisons: entry.mapping.request.compare(request) + [scenarios.comparison(for: entry.mapping)].compactMap { $0 })
        }
        return NearMissReport(request: request, nearMisses: misses, stubCount: registry.visibleCount(namespace: namespace))
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
    static func graded(_ mapping: StubMapping, _ request: RecordedRequest, _ scenarios: ScenarioStates) -> MatchResult {
        let requestResult = mapping.request.match(request)
        guard let comparison = scenarios.comparison(for: mapping) else { return requestResult }
        if requestResult.isExactMatch && comparison.result.isExactMatch { return .exactMatch }
        return .partialMatch(distance: requestResult.isExactMatch ? 0.01 : requestResult.distance)
    }
}
