import Foundation
import Testing
@testable import Understudy

/// JsonUnit placeholders in `equalToJson`, as JsonUnit 2.40.1 (WireMock 3.13.2's version, per its
/// `build.gradle`) reads them in `core/internal/Diff.java`: `$` or `#` before the brace,
/// `any-array` beside the other `any-` types, and `matches:<name>` only for registered matchers,
/// of which WireMock's `matching/EqualToJsonPattern.java` registers none.
struct JsonUnitPlaceholderTests {
    @Test func anyArrayAcceptsOnlyArrays() throws {
        let pattern = try StringValuePattern.equalToJson(#"{"tags": "${json-unit.any-array}"}"#)
        #expect(pattern.match(#"{"tags": []}"#) == .exactMatch)
        #expect(pattern.match(#"{"tags": [1, "a"]}"#) == .exactMatch)
        #expect(!pattern.match(#"{"tags": {}}"#).isExactMatch)
        #expect(!pattern.match(#"{"tags": "a"}"#).isExactMatch)
    }

    @Test func hashDelimitersWorkLikeDollarOnes() throws {
        let pattern = try StringValuePattern.equalToJson(##"{"id": "#{json-unit.any-number}", "name": "#{json-unit.regex}[A-Z][a-z]+"}"##)
        #expect(pattern.match(#"{"id": 3, "name": "Ada"}"#) == .exactMatch)
        #expect(!pattern.match(#"{"id": "3", "name": "Ada"}"#).isExactMatch)
    }

    @Test func namedMatchersNeverMatchBecauseWireMockRegistersNone() throws {
        let pattern = try StringValuePattern.equalToJson(#"{"id": "${json-unit.matches:positive}"}"#)
        #expect(!pattern.match(#"{"id": 3}"#).isExactMatch)
        #expect(!pattern.match(#"{"id": "${json-unit.matches:positive}"}"#).isExactMatch, "the placeholder is not compared as text either")
    }
}
