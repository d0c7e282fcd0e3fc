/// The serving part of a ``MockStateStore``: the snapshot a request is matched on, the one
/// atomic step that commits a match (scenario, call count and journal entry together), and the
/// journaling of answers.
///
/// Its requirements are asynchronous and throw: a store in another process makes its round
/// trips here, suspending (never blocking: the server calls them from its event loops), and
/// what fails is thrown (answered with a 503 that says so). ``HTTPMock`` calls
/// ``InMemoryStateStore`` synchronously, so the default path neither suspends nor checks for
/// errors (see ``HTTPMock/respond(to:)``, where the two paths part).
package protocol ServingStore: AnyObject, Sendable {
    /// The stubs and the scenario states of `namespace` (`nil`: of requests naming none),
    /// taken together.
    func snapshot(for namespace: String?) async throws -> StoreSnapshot

    /// Commits a match of `entry`, made on the snapshot of `generation`, for a request naming
    /// `namespace`: when the stub's scenario is still in the state it needs there (and, for a
    /// store that matches on a cached snapshot, nothing the match read has changed), moves it
    /// on, counts the call (in every namespace and in `namespace`) and journals `answer` if
    /// given, in one step. Returns the call's number (in `namespace` when it has one) and the
    /// journal's entry, or `nil`, changing nothing, when the request must be matched again.
    func commit(_ entry: StubRegistry.Entry, namespace: String?, generation: StoreGeneration,
                journaling answer: JournalAnswer?) async throws -> StoreCommit?

    /// Whether a request naming `namespace` that matched nothing in the snapshot of
    /// `generation` is a miss still: `false` when the stubs or scenario states it was matched
    /// against have changed since, and it must be matched again.
    func confirmMiss(namespace: String?, generation: StoreGeneration) async throws -> Bool

    /// Journals a served request and wakes the waiters it completes; returns the entry as
    /// journaled.
    @discardableResult
    func journal(_ answer: JournalAnswer) async throws -> ServeEvent
}
