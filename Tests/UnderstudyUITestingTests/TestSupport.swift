import Foundation
import Testing
import Understudy
import UnderstudySupport
import UnderstudyUITesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An issue a DSL step recorded: its text and the line it was recorded at.
struct RecordedFailure: Sendable, Equatable {
    var message: String
    var line: Int
}

/// Runs `body`, which is expected to record issues, and returns the ones recorded with
/// `Issue.record` (what the failure reporter does); none is also an answer: callers check the
/// list, so a step that should fail and does not is caught. A failed `#expect` or a caught
/// error in `body` is not matched, so it still fails the test.
@MainActor
func failures(of body: () async -> Void) async -> [RecordedFailure] {
    let recorded = Locked<[RecordedFailure]>([])
    await withKnownIssue(isIntermittent: true) {
        await body()
    } matching: { issue in
        guard case .unconditional = issue.kind else { return false }
        let failure = RecordedFailure(message: issue.comments.map(\.rawValue).joined(separator: "\n"), line: issue.sourceLocation?.line ?? 0)
        recorded.withLock { $0.append(failure) }
        return true
    }
    return recorded.withLock { $0 }
}

/// A running in-memory screen, its clock, and a DSL screen that waits on that clock: 2 s
/// timeouts, a look every 0.1 s.
@MainActor
struct Fixture {
    let clock = VirtualClock()
    let root: InMemoryScreen
    let screen: Screen

    init(_ elements: [InMemoryElement] = [], timeout: Duration = .seconds(2)) {
        root = InMemoryScreen(clock: clock, children: elements)
        screen = Screen(root, timeout: timeout, pollInterval: .milliseconds(100), clock: clock)
    }

    /// How much virtual time has passed.
    var elapsed: Duration { clock.now.offset }
}

/// An app that is "launched" by recording its environment, and that loads its home screen
/// from the base URL that environment carries, as an app using `UnderstudyEnvironment` does.
@MainActor
final class FakeApp: LaunchableApp {
    var launchEnvironment: [String: String] = [:]
    private(set) var launches = 0

    init(environment: [String: String] = [:]) { launchEnvironment = environment }

    func launch() { launches += 1 }

    /// GET `path` against the base URL of the launch environment (production when absent).
    func load(_ path: String) async throws -> (Int, String) {
        let base = UnderstudyEnvironment.baseURL(default: URL(string: "https://api.example.com")!, environment: launchEnvironment)
        let session = URLSession(configuration: UnderstudyEnvironment.sessionConfiguration(.ephemeral, environment: launchEnvironment))
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(from: base.appendingPathComponent(path))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}
