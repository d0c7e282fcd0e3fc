import Foundation
import Testing
import UnderstudyFakes

/// Runs each test with `String.mock()` and friends drawing from one seeded generator. The
/// seed is printed when the test starts (Swift Testing offers no hook that runs only after a
/// failed expectation) and recorded as an issue when the test throws, so a failing run can
/// be replayed with `.fakes(seed: N)`.
public struct FakesTrait: TestTrait, SuiteTrait, TestScoping {
    /// The fixed seed, or `nil` for a fresh random one per test.
    public let seed: UInt64?

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: () async throws -> Void) async throws {
        guard testCase != nil || !test.isSuite else {
            try await function()
            return
        }
        let seed = self.seed ?? Fake.unseeded().seed
        FileHandle.standardError.write(Data("\(test.name): fakes seed \(seed) (replay with .fakes(seed: \(seed)))\n".utf8))
        do {
            try await Fake.withSeed(seed) { try await function() }
        } catch {
            Issue.record(Comment(rawValue: "fakes seed \(seed); replay with .fakes(seed: \(seed))"), sourceLocation: test.sourceLocation)
            throw error
        }
    }
}

extension Trait where Self == FakesTrait {
    /// Fake data from a fresh random seed per test (printed, so it can be replayed).
    public static var fakes: FakesTrait { FakesTrait(seed: nil) }
    /// Fake data from a fixed seed.
    public static func fakes(seed: UInt64) -> FakesTrait { FakesTrait(seed: seed) }
}
