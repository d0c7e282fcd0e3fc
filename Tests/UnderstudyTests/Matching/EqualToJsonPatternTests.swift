import Testing
@testable import Understudy

struct EqualToJsonPatternTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let expected: JSONValue
        let actual: String
        var ignoreArrayOrder = false
        var ignoreExtraElements = false
        let matches: Bool
        var testDescription: String {
            "\(expected) vs \(actual) order:\(ignoreArrayOrder) extra:\(ignoreExtraElements) → \(matches)"
        }
    }

    static let cases: [Case] = [
        Case(expected: ["a": 1, "b": "x"], actual: #"{"b":"x","a":1}"#, matches: true),
        Case(expected: ["a": 1], actual: #"{"a":1.0}"#, matches: true),
        Case(expected: ["a": 1], actual: #"{"a":"1"}"#, matches: false),
        Case(expected: ["a": 1], actual: #"{"a":1,"b":2}"#, matches: false),
        Case(expected: ["a": 1], actual: #"{"a":1,"b":2}"#, ignoreExtraElements: true, matches: true),
        Case(expected: ["a": 1, "b": 2], actual: #"{"a":1}"#, ignoreExtraElements: true, matches: false),
        Case(expected: [1, 2, 3], actual: "[3,2,1]", matches: false),
        Case(expected: [1, 2, 3], actual: "[3,2,1]", ignoreArrayOrder: true, matches: true),
        Case(expected: [1, 2, 2], actual: "[1,1,2]", ignoreArrayOrder: true, matches: false),
        // WireMock: ignoreExtraElements also allows extra array items.
        Case(expected: [1, 2], actual: "[1,2,3]", ignoreExtraElements: true, matches: true),
        Case(expected: [1, 2], actual: "[1,2,3]", matches: false),
        Case(expected: [2, 1], actual: "[3,1,2]", ignoreArrayOrder: true, ignoreExtraElements: true, matches: true),
        Case(expected: ["items": [["id": 1]]], actual: #"{"items":[{"id":1,"name":"x"}]}"#, ignoreExtraElements: true, matches: true),
        Case(expected: ["id": "${json-unit.any-string}"], actual: #"{"id":"abc"}"#, matches: true),
        Case(expected: ["id": "${json-unit.any-string}"], actual: #"{"id":7}"#, matches: false),
        Case(expected: ["n": "${json-unit.any-number}", "b": "${json-unit.any-boolean}"], actual: #"{"n":7.5,"b":false}"#, matches: true),
        Case(expected: ["when": "${json-unit.ignore}"], actual: #"{"when":[1,{"x":2}]}"#, matches: true),
        Case(expected: ["code": "${json-unit.regex}[A-Z]{3}"], actual: #"{"code":"ABC"}"#, matches: true),
        Case(expected: ["code": "${json-unit.regex}[A-Z]{3}"], actual: #"{"code":"ABCD"}"#, matches: false),
        Case(expected: nil, actual: "null", matches: true),
        Case(expected: "text", actual: "\"text\"", matches: true),
    ]

    @Test(arguments: cases)
    func matchesLikeWireMock(_ testCase: Case) {
        let pattern = EqualToJsonPattern(expected: testCase.expected, ignoreArrayOrder: testCase.ignoreArrayOrder,
                                         ignoreExtraElements: testCase.ignoreExtraElements)
        #expect(pattern.match(testCase.actual).isExactMatch == testCase.matches)
    }

    @Test func distanceIsTheShareOfDifferingNodes() {
        let pattern = EqualToJsonPattern(expected: ["a": 1, "b": 2, "c": 3, "d": 4])
        let oneOff = pattern.match(#"{"a":1,"b":2,"c":3,"d":5}"#)
        let threeOff = pattern.match(#"{"a":9,"b":9,"c":9,"d":4}"#)
        #expect(oneOff.distance < threeOff.distance)
        #expect(pattern.match("not json") == .noMatch)
    }

    @Test func aStringLiteralIsJSONTextAsInAMappingFile() throws {
        let pattern = try StringValuePattern.equalToJson(#"{"name": "Ada", "tags": [1, 2]}"#, ignoreArrayOrder: true)
        #expect(pattern == .equalToJson(["name": "Ada", "tags": [1, 2]], ignoreArrayOrder: true))
        #expect(pattern.match(#"{"tags":[2,1],"name":"Ada"}"#) == .exactMatch)
        // Not the JSON string holding that text.
        #expect(pattern.match(#""{\"name\": \"Ada\"}""#) != .exactMatch)
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/users").body(try .equalToJson(#"{"name": "Ada"}"#)), .created)
        #expect(mock.serve(request(.post, "/users", body: #"{ "name" : "Ada" }"#)).response.status == 201)
        // A JSON string is still expressible, as a JSONValue.
        #expect(StringValuePattern.equalToJson(.string("Ada")).match(#""Ada""#) == .exactMatch)
    }

    @Test func invalidJSONTextThrowsWhereThePatternIsMade() {
        #expect(throws: JSONParseError.self) { try StringValuePattern.equalToJson(#"{"name": "Ada",}"#) }
        do {
            _ = try StringValuePattern.equalToJson("{\"name\" \"Ada\"}")
            Issue.record("expected a JSONParseError")
        } catch {
            #expect(error.line == 1)
            #expect(error.column == 9)
        }
    }
}
