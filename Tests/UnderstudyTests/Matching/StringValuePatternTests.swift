import Foundation
import Testing
@testable import Understudy

struct StringValuePatternTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let pattern: StringValuePattern
        let value: String?
        let matches: Bool
        var testDescription: String { "\(pattern) vs \(value.map { "\"\($0)\"" } ?? "nil") → \(matches)" }
    }

    // Cases follow https://wiremock.org/docs/request-matching/.
    static let cases: [Case] = [
        Case(pattern: .equalTo("abc"), value: "abc", matches: true),
        Case(pattern: .equalTo("abc"), value: "ABC", matches: false),
        Case(pattern: .equalTo("abc", caseInsensitive: true), value: "ABC", matches: true),
        Case(pattern: .equalToIgnoringCase("Straße"), value: "STRASSE", matches: false),
        Case(pattern: .equalTo("abc"), value: nil, matches: false),
        Case(pattern: "literal", value: "literal", matches: true),
        Case(pattern: .contains("json"), value: "application/json; charset=utf-8", matches: true),
        Case(pattern: .contains("xml"), value: "application/json", matches: false),
        Case(pattern: .contains(""), value: "anything", matches: true),
        Case(pattern: .doesNotContain("xml"), value: "application/json", matches: true),
        Case(pattern: .doesNotContain("json"), value: "application/json", matches: false),
        Case(pattern: .doesNotContain("json"), value: nil, matches: false),
        // Regexes are full matches, as Java's String.matches.
        Case(pattern: .matches("[0-9]+"), value: "12345", matches: true),
        Case(pattern: .matches("[0-9]+"), value: "12a45", matches: false),
        Case(pattern: .matches("abc"), value: "xabcx", matches: false),
        Case(pattern: .matches(".*abc.*"), value: "xabcx", matches: true),
        Case(pattern: .matches("a|b"), value: "b", matches: true),
        Case(pattern: .matches(".*end"), value: "line one\nthe end", matches: true),
        Case(pattern: .doesNotMatch("[0-9]+"), value: "abc", matches: true),
        Case(pattern: .doesNotMatch("[0-9]+"), value: "123", matches: false),
        Case(pattern: .matches("(unclosed"), value: "(unclosed", matches: false),
        Case(pattern: .doesNotMatch("(unclosed"), value: "x", matches: false),
        Case(pattern: .absent, value: nil, matches: true),
        Case(pattern: .absent, value: "", matches: false),
        Case(pattern: .and(.matches("[a-z]+"), .contains("man")), value: "superman", matches: true),
        Case(pattern: .and(.matches("[a-z]+"), .contains("man")), value: "superwoman1", matches: false),
        Case(pattern: .or(.equalTo("a"), .equalTo("b")), value: "b", matches: true),
        Case(pattern: .or(.equalTo("a"), .equalTo("b")), value: "c", matches: false),
        Case(pattern: .or(.absent, .equalTo("x")), value: nil, matches: true),
        Case(pattern: .not(.contains("secret")), value: "public", matches: true),
        Case(pattern: .not(.contains("secret")), value: "top secret", matches: false),
        Case(pattern: .not(.absent), value: "present", matches: true),
        Case(pattern: .not(.absent), value: nil, matches: false),
        Case(pattern: .binaryEqualTo(Data("hi".utf8)), value: "hi", matches: true),
        Case(pattern: .binaryEqualTo(Data("hi".utf8)), value: "ho", matches: false),
        Case(pattern: .equalToJson(["a": 1, "b": [true, nil]]), value: #"{"b":[true,null],"a":1.0}"#, matches: true),
        Case(pattern: .equalToJson(["a": 1]), value: #"{"a":1,"extra":2}"#, matches: false),
        Case(pattern: .equalToJson(["a": 1]), value: "not json", matches: false),
        Case(pattern: .matchesJsonPath("$.name"), value: #"{"name":"Ada"}"#, matches: true),
        Case(pattern: .matchesJsonPath("$.name"), value: #"{"other":"Ada"}"#, matches: false),
        Case(pattern: .matchesJsonPath("$.name"), value: #"{"name":null}"#, matches: false),
        Case(pattern: .matchesJsonPath("$.items[?(@.qty > 5)]"), value: #"{"items":[{"qty":1},{"qty":9}]}"#, matches: true),
        Case(pattern: .matchesJsonPath("$.items[?(@.qty > 50)]"), value: #"{"items":[{"qty":1},{"qty":9}]}"#, matches: false),
        Case(pattern: .matchesJsonPath("$.name", .equalTo("Ada")), value: #"{"name":"Ada"}"#, matches: true),
        Case(pattern: .matchesJsonPath("$.name", .equalTo("Ada")), value: #"{"name":"Bob"}"#, matches: false),
        Case(pattern: .matchesJsonPath("$.age", .equalTo("42")), value: #"{"age":42}"#, matches: true),
        Case(pattern: .matchesJsonPath("$.missing", .absent), value: #"{"age":42}"#, matches: true),
        Case(pattern: .matchesJsonPath("$.tags", .contains("b")), value: #"{"tags":["a","b"]}"#, matches: true),
        Case(pattern: .matchesJsonPath("$.tags[*]", .equalTo("b")), value: #"{"tags":["a","b"]}"#, matches: true),
        Case(pattern: .matchesJsonPath("$.address", .equalToJson(["city": "Rome"])), value: #"{"address":{"city":"Rome"}}"#, matches: true),
        Case(pattern: .matchesJsonPath("$.address", .equalToJson(["city": "Rome"])), value: #"{"address":{"city":"Milan"}}"#, matches: false),
        Case(pattern: .matchesJsonPath("$[", nil), value: "{}", matches: false),
    ]

    @Test(arguments: cases)
    func matchesLikeWireMock(_ testCase: Case) {
        let result = testCase.pattern.match(testCase.value)
        #expect(result.isExactMatch == testCase.matches)
        #expect((0...1).contains(result.distance))
        #expect(result.isExactMatch == (result.distance == 0))
    }

    @Test func equalToDistanceGrowsWithDifference() {
        let pattern: StringValuePattern = .equalTo("/users/42")
        let close = pattern.match("/users/43")
        let far = pattern.match("/completely/other/path")
        #expect(!close.isExactMatch)
        #expect(close.distance < far.distance)
        #expect(abs(close.distance - 1.0 / 9.0) < 0.000_1)
    }

    @Test func binaryEqualToComparesBodyBytes() {
        let bytes = Data([0xFF, 0x00, 0xFE])
        #expect(StringValuePattern.binaryEqualTo(bytes).match(body: bytes).isExactMatch)
        #expect(!StringValuePattern.binaryEqualTo(bytes).match(body: Data([0xFF])).isExactMatch)
    }

    @Test func invalidPatternsReportTheirProblem() {
        #expect(StringValuePattern.matches("(unclosed").problems.first?.hasPrefix("invalid regular expression /(unclosed/") == true)
        #expect(StringValuePattern.matchesJsonPath("$[").problems.first?.hasPrefix("invalid JSONPath \"$[\"") == true)
        #expect(StringValuePattern.and(.contains("a"), .not(.matches("["))).problems.count == 1)
        #expect(StringValuePattern.contains("fine").problems.isEmpty)
    }

    @Test func descriptionsAreStable() {
        #expect(StringValuePattern.equalTo("a\"b").description == #"equalTo "a\"b""#)
        #expect(StringValuePattern.equalToIgnoringCase("x").description == #"equalToIgnoringCase "x""#)
        #expect(StringValuePattern.and(.matches("[a-z]+"), .not(.absent)).description == "and(matches /[a-z]+/, not(absent))")
        #expect(StringValuePattern.matchesJsonPath("$.a", .equalTo("1")).description == #"matchesJsonPath "$.a" equalTo "1""#)
    }
}

struct BodyAbsenceTests {
    @Test(arguments: [
        (StringValuePattern.absent, "", true), (.absent, "x", false), (.not(.absent), "", false), (.not(.absent), "x", true),
        (.or(.absent, .equalTo("x")), "", true), (.equalTo("x"), "", false),
    ])
    func emptyBodyCountsAsAbsent(pattern: StringValuePattern, body: String, matches: Bool) {
        #expect(pattern.match(body: Data(body.utf8)).isExactMatch == matches)
    }
}
