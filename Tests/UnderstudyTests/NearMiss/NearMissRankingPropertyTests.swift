import Foundation
import Testing
import UnderstudySupport
@testable import Understudy

/// Near-miss ranking passes over stubs its bound puts out of reach; the report must still be
/// exactly the one of grading every stub and sorting by distance, then matching order
/// (WireMock's `NearMissCalculator`).
struct NearMissRankingPropertyTests {
    @Test(arguments: 0..<30)
    func theBoundedRankingIsTheFullRanking(seed: UInt64) {
        var generator = RandomStubs(random: SplitMix64(seed: seed))
        var registry = StubRegistry()
        for _ in 0..<Int.random(in: 1...80, using: &generator.random) { registry.add(generator.stub()) }
        var scenarios = ScenarioStates()
        if generator.chance(50) { scenarios.set("flow", to: "Second") }
        for _ in 0..<100 {
            let request = generator.request()
            let limit = generator.pick([1, 3, 5])
            let reported = NearMissCalculator(limit: limit).nearest(to: request, in: registry, scenarios: scenarios).nearMisses
            let expected = registry.entries
                .map { ($0, NearMissCalculator.graded($0.mapping, request, scenarios)) }
                .sorted { $0.1.distance != $1.1.distance ? $0.1.distance < $1.1.distance : $0.0.precedes($1.0) }
                .prefix(limit)
            #expect(reported.map(\.stub?.id) == expected.map(\.0.mapping.id), "seed \(seed): \(request.method) \(request.url)")
            #expect(reported.map(\.result.distance) == expected.map(\.1.distance), "seed \(seed): \(request.method) \(request.url)")
        }
    }

    /// The bound itself, to the last bit: never does it exclude a stub from a threshold just
    /// above the stub's graded distance.
    @Test(arguments: 0..<30)
    func theBoundIsNeverAboveTheGradedDistance(seed: UInt64) {
        var generator = RandomStubs(random: SplitMix64(seed: seed))
        let stubs = (0..<40).map { _ in generator.stub() }
        for _ in 0..<100 {
            let request = generator.request()
            let subject = NearMissBound.Subject(request)
            for stub in stubs {
                let distance = stub.request.match(request).distance
                let bound = NearMissBound(stub.request)
                #expect(bound.lowerBound(subject) <= distance, "seed \(seed): \(stub.request) for \(request.method) \(request.url) at \(distance)")
                #expect(!bound.excludes(subject, beyond: distance, tieLoses: false),
                        "seed \(seed): \(stub.request) for \(request.method) \(request.url) at \(distance)")
            }
        }
    }

    /// The byte-wise edit distance the bound uses is the scalar-wise one the URL field grades.
    @Test func theASCIIEditDistanceIsTheScalarEditDistance() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("/ab1.".utf8)
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            let b = (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            #expect(LevenshteinDistance.normalized(ascii: a, b) == LevenshteinDistance.normalized(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self)))
        }
    }

    @Test func amongManyStubsOnlyTheNearOnesAreReported() {
        var registry = StubRegistry()
        for index in 0..<1_000 { registry.add(StubMapping(.get(urlPath: "/items/\(index)"), .ok)) }
        let report = NearMissCalculator(limit: 3).nearest(to: RecordedRequest(method: .get, url: "/items/1000"), in: registry, scenarios: ScenarioStates())
        // One edit from /items/100, the newest first among equals: /items/100 is the only stub one
        // insertion away; then those one substitution and one insertion away, newest first.
        #expect(report.nearMisses.first?.stub?.request.url.value == "/items/100")
        #expect(report.stubCount == 1_000)
    }
}
