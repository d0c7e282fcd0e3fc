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
        let registry = Self.registry(&generator)
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

    /// The search itself, to the last bit: searched to the end, it gives every stub once, each
    /// with a bound never above its graded distance, smallest bound first (then in matching
    /// order), so that stopping at any bound passes over no stub that could rank.
    @Test(arguments: 0..<30)
    func theSearchGivesEveryStubOnceByABoundNeverAboveItsDistance(seed: UInt64) {
        var generator = RandomStubs(random: SplitMix64(seed: seed))
        let registry = Self.registry(&generator)
        for _ in 0..<100 {
            let request = generator.request()
            var search = NearMissSearch(registry.nearMissIndex, NearMissBound.Subject(request))
            var given: [(entry: StubRegistry.Entry, bound: Double)] = []
            while let next = search.next(stoppingAbove: nil) { given.append(next) }
            let context: Comment = "seed \(seed): \(request.method) \(request.url)"
            #expect(Set(given.map { ObjectIdentifier($0.entry) }) == Set(registry.entries.map(ObjectIdentifier.init)), context)
            #expect(given.count == registry.count, context)
            for (entry, bound) in given {
                #expect(bound <= entry.mapping.request.match(request).distance, "\(context) from \(entry.mapping.request)")
            }
            for (earlier, later) in zip(given, given.dropFirst()) {
                #expect(earlier.bound < later.bound || earlier.bound == later.bound && earlier.entry.precedes(later.entry), context)
            }
        }
    }

    /// A trie node's bound is never above the edit distance of a text below it, and where a
    /// text ends, the node's row gives its distance exactly; also after removals.
    @Test(arguments: 0..<20)
    func theTrieBoundIsNeverAboveTheEditDistanceBelow(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet = Array("/ab1.{}".utf8)
        func text() -> [UInt8] {
            (0..<Int.random(in: 0...10, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
        }
        var trie = NearMissTextTrie()
        var texts: [(entry: StubRegistry.Entry, text: [UInt8])] = []
        for sequence in 0..<Int.random(in: 1...40, using: &random) {
            let entry = StubRegistry.Entry(mapping: StubMapping(.get(urlPath: "/"), .ok), sequence: sequence)
            let bytes = text()
            trie.insert(entry, text: bytes)
            texts.append((entry, bytes))
        }
        for _ in 0..<texts.count / 3 {
            let removed = texts.remove(at: Int.random(in: 0..<texts.count, using: &random))
            trie.remove(removed.entry, text: removed.text)
        }
        var scratch = NearMissTextTrie.Scratch()
        for _ in 0..<30 {
            let request = text()
            var rows = Array(0...request.count)
            // Every node with its row and its prefix, from the root down.
            var stack = [(node: 0, row: 0, prefix: [UInt8]())]
            while let (node, row, prefix) = stack.popLast() {
                let below = texts.filter { $0.text.starts(with: prefix) }
                #expect(trie.nodes[node].count == below.count, "seed \(seed)")
                guard !below.isEmpty else { continue }
                let bound = trie.lowerBound(of: node, row: row, in: rows, text: request, scratch: &scratch)
                for (_, text) in below {
                    #expect(bound <= Self.editDistance(text, request), "seed \(seed): \(text) from \(request)")
                }
                if !trie.nodes[node].entries.isEmpty {
                    #expect(rows[row + request.count] == Self.editDistance(prefix, request), "seed \(seed)")
                }
                for child in trie.nodes[node].children {
                    rows += Array(repeating: 0, count: request.count + 1)
                    trie.writeRow(of: child, parentRow: row, text: request, into: &rows, at: rows.count - request.count - 1)
                    stack.append((child, rows.count - request.count - 1, prefix + [trie.nodes[child].byte]))
                }
            }
        }
    }

    /// The edit distance, as the textbook writes it.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() { current.append(min(previous[j] + (x == y ? 0 : 1), previous[j + 1] + 1, current[j] + 1)) }
            previous = current
        }
        return previous[b.count]
    }

    /// Random stubs, some of them replaced or removed again, so that the index has seen both.
    private static func registry(_ generator: inout RandomStubs) -> StubRegistry {
        var registry = StubRegistry()
        var added: [StubMapping] = []
        for _ in 0..<Int.random(in: 1...80, using: &generator.random) {
            var stub = generator.stub()
            if !added.isEmpty, generator.chance(10) { stub.id = generator.pick(added).id }
            registry.add(stub)
            added.append(stub)
        }
        for _ in 0..<added.count / 4 where generator.chance(50) { registry.remove(id: generator.pick(added).id) }
        return registry
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
