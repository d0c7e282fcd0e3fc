extension HTTPMock {
    /// ``match(_:on:accepting:)`` and the journaling of its answer on a store in another
    /// process: the same steps (snapshot, match, commit if still true, else match again), with
    /// the store's round trips awaited and its failures thrown. `nil` when `accepting` refuses
    /// the stub that matches (or no stub matches), touching nothing.
    func chooseRemotely(_ request: RecordedRequest, accepting: (@Sendable (StubMapping) -> Bool)?) async throws
        -> (event: ServeEvent, nearMisses: NearMissReport?)? {
        let requestNamespace = request.namespace
        while true {
            let snapshot = try await store.snapshot(for: requestNamespace)
            guard let entry = Self.firstMatch(request, requestNamespace, snapshot.registry, snapshot.scenarios) else {
                if accepting != nil { return nil }
                guard try await store.confirmMiss(namespace: requestNamespace, generation: snapshot.generation) else { continue }
                return try await journalRemotely(answering(request, as: .unmatched))
            }
            if let accepting, !accepting(entry.mapping) { return nil }
            let step = committing(entry, request)
            guard let committed = try await store.commit(entry, namespace: requestNamespace, generation: snapshot.generation,
                                                         journaling: step.journaling) else { continue }
            guard let choice = step.choice(committed) else {
                // A store that committed without journaling (none should) still journals the answer.
                return (try await store.journal(step.journaling ?? .response(request, entry: entry, response: nil)), nil)
            }
            return try await journalRemotely(answering(request, as: choice))
        }
    }

    private func journalRemotely(_ answering: Answering) async throws -> (event: ServeEvent, nearMisses: NearMissReport?) {
        switch answering {
        case .answered(let event): (event, nil)
        case let .journaling(answer, report): (try await store.journal(answer), report)
        }
    }
}
