/// The state of one mock, shared by the mock and the `given`, `when` and `verify` clauses made
/// on it: its answers, side effects and recorded calls. Each mock owns its own; nothing is
/// shared between mocks or tests.
///
/// Generated mocks call it; tests reach it through the clauses and ``reset(_:)``.
public final class Mocker: Sendable {
    /// The mock's type name, as reports show it.
    public let name: String
    /// What the mock answers to calls no `given` clause answers.
    public let policy: MockerPolicy
    /// Where the mock was made: unexpected calls are reported there.
    public let location: MockSourceLocation
    let state = MockLock(MockerState())

    /// A mocker for the mock `name`, made at `location`; `policy` defaults to the task's
    /// ``MockerPolicy/default``.
    public init(name: String, policy: MockerPolicy? = nil, location: MockSourceLocation) {
        self.name = name
        self.policy = policy ?? MockerPolicy.default
        self.location = location
    }

    /// Clears the given parts of the mock's state (all of them by default).
    public func reset(_ scopes: Set<MockerScope> = .all) {
        state.withLock { state in
            if scopes.contains(.given) { state.answers.removeAll(); state.stored.removeAll() }
            if scopes.contains(.when) { state.actions.removeAll() }
            if scopes.contains(.verify) { state.calls.removeAll() }
        }
    }

    /// Every call the mock received, in order.
    public var calls: [MockCall] { state.withLock { $0.calls } }

    /// The near-miss report of every unexpected call so far, in order (each was also recorded
    /// as an issue): what a test builds its own checks on.
    public var unexpectedCalls: [String] { state.withLock { $0.unexpected } }

    // MARK: Clauses

    func add(_ answer: MockAnswer) { state.withLock { $0.answers.append(answer) } }

    func add(_ action: MockAction) { state.withLock { $0.actions.append(action) } }

    func count(_ member: MockMember, _ conditions: [MockCondition]) -> Int {
        state.withLock { state in
            state.calls.count { $0.member == member && conditions.match($0.arguments) }
        }
    }

    // MARK: Calls (the generated code)

    /// Answers a call of a requirement: records it, runs the matching `when` side effects, and
    /// returns (or throws) the first matching `given` answer that fits the call's types, used in
    /// FIFO order with the last one kept. With none, the mock's ``policy`` decides (see
    /// ``MockerPolicy``).
    public func call<Return, Failure: Error, Produce>(
        _ member: MockMember,
        _ arguments: [MockArgument] = [],
        returning: Return.Type,
        throwing: Failure.Type,
        produce: (Produce) throws(Failure) -> Return
    ) throws(Failure) -> Return {
        let (answer, stored, actions) = record(member, arguments, Return.self, Failure.self, Produce.self)
        actions.forEach { $0.run() }
        if let stored, let value = stored.value as? Return { return value }
        switch answer?.kind {
        case .value(let value)?:
            if let value = value as? Return { return value }
        case .failure(let error)?:
            if let error = error as? Failure { throw error }
        case .produce(let producer)?:
            if let producer = producer as? Produce { return try produce(producer) }
        case nil:
            break
        }
        return try unanswered(member, arguments, throwing: Failure.self)
    }

    /// Records the set of a property or subscript (`arguments` ends with `newValue`), runs its
    /// `performOnSet` side effects, and keeps the value for its later gets.
    public func set(_ member: MockMember, getter: MockMember, _ arguments: [MockArgument]) {
        let actions = state.withLock { state -> [MockAction] in
            state.calls.append(MockCall(member: member, arguments: arguments))
            if let value = arguments.last {
                state.stored[Self.storageKey(getter, arguments.dropLast())] = value
            }
            notify(&state)
            return state.actions.filter { $0.member == member && $0.conditions.match(arguments) }
        }
        actions.forEach { $0.run() }
    }

