import Testing
@testable import Understudy

struct MultiValuePatternTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let pattern: MultiValuePattern
        let values: [String]
        let matches: Bool
        var testDescription: String { "\(pattern) vs \(values) → \(matches)" }
    }

    static let cases: [Case] = [
        Case(pattern: .single(.equalTo("b")), values: ["a", "b"], matches: true),
        Case(pattern: .single(.equalTo("c")), values: ["a", "b"], matches: false),
        Case(pattern: .single(.equalTo("c")), values: [], matches: false),
        Case(pattern: .single(.absent), values: [], matches: true),
        Case(pattern: .single(.absent), values: ["x"], matches: false),
        Case(pattern: .hasExactly(.equalTo("1"), .equalTo("2")), values: ["2", "1"], matches: true),
        Case(pattern: .hasExactly(.equalTo("1"), .equalTo("2")), values: ["1", "2", "3"], matches: false),
        Case(pattern: .hasExactly(.equalTo("1"), .equalTo("2")), values: ["1"], matches: false),
        Case(pattern: .hasExactly(.equalTo("1"), .matches("[0-9]")), values: ["1", "7"], matches: true),
        Case(pattern: .hasExactly(.equalTo("1")), values: [], matches: false),
        Case(pattern: .includes(.equalTo("1"), .equalTo("2")), values: ["3", "2", "1"], matches: true),
        Case(pattern: .includes(.equalTo("1"), .equalTo("4")), values: ["3", "2", "1"], matches: false),
        Case(pattern: .includes(.equalTo("1")), values: [], matches: false),
    ]

    @Test(arguments: cases)
    func matchesLikeWireMock(_ testCase: Case) {
        #expect(testCase.pattern.match(testCase.values).isExactMatch == testCase.matches)
    }
}
