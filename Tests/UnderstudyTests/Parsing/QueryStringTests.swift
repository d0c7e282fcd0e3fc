import Testing
@testable import Understudy
@testable import UnderstudyHTTPParsing

struct QueryStringTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let rawQuery: String
        let expected: [QueryItem]
        var testDescription: String { "'\(rawQuery)'" }
    }

    static func item(_ name: String, _ value: String) -> QueryItem { QueryItem(name: name, value: value) }

    static let cases: [Case] = [
        Case(rawQuery: "", expected: []),
        Case(rawQuery: "&&", expected: []),
        Case(rawQuery: "a=1", expected: [item("a", "1")]),
        Case(rawQuery: "a=1&b=2", expected: [item("a", "1"), item("b", "2")]),
        Case(rawQuery: "b=2&a=1", expected: [item("b", "2"), item("a", "1")]),
        Case(rawQuery: "a=1&a=2&a=1", expected: [item("a", "1"), item("a", "2"), item("a", "1")]),
        Case(rawQuery: "a", expected: [item("a", "")]),
        Case(rawQuery: "a=", expected: [item("a", "")]),
        Case(rawQuery: "=1", expected: [item("", "1")]),
        Case(rawQuery: "a=1&&b=2&", expected: [item("a", "1"), item("b", "2")]),
        Case(rawQuery: "a=1=2", expected: [item("a", "1=2")]),
        Case(rawQuery: "q=hello+world", expected: [item("q", "hello world")]),
        Case(rawQuery: "q=1%2B1", expected: [item("q", "1+1")]),
        Case(rawQuery: "first+name=J%C3%B6rg", expected: [item("first name", "Jörg")]),
        Case(rawQuery: "%61%3D=%26", expected: [item("a=", "&")]),
        Case(rawQuery: "emoji=%F0%9F%98%80", expected: [item("emoji", "😀")]),
        Case(rawQuery: "pct=50%", expected: [item("pct", "50%")]),
        Case(rawQuery: "raw=é", expected: [item("raw", "é")]),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) {
        #expect(QueryString.parse(testCase.rawQuery) == testCase.expected)
    }
}
