/// Everything a mock holds, behind its lock: answers, side effects, recorded calls, the values
/// properties were set to, and the `…Eventually` verifications waiting for a call.
struct MockerState: Sendable {
    var answers: [MockAnswer] = []
    var actions: [MockAction] = []
    var calls: [MockCall] = []
    /// The reports of the unexpected calls, in order.
    var unexpected: [String] = []
    /// A property's (or subscript's) last set value, keyed by its getter's key and arguments.
    var stored: [String: MockArgument] = [:]
    var waiters: [Int: AsyncStream<Void>.Continuation] = [:]
    var nextWaiter = 0
}
