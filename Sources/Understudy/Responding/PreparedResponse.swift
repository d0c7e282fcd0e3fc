import Foundation
import UnderstudySupport

/// A dynamic stub's response that its responder gives again and again (a spec-generated
/// operation's default answer, say): made once, planned once for the stub that serves it, so
/// serving it again encodes no body and copies no headers, as a static stub's answer.
package final class PreparedResponse: Sendable {
    /// The response, as the journal shows it.
    package let definition: ResponseDefinition
    /// The planned answer and the stub it was planned for (its `Matched-Stub-Id` header is part
    /// of the plan); `nil` until first served.
    private let planned = Locked<Planned?>(nil)

    /// An answer planned for one stub; `answer` is `nil` for responses that cannot be planned
    /// ahead.
    private struct Planned: Sendable {
        let stub: UUID
        let answer: StaticAnswer?
    }

    /// Prepares a response.
    package init(_ definition: ResponseDefinition) { self.definition = definition }

    /// The answer planned for a stub, made on the first call for that stub; `nil` when the
    /// response needs the disk or the network (a file body, a fault, a proxy). A new stub gets
    /// a new answer, and so another ``ResponsePlan/reusableKey``.
    func answer(for stub: StubRegistry.Entry) -> StaticAnswer? {
        // Read through the entry: a copy of the whole stub per request is measurable.
        let id = stub.mapping.id
        return planned.withLock { planned in
            if let planned, planned.stub == id { return planned.answer }
            let made = Planned(stub: id, answer: StaticAnswer(definition, stub: stub.mapping.identity))
            planned = made
            return made.answer
        }
    }
}
