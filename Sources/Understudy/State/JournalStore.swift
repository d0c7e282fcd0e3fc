package import Foundation

/// The journal part of a ``MockStateStore``: the journaled requests and the tasks waiting for them.
package protocol JournalStore: AnyObject, Sendable {
    /// Every journal entry, oldest first.
    var events: [ServeEvent] { get }

    /// The journal entry of the request with the id.
    func event(id: UUID) -> ServeEvent?

    /// Replaces the journal's entry for `event`'s request, if the journal still holds it (how
    /// an answer ended: a stream's delivery, a proxied answer), after the answer.
    func replace(_ event: ServeEvent)

    /// Removes the journal entries `shouldRemove` selects; returns them.
    @discardableResult
    func removeEvents(where shouldRemove: (ServeEvent) -> Bool) -> [ServeEvent]

    /// Waits for `count` journal entries matching `pattern` (naming `namespace`, when given):
    /// those journaled already count, in the same step as the waiter is registered, so none is
    /// missed. Resumes `continuation` at once and returns `nil` when enough are there;
    /// otherwise returns the waiter's id for ``endWaiting(_:throwing:)``.
    func wait(for pattern: RequestPattern, namespace: String?, count: Int,
              continuation: CheckedContinuation<Void, any Error>) -> UInt64?

    /// Ends a wait early with `error`, if it has not ended yet.
    func endWaiting(_ id: UInt64, throwing error: any Error)
}
