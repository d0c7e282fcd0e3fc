public import Foundation
public import Testing
import UnderstudyFakes

/// Runs each test with `String.fake()` and friends drawing from one seeded generator, and adds
/// the seed to every issue the test records, so a failing run can be replayed:
/// `fakes seed 42; replay with UNDERSTUDY_FAKE_SEED=42 or @Test(.fakes(seed: 42))`.
///
/// Without a fixed seed, the seed comes from `UNDERSTUDY_FAKE_SEED` when set, else at random.
public struct FakesTrait: TestTrait, SuiteTrait, TestScoping {
    /// The environment variable that fixes the seed of `.fakes` tests.
    public static let environmentKey = "UNDERSTUDY_FAKE_SEED"

    /// The fixed seed, or `nil` for the environment's or a random one.
    public let seed: UInt64?

    /// A trait with a fixed seed, or `nil` for the environment's or a random one.
    public init(seed: UInt64?) { self.seed = seed }

    public var isRecursive: Bool { true }

    /// The seed a run uses.
    public func resolvedSeed(environment: [String: String] = ProcessInfo.processInfo.environment) -> UInt64 {
        seed ?? environment[Self.environmentKey].flatMap(UInt64.init) ?? Fake.unseeded().seed
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil || !test.isSuite else {
            try await function()
            return
        }
        let seed = resolvedSeed()
        let annotate = IssueHandlingTrait.compactMapIssues { Self.annotating($0, seed: seed) }
        try await annotate.provideScope(for: test, testCase: testCase) {
            try await Fake.withSeed(seed) { try await function() }
        }
    }

    /// The issue with a comment naming the seed and how to replay it.
    public static func annotating(_ issue: Issue, seed: UInt64) -> Issue {
        var annotated = issue
        annotated.comments.append(Comment(rawValue: "fakes seed \(seed); replay with \(environmentKey)=\(seed) or @Test(.fakes(seed: \(seed)))"))
        return annotated
    }
}

extension Trait where Self == FakesTrait {
    /// Fake data from `UNDERSTUDY_FAKE_SEED` or a random seed, named in every failure.
    public static var fakes: FakesTrait { FakesTrait(seed: nil) }
    /// Fake data from a fixed seed.
    public static func fakes(seed: UInt64) -> FakesTrait { FakesTrait(seed: seed) }
}
