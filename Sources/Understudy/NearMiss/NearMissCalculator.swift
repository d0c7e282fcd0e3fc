/// Ranks near misses (WireMock's `verification/NearMissCalculator`): the stubs closest to a
/// request, or the requests closest to a pattern, nearest first, ties in matching order.
struct NearMissCalculator {
    /// How many near misses a report lists.
    let limit: Int

    /// The stubs of a registry snapshot closest to a request; a stub waiting for another
    /// scenario state counts that state as one more field.
    ///
    /// Every stub gets a cheap lower bound of its distance (``NearMissBound``), and stubs are
    /// graded smallest bound first, keeping the nearest `limit`; once a stub's bound reaches the
    /// last kept distance (reaches it with a later place in matching order, on a tie), no stub
    /// left can rank. The result is the same as grading every stub and sorting by distance, then
    /// matching order; among thousands of stubs, only the few near ones are graded.
    func nearest(to request: RecordedRequest, in registry: StubRegistry, scenarios: ScenarioStates) -> NearMissReport {
        let entries = registry.entries
        var nearest: [(entry: StubRegistry.Entry, result: MatchResult, index: Int)] = []
        if limit > 0 {
            let subject = NearMissBound.Subject(request)
            var candidates = NearMissCandidateHeap(entries.indices.map { index in
                NearMissCandidateHeap.Candidate(bound: entries[index].nearMissBound.lowerBound(subject), index: index)
            })
            while let candidate = candidates.popFirst() {
                let entry = entries[candidate.index]
                if nearest.count == limit, let last = nearest.last {
                    // A later stub loses a tie with the last one kept; an earlier one wins it.
                    let tieLoses = candidate.index > last.index
                    if tieLoses ? candidate.bound >= last.result.distance : candidate.bound > last.result.distance { break }
                    if entry.nearMissBound.excludes(subject, beyond: last.result.distance, tieLoses: tieLoses) { continue }
                }
                let result = Self.graded(entry.mapping, request, scenarios)
                let position = nearest.firstIndex { kept in
                    kept.result.distance != result.distance ? kept.result.distance > result.distance : kept.index > candidate.index
                } ?? nearest.count
                guard position < limit else { continue }
                nearest.insert((entry, result, candidate.index), at: position)
                if nearest.count > limit { nearest.removeLast() }
            }
        }
        let misses = nearest.map { entry, result, _ in
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
    static func graded(_ mapping: StubMapping, _ request: RecordedRequest, _ scenarios: ScenarioStates) -> MatchResult {
        let requestResult = mapping.request.match(request)
        guard let comparison = scenarios.comparison(for: mapping) else { return requestResult }
        if requestResult.isExactMatch && comparison.result.isExactMatch { return .exactMatch }
        return .partialMatch(distance: requestResult.isExactMatch ? 0.01 : requestResult.distance)
    }
}
