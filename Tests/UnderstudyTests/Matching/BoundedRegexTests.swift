import Foundation
import Testing
@testable import Understudy
@testable import UnderstudySupport

/// Regexes from stubs, JSONPath filters and templates cannot hang matching: patterns are
/// bounded in size and nesting, and a match that backtracks past its step budget is abandoned.
struct BoundedRegexTests {
    /// `(a+)+b` on `aaa…c` backtracks exponentially: 2^40 paths, hours for ICU without a bound.
    static let catastrophic = "(a+)+b"
    static let hostileValue = String(repeating: "a", count: 40) + "c"

    @Test func catastrophicBacktrackingIsAbandoned() throws {
        let regex = try BoundedRegex(Self.catastrophic, wholeValue: true)
        #expect(regex.firstMatch(in: Self.hostileValue) == .gaveUp)
        // The same expression still answers ordinary values.
        #expect(regex.firstMatch(in: "aaab") != .gaveUp)
        #expect(regex.firstMatch(in: "aaab") != .noMatch)
        #expect(regex.firstMatch(in: "c") == .noMatch)
    }

    @Test func theBudgetGrowsWithTheInputSoLongLinearScansFinish() throws {
        // 4 MiB scanned by `.*` and backtracked once: millions of steps, all needed.
        let text = String(repeating: "x", count: 4 << 20) + "needle"
        let regex = try BoundedRegex(".*needle", wholeValue: true)
        guard case .matched(let groups) = regex.firstMatch(in: text) else {
            Issue.record("a linear scan of 4 MiB was abandoned")
            return
        }
        #expect(groups.first??.upperBound == text.endIndex)
    }

    @Test func oversizedAndDeeplyNestedPatternsAreRefusedWithTheLimit() {
        let long = RegexPattern(String(repeating: "a", count: BoundedRegex.maxPatternLength + 1))
        #expect(long.compileError == "invalid regular expression /\(long.source)/: the regular expression is 10001 characters long; the limit is 10000")
        let deep = RegexPattern(String(repeating: "(", count: 65) + "a" + String(repeating: ")", count: 65))
        #expect(deep.compileError?.hasSuffix("the regular expression nests groups 65 deep; the limit is 64") == true)
        // Parentheses escaped or inside a class are not groups.
        #expect(BoundedRegex.groupNesting(of: #"\(\(\([(((]"#) == 0)
        #expect(BoundedRegex.groupNesting(of: "(a(b)(c(d)))") == 3)
        #expect(RegexPattern(String(repeating: "(", count: 64) + "a" + String(repeating: ")", count: 64)).compileError == nil)
    }

