import Testing
@testable import Understudy
import UnderstudySupport

struct LevenshteinDistanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let a: String
        let b: String
        let expected: Double
        var testDescription: String { "'\(a)' vs '\(b)' → \(expected)" }
    }

    static let cases: [Case] = [
        Case(a: "", b: "", expected: 0),
        Case(a: "same", b: "same", expected: 0),
        Case(a: "a", b: "", expected: 1),
        Case(a: "", b: "abc", expected: 1),
        Case(a: "abc", b: "xyz", expected: 1),
        Case(a: "kitten", b: "sitting", expected: 3.0 / 7),
        Case(a: "flaw", b: "lawn", expected: 2.0 / 4),
        Case(a: "/users/1", b: "/users/2", expected: 1.0 / 8),
        Case(a: "abc", b: "abcd", expected: 1.0 / 4),
        Case(a: "Case", b: "case", expected: 1.0 / 4),
        // Unicode scalars, not UTF-16 units: the emoji is one unit.
        Case(a: "a😀", b: "a", expected: 1.0 / 2),
        Case(a: "😀", b: "😃", expected: 1),
        Case(a: "naïve", b: "naive", expected: 1.0 / 5),
        // No normalisation: precomposed é vs e + U+0301.
        Case(a: "\u{E9}", b: "e\u{301}", expected: 1),
    ]

    @Test(arguments: cases)
    func normalizedDistance(_ testCase: Case) {
        #expect(abs(LevenshteinDistance.normalized(testCase.a, testCase.b) - testCase.expected) < 1e-12)
        #expect(abs(LevenshteinDistance.normalized(testCase.b, testCase.a) - testCase.expected) < 1e-12)
    }

    @Test
    func longStringsWithOneLocalEditAreExactThanksToPrefixAndSuffixTrimming() {
        let base = String(repeating: "0123456789", count: 3_000)
        var edited = base
        edited.insert(contentsOf: "INSERTED", at: edited.index(edited.startIndex, offsetBy: 15_000))
        #expect(LevenshteinDistance.normalized(base, edited) == 8.0 / 30_008)
    }

    @Test
    func hugeDifferingStringsUseTheSubstitutionEstimate() {
        // Substitutions only (first, last, every 100th scalar): the estimate equals the true distance.
        let base = Array(String(repeating: "abcdefghij", count: 2_000).unicodeScalars)
        var changed = base
        var substitutions = 0
        for index in stride(from: 0, to: changed.count, by: 100) {
            changed[index] = "#"
            substitutions += 1
        }
        changed[changed.count - 1] = "#"
        substitutions += 1
        let a = String(String.UnicodeScalarView(base))
        let b = String(String.UnicodeScalarView(changed))
        #expect(LevenshteinDistance.normalized(a, b) == Double(substitutions) / 20_000)
    }

    @Test
    func estimateIsAnUpperBoundForShiftedHugeStrings() {
        // True distance is 2 (drop the leading "a", append one), but both middles exceed the
        // exact limit, so the documented estimate (aligned Hamming distance) is used.
        let a = String(repeating: "ab", count: 10_001)
        let b = String(repeating: "ba", count: 10_001)
        #expect(LevenshteinDistance.normalized(a, b) == 1)
    }

    @Test
    func oneShortAndOneLongStringIsComputedExactly() {
        let long = String(repeating: "x", count: 200_000)
        #expect(LevenshteinDistance.normalized("x", long) == 199_999.0 / 200_000)
        #expect(LevenshteinDistance.normalized("yxy", long) == 199_999.0 / 200_000)
    }

    @Test
    func distanceGrowsWithDifference() {
        let target = "application/json"
        let near = LevenshteinDistance.normalized(target, "application/jsn")
        let far = LevenshteinDistance.normalized(target, "text/plain")
        #expect(near < far)
        #expect(near > 0)
        #expect(far <= 1)
    }
}
