import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyHTTPParsing

struct FormURLEncodedTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let body: Data
        let expected: [QueryItem]
        var testDescription: String { String(decoding: body, as: UTF8.self) }
    }

    static func item(_ name: String, _ value: String) -> QueryItem { QueryItem(name: name, value: value) }

    static let cases: [Case] = [
        Case(body: Data(), expected: []),
        Case(body: Data("name=Ada+Lovelace&lang=en".utf8), expected: [item("name", "Ada Lovelace"), item("lang", "en")]),
        Case(body: Data("tag=a&tag=b&&flag".utf8), expected: [item("tag", "a"), item("tag", "b"), item("flag", "")]),
        Case(body: Data("math=1%2B1%3D2&city=M%C3%BCnchen".utf8), expected: [item("math", "1+1=2"), item("city", "München")]),
        Case(body: Data("empty=&x=%ZZ".utf8), expected: [item("empty", ""), item("x", "%ZZ")]),
        Case(body: Data([0x61, 0x3D, 0xFF]), expected: [item("a", "\u{FFFD}")]),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) {
        #expect(FormURLEncoded.parse(testCase.body) == testCase.expected)
    }
}
