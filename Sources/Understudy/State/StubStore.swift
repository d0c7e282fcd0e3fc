/// The stubs part of a ``MockStateStore``: the stubs in matching order, added, replaced and removed.
package protocol StubStore: AnyObject, Sendable {
    /// The stubs, in matching order, as one immutable snapshot.
    var registry: StubRegistry { get }

    /// Adds stubs at once (a concurrent request sees all or none), each replacing the stub
    /// with its id, which keeps its place among stubs of equal priority.
    func add(_ stubs: [StubRegistry.PreparedStub])

    /// Replaces the stored stub with `stub`'s id when `isEditable` accepts it.
    /// - Throws: ``StubNotFoundError`` when there is no such stub, or `isEditable` refuses it.
    func replace(_ stub: StubMapping, ifEditable isEditable: (StubMapping) -> Bool) throws(StubNotFoundError)

    /// Removes the stubs `shouldRemove` selects, with their call counts and the states of the
    /// scenarios no remaining stub mentions; returns the removed stubs.
    @discardableResult
    func removeStubs(where shouldRemove: (StubMapping) -> Bool) -> [StubMapping]
}
