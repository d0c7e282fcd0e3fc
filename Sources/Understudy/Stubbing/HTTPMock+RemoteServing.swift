extension HTTPMock {
    /// ``match(_:on:accepting:)`` on a store in another process: the same steps (snapshot,
    /// match, commit if still true, else match again), with the store's round trips awaited and
    /// its failures thrown; returns the choice with the snapshot it was made on.
    func matchRemotely(_ request: RecordedRequest, accepting: (@Sendable (StubMapping) -> Bool)?) async throws -> (choice: Choice, snapshot: StoreSnapshot) {
        let requestNamespace = request.namespace
        while true {
            let snapshot = try await store.snapshot(for: requestNamespace)
            guard let entry = Self.firstMatch(request, requestNamespace, snapshot.registry, snapshot.scenarios) else {
                if accepting != nil { return (.refused, snapshot) }
                guard try await store.confirmMiss(namespace: requestNamespace, generation: snapshot.generation) else { continue }
                return (.unmatched, snapshot)
            }
            if let accepting, !accepting(entry.mapping) { return (.refused, snapshot) }
            let step = committing(entry, request)
            guard let committed = try await store.commit(entry, namespace: requestNamespace, generation: snapshot.generation, journaling: step.journaling) else { continue }
            return (step.choice(committed), snapshot)
        }
    }

    /// The served event for what ``matchRemotely(_:accepting:)`` chose, journaled in the store.
    func answerRemotely(_ request: RecordedRequest, as matched: (choice: Choice, snapshot: StoreSnapshot)) async throws -> (event: ServeEvent, nearMisses: NearMissReport?) {
        switch answering(request, as: matched.choice, among: matched.snapshot) {
        case .answered(let event): (event, nil)
        case let .journaling(answer, report): (try await store.journal(answer), report)
        }
    }
}
