import Testing
@testable import Understudy
@testable import UnderstudyHTTPParsing

struct CookieHeaderTests {
    struct Cookie: Hashable, Sendable {
        let name: String
        let value: String
        init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let headers: [String]
        let expected: [Cookie]
        var testDescription: String { headers.joined(separator: " | ") }
    }

    static let cases: [Case] = [
        Case(headers: [], expected: []),
        Case(headers: [""], expected: []),
        Case(headers: ["a=1"], expected: [Cookie("a", "1")]),
        Case(headers: ["a=1; b=2"], expected: [Cookie("a", "1"), Cookie("b", "2")]),
        Case(headers: ["a=1;b=2"], expected: [Cookie("a", "1"), Cookie("b", "2")]),
        Case(headers: ["  a = 1 ;\tb=2  ;"], expected: [Cookie("a", "1"), Cookie("b", "2")]),
        Case(headers: ["a=1; a=2"], expected: [Cookie("a", "1"), Cookie("a", "2")]),
        Case(headers: ["a=1", "b=2; a=3"], expected: [Cookie("a", "1"), Cookie("b", "2"), Cookie("a", "3")]),
        Case(headers: ["session=\"abc def\""], expected: [Cookie("session", "abc def")]),
        Case(headers: ["q=\"\""], expected: [Cookie("q", "")]),
        Case(headers: ["q=\"half"], expected: [Cookie("q", "\"half")]),
        Case(headers: ["q=\""], expected: [Cookie("q", "\"")]),
        Case(headers: ["empty="], expected: [Cookie("empty", "")]),
        Case(headers: ["token=a=b=c"], expected: [Cookie("token", "a=b=c")]),
        Case(headers: ["malformed; a=1; =noname; ; b=2"], expected: [Cookie("a", "1"), Cookie("b", "2")]),
        Case(headers: ["name=%41+b"], expected: [Cookie("name", "%41+b")]),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) {
        let parsed = CookieHeader.parse(testCase.headers).map { Cookie($0.name, $0.value) }
        #expect(parsed == testCase.expected)
    }
}
