import Testing
import UnderstudySupport
@testable import Understudy

struct PercentEncodingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let input: String
        let plusAsSpace: Bool
        let expected: String
        var testDescription: String { "\(input) (plus as space: \(plusAsSpace)) → \(expected)" }
    }

    static let cases: [Case] = [
        Case(input: "", plusAsSpace: true, expected: ""),
        Case(input: "plain", plusAsSpace: true, expected: "plain"),
        Case(input: "a%20b", plusAsSpace: false, expected: "a b"),
        Case(input: "a+b", plusAsSpace: true, expected: "a b"),
        Case(input: "a+b", plusAsSpace: false, expected: "a+b"),
        Case(input: "a%2Bb", plusAsSpace: true, expected: "a+b"),
        Case(input: "%2b%2B", plusAsSpace: true, expected: "++"),
        Case(input: "caf%C3%A9", plusAsSpace: false, expected: "café"),
        Case(input: "%E2%82%AC%20rate", plusAsSpace: false, expected: "€ rate"),
        Case(input: "%F0%9F%98%80", plusAsSpace: false, expected: "😀"),
        Case(input: "%e2%82%ac", plusAsSpace: false, expected: "€"),
        Case(input: "already é decoded", plusAsSpace: false, expected: "already é decoded"),
        // Invalid escapes stay literally.
        Case(input: "100%", plusAsSpace: false, expected: "100%"),
        Case(input: "%", plusAsSpace: false, expected: "%"),
        Case(input: "%4", plusAsSpace: false, expected: "%4"),
        Case(input: "%G1", plusAsSpace: false, expected: "%G1"),
        Case(input: "%%41", plusAsSpace: false, expected: "%A"),
        Case(input: "%zz%41", plusAsSpace: true, expected: "%zzA"),
        // Bytes that are not UTF-8 become U+FFFD.
        Case(input: "%FF", plusAsSpace: false, expected: "\u{FFFD}"),
        Case(input: "a%C3", plusAsSpace: false, expected: "a\u{FFFD}"),
        Case(input: "%C3%28", plusAsSpace: false, expected: "\u{FFFD}("),
        Case(input: "%00", plusAsSpace: false, expected: "\u{0}"),
    ]

    @Test(arguments: cases)
    func decodes(_ testCase: Case) {
        #expect(PercentEncoding.decode(testCase.input, plusAsSpace: testCase.plusAsSpace) == testCase.expected)
    }
}
