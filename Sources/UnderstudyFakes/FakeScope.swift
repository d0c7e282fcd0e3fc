import Foundation
import Understudy
import UnderstudySupport

/// The seeded generator of the current test, shared by `String.fake()` and friends.
/// Task-local: each test (or each `Fake.withSeed` call) has its own.
public final class FakeScope: Sendable {
    @TaskLocal static var current: FakeScope?

    private let fake: Locked<Fake>
    /// The seed the scope started from.
    public let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        self.fake = Locked(Fake(seed: seed))
    }

    /// Draws from the scope's generator.
    func draw<T>(_ body: (inout Fake) -> T) -> T { fake.withLock { body(&$0) } }

    /// The seed of the running scope, if any (what the testing trait prints).
    public static var currentSeed: UInt64? { current?.seed }

    /// Draws from the scoped generator, or from a fresh unseeded one outside any scope.
    static func draw<T>(_ body: (inout Fake) -> T) -> T {
        if let current { return current.draw(body) }
        var fake = Fake.unseeded()
        return body(&fake)
    }
}

extension Fake {
    /// Runs `operation` with `String.fake()` and friends drawing from a generator seeded with
    /// `seed`, so the run can be replayed.
    public static func withSeed<Result>(
        _ seed: UInt64,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await FakeScope.$current.withValue(FakeScope(seed: seed), operation: operation, isolation: isolation)
    }

    /// The synchronous form of ``withSeed(_:isolation:operation:)``.
    public static func withSeed<Result>(_ seed: UInt64, operation: () throws -> Result) rethrows -> Result {
        try FakeScope.$current.withValue(FakeScope(seed: seed), operation: operation)
    }
}
