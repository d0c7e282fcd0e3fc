package import Foundation

/// Where a mock's WebSocket message stubs live when several instances share them (a
/// PostgreSQL store): ``MessageHub`` writes its changes through it and keeps a copy, which it
/// reloads when another instance changes them. What fails is reported through
/// ``StoreFailures``; the copy then stays as it was.
package protocol MessageStubSharing: AnyObject, Sendable {
    /// Every shared message stub, oldest first (the order the hub inserts them in), or `nil`
    /// when they could not be read.
    func sharedMessageStubs() -> [MessageStubMapping]?

    /// Adds a message stub, or replaces the one with its id, as the newest.
    func shareMessageStub(_ stub: MessageStubMapping)

    /// Replaces the message stub with `stub`'s id, as the newest; `false` when there is none.
    func replaceSharedMessageStub(_ stub: MessageStubMapping) -> Bool

    /// Removes the message stubs with these ids.
    func removeSharedMessageStubs(ids: [UUID])

    /// Has `reload` called each time another instance changes the message stubs.
    func observeMessageStubs(_ reload: @escaping @Sendable () -> Void)
}
