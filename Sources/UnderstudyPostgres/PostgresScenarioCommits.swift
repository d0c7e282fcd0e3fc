import Foundation
import Understudy
import UnderstudySupport

/// Each namespace's scenario states as this instance matches on them, and their commits,
/// batched: every request that moves or checks a namespace's scenarios joins the next batch,
/// and a batch is one conditional update in one transaction (one round trip, one disk flush for
/// all of them): it moves the namespace's version from the one its first request was matched
/// on by the batch's moves, or changes nothing when another instance moved it first.
///
/// - Requests are matched on the **tip**: the durable states moved on by the commits waiting.
///   Each matched request advances the tip at once, so the next one matches on the state the
///   previous one leaves, in memory, without waiting for the database.
/// - **No answer before its state is durable.** A request is answered only after its batch
///   has committed; when the batch is refused (another instance moved the states, the stubs
///   changed) or fails, every request waiting in it and behind it matches again on states read
///   afresh. A crash therefore never serves a state twice: nothing unwritten was answered.
/// - One batch per namespace is in flight at a time per instance; the next one gathers
///   meanwhile (group commit), so the more requests wait, the more each round trip carries.
///
/// Leasing a namespace's scenarios to one instance was the other option considered (not built):
/// it saves the round trip, but its states are then written behind, so a crash of the lease
/// holder loses moves that were answered, and the next holder serves those states again.
final class PostgresScenarioCommits: Sendable {
    /// A namespace's states as matching sees them.
    struct Tip: Sendable {
        /// What a snapshot's generation carries: new for every tip this instance makes, so that
        /// a match made on a tip that was since replaced is never taken for one made on its
        /// successor (database versions of different histories can coincide).
        var token: Int64
        /// The database's version of these states once every commit waiting is written.
        var version: Int64
        var states: ScenarioStates
    }

    /// One batch: what ``init(write:schedule:)``'s `write` commits.
    struct Batch: Sendable {
        var namespace: String
        /// The stubs' version every request of the batch was matched on.
        var stubsVersion: Int64
        /// The database version the batch's first request was matched on.
        var base: Int64
        /// How many of its requests move a scenario (the version moves on by as many).
        var moves: Int64
        /// The states after its last request.
        var states: ScenarioStates
    }

    /// What became of a batch, and of each request in it.
    enum Outcome: Sendable {
        case committed
        /// The stubs changed since the batch's requests were matched: reload them, match again.
        case stubsChanged
        /// The states moved on (another instance moved them first, or the tip a request was
        /// matched on was replaced): match again.
        case scenariosChanged
    }

    private struct Waiting {
        var stubsVersion: Int64
        var base: Int64
        var moves: Bool
        var states: ScenarioStates
        var resume: CheckedContinuation<Outcome, any Error>
    }

    private struct Line {
        var tip: Tip?
        var queued: [Waiting] = []
        var isFlushing = false
    }

    private struct State {
        var lines: [String: Line] = [:]
        var lastToken: Int64 = 0

        mutating func nextToken() -> Int64 {
            lastToken += 1
            return lastToken
        }

        /// Replaces the tip of `key`, and takes the requests that waited on the old one.
        mutating func replaceTip(of key: String, with tip: Tip?) -> [Waiting] {
            var line = lines[key] ?? Line()
            let dropped = line.queued
            line.queued = []
            line.tip = tip
            lines[key] = line
            return dropped
        }
    }

    private let state = Locked(State())
    private let write: @Sendable (Batch) throws -> Outcome
    private let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// - Parameters:
    ///   - write: Commits a batch (blocking; run on the threads `schedule` gives).
    ///   - schedule: Runs a batch's flush off the event loops and Swift's cooperative pool.
    init(write: @escaping @Sendable (Batch) throws -> Outcome,
         schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.write = write
        self.schedule = schedule
    }

    /// The tip of `namespace`, when this instance holds one.
    func tip(of namespace: String) -> Tip? {
        state.withLock { $0.lines[namespace]?.tip }
    }

