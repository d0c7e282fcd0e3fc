import Dispatch
import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyPostgres
import UnderstudySupport

/// The batching of scenario commits, on a database played by a closure: requests that wait
/// while a batch is in flight are written together in the next one, on the states each left
/// for the next; a refused batch sends every request in it and behind it back to match again;
/// a failed one throws to its own requests.
@Suite struct ScenarioCommitsTests {
    /// A database that holds its first write until released, and records every batch.
    final class Database: Sendable {
        let batches = Locked<[PostgresScenarioCommits.Batch]>([])
        let answers: Locked<[Result<PostgresScenarioCommits.Outcome, PostgresStoreError>]>
        private let firstWriteStarted = DispatchSemaphore(value: 0)
        private let releaseFirstWrite = DispatchSemaphore(value: 0)

        init(answers: [Result<PostgresScenarioCommits.Outcome, PostgresStoreError>]) {
            self.answers = Locked(answers)
        }

        func write(_ batch: PostgresScenarioCommits.Batch) throws -> PostgresScenarioCommits.Outcome {
            let isFirst = batches.withLock { batches in
                batches.append(batch)
                return batches.count == 1
            }
            if isFirst {
                firstWriteStarted.signal()
                releaseFirstWrite.wait()
            }
            return try answers.withLock { $0.isEmpty ? .success(.committed) : $0.removeFirst() }.get()
        }

        func commits() -> PostgresScenarioCommits {
            PostgresScenarioCommits(write: { try self.write($0) },
                                    schedule: { flush in Thread.detachNewThread { flush() } })
        }

        func awaitFirstWrite() async {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    self.firstWriteStarted.wait()
                    continuation.resume()
                }
            }
        }

        func release() { releaseFirstWrite.signal() }
    }

    /// What the engine does with a request: match on the tip, commit, match again when refused.
    /// Returns the state the request was answered in.
    static func serve(_ commits: PostgresScenarioCommits, moving count: Int) async throws -> String? {
        while true {
            guard let tip = commits.tip(of: "") else { return nil }
            let state = tip.states.state(of: "counter")
            let next = Int(state).map { String(($0 + 1) % count) } ?? "0"
            switch try await commits.commit(in: "", token: tip.token, stubsVersion: 7, moving: (scenario: "counter", newState: next)) {
            case .committed: return state
            case .scenariosChanged: continue
            case .stubsChanged: return nil
            }
        }
    }

    /// Waits (yielding, no sleep) until `count` requests wait for the next batch.
    static func waitUntil(_ commits: PostgresScenarioCommits, holds count: Int) async {
        while commits.waitingCount(of: "") < count { await Task.yield() }
    }

    @Test func requestsThatWaitWhileABatchIsInFlightAreWrittenInOneBatchEachOnTheStateTheLastLeft() async throws {
        let database = Database(answers: [])
        let commits = database.commits()
        commits.hold(10, ScenarioStates(), of: "")
        async let first = Self.serve(commits, moving: 1000)
        await database.awaitFirstWrite()
        let states = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<20 { group.addTask { try await Self.serve(commits, moving: 1000) } }
            await Self.waitUntil(commits, holds: 20)
            database.release()
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(try await first == "Started")
        // Every request was answered in a state of its own, one after another.
        #expect(Set(states.compactMap { $0 }) == Set((0..<20).map(String.init)))
        let batches = database.batches.withLock { $0 }
        #expect(batches.count == 2)
        #expect(batches.map(\.base) == [10, 11])
        #expect(batches.map(\.moves) == [1, 20])
        #expect(batches.last?.states.state(of: "counter") == "20")
        #expect(commits.tip(of: "")?.version == 31)
    }

    @Test func aRefusedBatchSendsEveryRequestInItAndBehindItToMatchAgainOnStatesReadAfresh() async throws {
        let database = Database(answers: [.success(.scenariosChanged)])
        let commits = database.commits()
        commits.hold(3, ScenarioStates(), of: "")
        let token = try #require(commits.tip(of: "")).token
        async let first = commits.commit(in: "", token: token, stubsVersion: 7, moving: (scenario: "counter", newState: "0"))
        await database.awaitFirstWrite()
        let next = try #require(commits.tip(of: ""))
        async let behind = commits.commit(in: "", token: next.token, stubsVersion: 7, moving: (scenario: "counter", newState: "1"))
        await Self.waitUntil(commits, holds: 1)
        database.release()
        #expect(try await first == .scenariosChanged)
        #expect(try await behind == .scenariosChanged)
        // Nothing of the refused history is matched on again: the states are read afresh.
        #expect(commits.tip(of: "") == nil)
        #expect(database.batches.withLock { $0.count } == 1)
    }

    @Test func aStaleTokenIsSentBackAtOnceEvenWhenTheVersionsCoincide() async throws {
        let database = Database(answers: [])
        let commits = database.commits()
        let old = commits.hold(5, ScenarioStates(), of: "")
        // Another history at the same version (another instance's moves), read afresh.
        var moved = ScenarioStates()
        moved.set("counter", to: "elsewhere")
        let new = commits.hold(5, moved, of: "", replacing: true)
        #expect(new.token != old.token)
        #expect(try await commits.commit(in: "", token: old.token, stubsVersion: 7, moving: nil) == .scenariosChanged)
        #expect(database.batches.withLock { $0.isEmpty })
    }

    @Test func aFailedBatchThrowsToItsOwnRequests() async throws {
        let database = Database(answers: [.failure(PostgresStoreError("the database went away"))])
        let commits = database.commits()
        let tip = commits.hold(0, ScenarioStates(), of: "")
        let first = Task { try await commits.commit(in: "", token: tip.token, stubsVersion: 7, moving: nil) }
        await database.awaitFirstWrite()
        database.release()
        await #expect(throws: PostgresStoreError.self) { try await first.value }
        #expect(commits.tip(of: "") == nil)
    }
}
