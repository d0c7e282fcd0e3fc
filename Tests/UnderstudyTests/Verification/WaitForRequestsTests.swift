import Foundation
import Testing
@testable import Understudy
import UnderstudySupport

/// `waitForRequests` ends when the journal holds enough matching requests: at once when they
/// are there, the moment the last one arrives otherwise, with the verification failure after
/// the timeout, and with `CancellationError` when its task is cancelled.
struct WaitForRequestsTests {
    /// Yields until a waiter is registered, so the test exercises the wake-up path rather
    /// than the already-there path.
    private func untilSomeoneWaits(on mock: HTTPMock) async {
        while !mock.isWaitedOn { await Task.yield() }
    }

    @Test func requestsAlreadyJournaledCount() async throws {
        let mock = HTTPMock()
        _ = mock.serve(request(.post, "/events"))
        _ = mock.serve(request(.get, "/other"))
        let found = try await mock.waitForRequests(matching: .post(urlPath: "/events"), timeout: .seconds(3_600))
        #expect(found.map(\.url) == ["/events"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaiterWakesWhenTheLastRequestArrives() async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/events"), .created)
        _ = mock.serve(request(.post, "/events", body: "1"))
        let waiting = Task { try await mock.waitForRequests(matching: .post(urlPath: "/events"), count: 3, timeout: .seconds(3_600)) }
        await untilSomeoneWaits(on: mock)
        _ = mock.serve(request(.get, "/ignored"))
        _ = mock.serve(request(.post, "/events", body: "2"))
        #expect(mock.isWaitedOn, "two of three matching requests do not end the wait")
        _ = mock.serve(request(.post, "/events", body: "3"))
        let found = try await waiting.value
        #expect(found.map { String(decoding: $0.body, as: UTF8.self) } == ["1", "2", "3"])
        #expect(!mock.isWaitedOn)
    }

    @Test func afterTheTimeoutItThrowsWhatVerifyWouldSay() async throws {
        let mock = HTTPMock()
        _ = mock.serve(request(.post, "/event"))
        await #expect {
            try await mock.waitForRequests(matching: .post(urlPath: "/events"), timeout: .milliseconds(20))
        } throws: { error in
            guard let failure = error as? VerificationError else { return false }
            return failure.waited == .milliseconds(20)
                && failure.description.contains("but received 0 after waiting")
                && failure.description.contains("1. POST /event")
        }
        #expect(!mock.isWaitedOn, "the timed-out waiter is gone")
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheTaskEndsTheWait() async throws {
        let mock = HTTPMock()
        let waiting = Task { try await mock.waitForRequests(matching: .get(urlPath: "/never"), timeout: .seconds(3_600)) }
        await untilSomeoneWaits(on: mock)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(!mock.isWaitedOn)
    }

    @Test(.timeLimit(.minutes(1)))
    func resettingTheMockKeepsTheWaiters() async throws {
        let mock = HTTPMock()
        let waiting = Task { try await mock.waitForRequests(matching: .get(urlPath: "/later"), timeout: .seconds(3_600)) }
        await untilSomeoneWaits(on: mock)
        mock.reset()
        _ = mock.serve(request(.get, "/later"))
        #expect(try await waiting.value.map(\.url) == ["/later"])
    }

    @Test func aDisabledJournalIsAnErrorAtOnce() async throws {
        let mock = HTTPMock(configuration: .init(journalCapacity: 0))
        await #expect {
            try await mock.waitForRequests(timeout: .seconds(3_600))
        } throws: { error in
            (error as? VerificationError)?.journalDisabled == true
        }
    }
}

private extension HTTPMock {
    /// Whether a task waits on the in-memory store's journal.
    var isWaitedOn: Bool { (store as? InMemoryStateStore)?.isWaitedOn ?? false }
}