    /// How many requests wait for the next batch of `namespace` (the one in flight not counted).
    func waitingCount(of namespace: String) -> Int {
        state.withLock { $0.lines[namespace]?.queued.count ?? 0 }
    }

    /// Holds states read from the database: they replace the tip when there is none, when they
    /// are newer than it, or when `replacing` says so (the database was just changed to them);
    /// returns the tip that holds afterwards.
    @discardableResult
    func hold(_ version: Int64, _ states: ScenarioStates, of namespace: String, replacing: Bool = false) -> Tip {
        let (tip, dropped) = state.withLock { state -> (Tip, [Waiting]) in
            if !replacing, let held = state.lines[namespace]?.tip, held.version >= version { return (held, []) }
            let tip = Tip(token: state.nextToken(), version: version, states: states)
            return (tip, state.replaceTip(of: namespace, with: tip))
        }
        for waiting in dropped { waiting.resume.resume(returning: .scenariosChanged) }
        return tip
    }

    /// Forgets the tip of `namespace` (every namespace's for `nil`); the requests waiting to join
    /// a batch match again.
    func forget(_ namespace: String?) {
        let dropped = state.withLock { state -> [Waiting] in
            let keys = namespace.map { [$0] } ?? Array(state.lines.keys)
            return keys.flatMap { state.replaceTip(of: $0, with: nil) }
        }
        for waiting in dropped { waiting.resume.resume(returning: .scenariosChanged) }
    }

    /// Commits a request matched on the tip whose token is `token`: moves `scenario` to
    /// `newState` (or only checks that the states still hold, for `nil`), and returns once that is
    /// durable, or what stopped it.
    func commit(in namespace: String, token: Int64, stubsVersion: Int64, moving move: (scenario: String, newState: String)?) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            let startsFlush = state.withLock { state -> Bool? in
                guard var line = state.lines[namespace], var tip = line.tip, tip.token == token else { return nil }
                let base = tip.version
                if let move {
                    tip.states.set(move.scenario, to: move.newState)
                    tip.version += 1
                    tip.token = state.nextToken()
                }
                line.tip = tip
                line.queued.append(Waiting(stubsVersion: stubsVersion, base: base, moves: move != nil, states: tip.states, resume: continuation))
                let startsFlush = !line.isFlushing
                line.isFlushing = true
                state.lines[namespace] = line
                return startsFlush
            }
            switch startsFlush {
            case nil: continuation.resume(returning: .scenariosChanged)
            case true?: schedule { self.flush(namespace) }
            case false?: break
            }
        }
    }

    /// Writes the namespace's batches one after another until none waits.
    private func flush(_ namespace: String) {
        while let taken = takeBatch(namespace) {
            let (batch, waiting) = taken
            let outcome: Result<Outcome, any Error> = Result { try write(batch) }
            if case .success(.committed) = outcome {
                for request in waiting { request.resume.resume(returning: .committed) }
                continue
            }
            // Refused or failed: everything matched on this history matches again on states read
            // afresh (a failure is thrown to the batch's own requests, whose answers it was).
            let dropped = state.withLock { $0.replaceTip(of: namespace, with: nil) }
            for request in dropped { request.resume.resume(returning: .scenariosChanged) }
            for request in waiting { request.resume.resume(with: outcome) }
        }
    }

    /// The next batch of `namespace`: the longest run of waiting requests matched on one
    /// version of the stubs; `nil`, and the line marked idle, when none waits.
    private func takeBatch(_ namespace: String) -> (Batch, [Waiting])? {
        state.withLock { state in
            guard var line = state.lines[namespace], let first = line.queued.first else {
                state.lines[namespace]?.isFlushing = false
                return nil
            }
            let count = line.queued.prefix { $0.stubsVersion == first.stubsVersion }.count
            let waiting = Array(line.queued.prefix(count))
            line.queued.removeFirst(count)
            state.lines[namespace] = line
            let batch = Batch(namespace: namespace, stubsVersion: first.stubsVersion, base: first.base,
                              moves: Int64(waiting.count { $0.moves }), states: waiting[waiting.count - 1].states)
            return (batch, waiting)
        }
    }
}
