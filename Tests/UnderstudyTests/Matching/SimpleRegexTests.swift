import Foundation
import Testing
@testable import Understudy
import UnderstudySupport

/// ``SimpleRegex`` matches plain expressions without ICU; it must say what ICU says, with the
/// options ``RegexPattern`` gives ICU (whole value, `.` taking line breaks), and leave every
/// expression it does not fully read to ICU.
struct SimpleRegexTests {
    /// What ICU says, through Foundation, as `RegexPattern` compiled it before `SimpleRegex`.
    static func icuMatches(_ pattern: String, _ value: String) -> Bool? {
        guard let regex = try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z", options: [.dotMatchesLineSeparators]) else { return nil }
        return regex.firstMatch(in: value, options: [.anchored], range: NSRange(value.startIndex..., in: value)) != nil
    }

    static let pieces = ["a", "b", "/", "-", ".", "\\.", "\\/", "\\d", "[a-c]", "[^/]", "[0-9]", "[a-z0-9_-]", "[\\-x]", "é",
                         "*", "+", "?", "{2}", "{1,3}", "{0,}", "{2,1}", "^", "$", "(", "|", "\\w", "[]", "[z-a]", "*?", "++", " "]
    static let characters = ["a", "b", "c", "/", "-", ".", "0", "7", "x", "_", "\n", "\r", "\r\n", "é", "e\u{301}", "٣", "😀", " ", "\u{85}", "\u{2028}"]

    @Test func agreesWithICUOnRandomExpressionsAndValues() {
        var generator = SplitMix64(seed: 20261127)
        var simple = 0
        var nearTheLimit = 0
        for _ in 0..<3_000 {
            let pattern = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            guard let regex = SimpleRegex(pattern) else { continue }
            simple += 1
            // Never accepted when ICU refuses it.
            guard Self.icuMatches(pattern, "") != nil else {
                Issue.record("SimpleRegex read /\(pattern)/, which ICU refuses")
                continue
            }
            // Near the 63-atom limit: the word's high bits, or ICU past the limit.
            let long = "[a-c]{0,50}" + pattern
            let longRegex = SimpleRegex(long)
            if longRegex != nil { nearTheLimit += 1 }
            for _ in 0..<12 {
                let value = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.characters.randomElement(using: &generator)! }.joined()
                #expect(regex.matches(value) == Self.icuMatches(pattern, value), "/\(pattern)/ on \(value.debugDescription)")
                if let longRegex {
                    #expect(longRegex.matches(value) == Self.icuMatches(long, value), "/\(long)/ on \(value.debugDescription)")
                }
            }
        }
        // The generator reaches the plain kind often enough for the comparison to mean something.
        #expect(simple > 500)
        #expect(nearTheLimit > 100)
    }

    @Test(arguments: [
        ("/users/[0-9]+", "/users/42", true), ("/users/[0-9]+", "/users/", false), ("/users/[0-9]+", "/users/42/x", false),
        ("[a-z]{2,4}", "abcd", true), ("[a-z]{2,4}", "abcde", false), ("Bearer .+", "Bearer t\nx", true),
        ("\\d+", "٣٤", true), ("^/a\\.b$", "/a.b", true), ("^/a\\.b$", "/a.b\n", false), ("", "", true), ("a*a*a*a*b", String(repeating: "a", count: 5_000), false),
    ])
    func matchesLikeICU(pattern: String, value: String, expected: Bool) throws {
        let regex = try #require(SimpleRegex(pattern))
        #expect(regex.matches(value) == expected)
        #expect(Self.icuMatches(pattern, value) == expected)
    }

    @Test(arguments: ["(a)", "a|b", "\\w+", "a*?", "a++", "[[a]]", "[a&&b]", "\\p{L}", "(?i)a", "a{,2}", "a{+2}", "[a-]", "x{300}", "a{64}", "a{60}b{4}", "\\"])
    func leavesTheRestToICU(pattern: String) {
        #expect(SimpleRegex(pattern) == nil)
    }

    /// `RegexPattern` takes the plain path, and still refuses what is too long, as before.
    @Test func regexPatternUsesItAndKeepsItsLimits() {
        #expect(RegexPattern("/things/[0-9]+").matches("/things/12"))
        #expect(!RegexPattern("/things/[0-9]+").matches("/things/x"))
        #expect(RegexPattern(String(repeating: "a", count: 10_001)).compileError != nil)
        #expect(RegexPattern("[z-a]").compileError != nil)
    }
}