    @Test func aMappingWithAnOversizedRegexFailsToLoadNamingTheLimit() {
        let pattern = String(repeating: "x", count: 10_001)
        let json = #"{"request": {"urlPathPattern": "\#(pattern)"}, "response": {"status": 200}}"#
        #expect {
            try WireMockMappings.decodeMapping(Data(json.utf8), file: "big.json")
        } throws: { error in
            "\(error)".contains("big.json:1:") && "\(error)".contains("the limit is 10000")
        }
    }

    @Test func wholeValueMeansWholeEvenBeforeAFinalNewline() {
        // Java's `matches()` needs the whole value; ICU's `$` alone would accept "abc\n".
        #expect(!RegexPattern("abc").matches("abc\n"))
        #expect(RegexPattern("abc\\n").matches("abc\n"))
        #expect(RegexPattern("a.c").matches("a\nc"))
    }

    /// `.*` and `.+` skip the engine (a message stub's catch-all runs on every message); they
    /// must answer as the engine does, line breaks and emptiness included.
    @Test(arguments: ["", "a", "\n", "a\r\nb", "é🙂", String(repeating: "x", count: 5_000)])
    func theCatchAllShortcutsAnswerAsTheEngine(value: String) throws {
        for source in [".*", ".+"] {
            let engine = try BoundedRegex(source, options: [.dotMatchesLineSeparators], wholeValue: true)
            let expected = if case .matched = engine.firstMatch(in: value, anchored: true, capturing: false) { true } else { false }
            #expect(RegexPattern(source).matches(value) == expected, "/\(source)/ on \(value.debugDescription.prefix(20))")
        }
        #expect(RegexPattern(".*").matches(""))
        #expect(!RegexPattern(".+").matches(""))
    }

    @Test func aHostileStubRegexMissesInsteadOfHanging() {
        let mock = HTTPMock()
        mock.stub(StubMapping(.get(urlPath: "/search").header("X-Query", .matches(Self.catastrophic)), .ok))
        mock.stub(StubMapping(.get(urlPath: "/filter").header("X-Query", .doesNotMatch(Self.catastrophic)), .ok))
        let hostile: HTTPHeaders = ["X-Query": Self.hostileValue]
        #expect(mock.serve(request(.get, "/search", headers: hostile)).response.status == 404)
        // An abandoned match is no evidence the value differs, so doesNotMatch misses too.
        #expect(mock.serve(request(.get, "/filter", headers: hostile)).response.status == 404)
        #expect(RegexPattern(Self.catastrophic).outcome(Self.hostileValue) == .gaveUp)
        // The near-miss report says why, and how to fix the pattern.
        let report = mock.nearMisses(for: request(.get, "/search", headers: hostile)).description
        #expect(report.contains("✗ header X-Query: expected matches /(a+)+b/ (the regex was abandoned: it backtracks too long on this value; make nested quantifiers possessive, a++, or atomic, (?>a+))"), "\(report)")
        // Ordinary values still match both ways.
        #expect(mock.serve(request(.get, "/search", headers: ["X-Query": "aab"])).response.status == 200)
        #expect(mock.serve(request(.get, "/filter", headers: ["X-Query": "xyz"])).response.status == 200)
    }

    @Test func anAbandonedURLRegexIsNamedInTheNearMissReport() {
        let mock = HTTPMock()
        mock.stub(StubMapping(.request(.get, .urlPathPattern("/(a+)+b")), .ok))
        let path = "/" + Self.hostileValue
        #expect(mock.serve(request(.get, path)).response.status == 404)
        let report = mock.nearMisses(for: request(.get, path)).description
        #expect(report.contains("✗ urlPathPattern: expected \"/(a+)+b\" \(RegexOutcome.abandonedNote)"), "\(report)")
    }

    @Test func aHostileJSONPathFilterRegexSelectsNothing() throws {
        let document: JSONValue = ["items": [["name": .string(Self.hostileValue)], ["name": "aab"]]]
        let selected = try JSONPath("$.items[?(@.name =~ /\(Self.catastrophic)/)].name").evaluate(document)
        #expect(selected == ["aab"])
        let searched = try JSONPath("$.items[?search(@.name, '\(Self.catastrophic)')].name").evaluate(document)
        #expect(searched == ["aab"])
    }
}

/// The lint-time check for the usual shape of catastrophic backtracking.
struct NestedRepetitionCheckTests {
    @Test(arguments: [
        ("(a+)+b", "(a+)+"),
        ("^(\\w+\\s?)*$", "(\\w+\\s?)*"),
        ("(.*,){2,}x", "(.*,){2,}"),
        ("((ab)*c)+", "((ab)*c)+"),
        ("x(?:[a-z]+-?)+y", "(?:[a-z]+-?)+"),
        ("(a*)*?", "(a*)*?"),
    ])
    func reportsNestedUnboundedRepetition(_ pattern: String, _ group: String) {
        #expect(NestedRepetitionCheck.riskyGroup(in: pattern) == group)
        #expect(RegexPattern(pattern).backtrackingWarning?.contains("repeats \(group), a group that itself repeats") == true)
    }

    @Test(arguments: [
        "[0-9]+", "(abc)+", "(a+)", "(a+)?", "(a+){2}", "(a+){1,3}",   // nothing repeats twice without bound
        "(a++)+b", "(?>a+)+b", "(a+)++", "(a{2,}+)*",                    // possessive or atomic
        "\\(a+\\)+", "[(a+)+]", "\\Q(a+)+\\E", "[]a+]x",                  // not groups
        "([a-z]{3})*",                                                    // inner repetition is bounded
    ])
    func leavesSafePatternsAlone(_ pattern: String) {
        #expect(NestedRepetitionCheck.riskyGroup(in: pattern) == nil)
    }

    @Test func requestPatternsCollectWarningsFromEveryField() {
        let pattern = RequestPattern.request(.get, .urlPathPattern("/(a+)+"))
            .header("X", .and(.matches("(b*)*"), .contains("c")))
            .body(.matches("ok"))
        #expect(pattern.regexWarnings.count == 2)
        #expect(pattern.problems.isEmpty)
    }
}