    private func record<Return, Failure, Produce>(
        _ member: MockMember, _ arguments: [MockArgument], _: Return.Type, _: Failure.Type, _: Produce.Type
    ) -> (MockAnswer?, MockArgument?, [MockAction]) {
        state.withLock { state in
            state.calls.append(MockCall(member: member, arguments: arguments))
            notify(&state)
            let actions = state.actions.filter { $0.member == member && $0.conditions.match(arguments) }
            let stored = member.kind == .get ? state.stored[Self.storageKey(member, arguments[...])] : nil
            let candidates = state.answers.indices.filter { index in
                let answer = state.answers[index]
                return answer.member == member && answer.conditions.match(arguments)
                    && answer.fits(Return.self, Failure.self, Produce.self)
            }
            guard let first = candidates.first else { return (nil, stored, actions) }
            let answer = state.answers[first]
            if candidates.count > 1 { state.answers.remove(at: first) }
            return (answer, stored, actions)
        }
    }

    private static func storageKey(_ getter: MockMember, _ arguments: ArraySlice<MockArgument>) -> String {
        ([getter.key] + arguments.map(\.description)).joined(separator: "\u{1F}")
    }

    private func notify(_ state: inout MockerState) {
        for waiter in state.waiters.values { waiter.yield() }
    }

    /// A call no `given` answered: silent defaults under the relaxed policies, otherwise an
    /// issue with the near-miss report, then a throw, a default value, or (where the type has no
    /// value at all) a stop with the report (documented in Mocking your own protocols).
    private func unanswered<Return, Failure: Error>(
        _ member: MockMember, _ arguments: [MockArgument], throwing: Failure.Type
    ) throws(Failure) -> Return {
        if let value = relaxedDefault(Return.self, throwing: Failure.self != Never.self) { return value }
        let report = NearMissReport.unexpectedCall(
            MockCall(member: member, arguments: arguments), mock: name, answers: state.withLock { $0.answers })
        state.withLock { $0.unexpected.append(report) }
        MockIssueReporter.report(report, at: location)
        if let error = MockError(report: report) as? Failure { throw error }
        if let value = DefaultValue.of(Return.self) { return value }
        if let error = (Failure.self as? any Mocked.Type)?.mock as? Failure { throw error }
        let stop = "\(report)\n\(member.name) returns \(Return.self), which has no default value, and cannot throw: "
            + "the mock cannot go on. Answer it with given(mock), or make \(Return.self) Mocked."
        MockIssueReporter.writeToStandardError(stop)
        fatalError(stop)
    }

    private func relaxedDefault<Return>(_: Return.Type, throwing: Bool) -> Return? {
        if let void = () as? Return, policy.contains(throwing ? .relaxedThrowingVoid : .relaxedNonThrowingVoid) { return void }
        if policy.contains(.relaxedOptional), Return.self is any ExpressibleByNilLiteral.Type { return DefaultValue.of(Return.self) }
        if policy.contains(.relaxedMocked), let mocked = Return.self as? any Mocked.Type { return mocked.mock as? Return }
        return nil
    }

    // MARK: Verification

    func verify(_ member: MockMember, _ conditions: [MockCondition], _ count: Count, at location: MockSourceLocation) {
        let calls = state.withLock { $0.calls }
        let matching = calls.count { $0.member == member && conditions.match($0.arguments) }
        guard !count.satisfies(matching) else { return }
        MockIssueReporter.report(
            NearMissReport.failedVerification(member, conditions, expected: count, got: matching, calls: calls, mock: name),
            at: location)
    }

    func verifyEventually(
        _ member: MockMember, _ conditions: [MockCondition], _ count: Count, before timeout: TimeoutDuration,
        at location: MockSourceLocation
    ) async {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.nextWaiter += 1
            state.waiters[state.nextWaiter] = continuation
            return state.nextWaiter
        }
        // The deadline of the wait (not a synchronisation of the test): it ends the stream.
        let deadline = Task {
            try? await Task.sleep(nanoseconds: UInt64(max(0, timeout.duration) * 1_000_000_000))
            continuation.finish()
        }
        var satisfied = count.satisfies(self.count(member, conditions))
        if !satisfied {
            for await _ in stream where count.satisfies(self.count(member, conditions)) {
                satisfied = true
                break
            }
        }
        deadline.cancel()
        state.withLock { _ = $0.waiters.removeValue(forKey: id) }
        if !satisfied { verify(member, conditions, count, at: location) }
    }
}
