import Foundation
import Testing
import UnderstudySupport
@testable import Understudy

/// The route index only narrows: for random stub sets and requests, the stubs it offers that
/// match are exactly the stubs a scan of every stub finds, in the same (WireMock) order:
/// priority first, then newest first. Where the index decides a stub's URL (an exact key, a
/// template of whole segments), the URL pattern agrees.
struct RouteIndexPropertyTests {
    @Test(arguments: 0..<40)
    func theIndexedMatchesAreTheScannedMatches(seed: UInt64) {
        var generator = RandomStubs(random: SplitMix64(seed: seed))
        var registry = StubRegistry()
        var added: [StubMapping] = []
        for _ in 0..<Int.random(in: 1...60, using: &generator.random) {
            // Some stubs replace or remove earlier ones, so that the index is taken apart too.
            if !added.isEmpty, generator.chance(10) {
                registry.remove(id: generator.pick(added).id)
            } else if !added.isEmpty, generator.chance(10) {
                var replacement = generator.stub()
                replacement.id = generator.pick(added).id
                registry.add(replacement)
            } else {
                let stub = generator.stub()
                added.append(stub)
                registry.add(stub)
            }
        }
        for _ in 0..<200 {
            let request = generator.request()
            let scanned = registry.entries.filter { $0.mapping.request.matches(request) }.map(\.mapping.id)
            let sequence = registry.candidates(for: request)
            let candidates = Array(sequence)
            // As the mock matches them: the URL is not checked again where the index decided it.
            let decided = candidates.filter { sequence.fromIndex && $0.indexProof == .urlMatches }
            let indexed = candidates.filter { $0.matches(request, given: sequence.fromIndex ? $0.indexProof : .none) }.map(\.mapping.id)
            #expect(indexed == scanned, "seed \(seed): \(request.method) \(request.url)")
            // Where the index decided the URL, the URL pattern agrees.
            for entry in decided {
                #expect(entry.mapping.request.url.match(request).isExactMatch,
                        "seed \(seed): \(entry.mapping.request.url) offered as decided for \(request.url)")
            }
            // Offered once each, in matching order.
            #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0.precedes($1) }, "seed \(seed): \(request.method) \(request.url)")
        }
    }

    /// ASCII paths are matched byte by byte (``PathTemplate/matches(_:)``); the variables of a
    /// match are still read character by character (``PathTemplate/match(_:)``). Both must agree.
    @Test(arguments: 0..<20)
    func theByteMatchOfATemplateIsTheCharacterMatch(seed: UInt64) throws {
        var generator = RandomStubs(random: SplitMix64(seed: seed))
        for _ in 0..<50 {
            let template = try PathTemplate(generator.template())
            for _ in 0..<50 {
                let path = generator.request().path
                #expect(template.matches(path) == (template.match(path) != nil), "seed \(seed): \(template) on \(path)")
            }
        }
    }

    @Test func aTemplateStubIsOfferedOnlyToPathsWithItsLiteralSegments() {
        var registry = StubRegistry()
        for index in 0..<100 { registry.add(StubMapping(.request(.get, .urlPathTemplate("/things/\(index)/{name}")), .ok)) }
        registry.add(StubMapping(.request(.any, .urlPathTemplate("/{kind}/7/{name}")), .ok))
        let offered = Array(registry.candidates(for: RecordedRequest(method: .get, url: "/things/7/abc")))
        #expect(offered.map(\.mapping.request.url.value) == ["/{kind}/7/{name}", "/things/7/{name}"])
    }

    @Test func aRegexStubIsOfferedOnlyToPathsStartingWithItsLiteralPrefix() {
        var registry = StubRegistry()
        for index in 0..<100 { registry.add(StubMapping(.request(.get, .urlPathPattern("/things/\(index)/[a-z]+")), .ok)) }
        registry.add(StubMapping(.request(.get, .urlPathPattern(".*/abc")), .ok))
        let offered = Array(registry.candidates(for: RecordedRequest(method: .get, url: "/things/7/abc")))
        #expect(offered.map(\.mapping.request.url.value) == [".*/abc", "/things/7/[a-z]+"])
    }

    @Test(arguments: [
        ("/things/[0-9]+", "/things/"),
        ("^/a/b", "/a/b"),
        ("/a\\.json", "/a.json"),
        ("/ab?c", "/a"),
        ("/ab*", "/a"),
        ("/ab+c", "/ab"),
        ("/ab{2}", "/a"),
        ("/a/\\d+", "/a/"),
        ("/a|/b", ""),
        ("(?i)/a", ""),
        (".*/a", ""),
        ("/é/a", "/"),
        ("/a(", ""),
    ])
    func theLiteralPrefixOfARegexIsWhatEveryMatchStartsWith(regex: String, prefix: String) {
        #expect(RegexPattern(regex).literalPrefix == prefix)
    }
}
