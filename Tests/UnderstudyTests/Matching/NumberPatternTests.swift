import Foundation
import Testing
import Understudy
import UnderstudyJSON

/// WireMock 4's numeric patterns, with the cases of its tests at master 9e93e34
/// (`src/test/java/.../matching/GreaterThanNumberPatternTest.java`, `EqualToNumberPatternTest.java`,
/// `LessThanNumberPatternTest.java` and the `...EqualNumberPatternTest.java` pair) and its
/// distance (`wiremock-core/.../matching/AbstractNumberMatchResult.java`).
struct NumberPatternTests {
    @Test func comparisonsAndWireMocksDistances() {
        #expect(!StringValuePattern.greaterThanNumber(1).match("1").isExactMatch)
        #expect(StringValuePattern.greaterThanNumber(1).match("1").distance == 0.01)
        #expect(StringValuePattern.greaterThanNumber(1.1).match("1.1").distance == 0.01)
        #expect(StringValuePattern.greaterThanNumber(1).match("2").isExactMatch)
        #expect(StringValuePattern.greaterThanNumber(1.1111).match("1.1112").isExactMatch)
        #expect(StringValuePattern.greaterThanEqualNumber(1).match("1").isExactMatch)
        #expect(StringValuePattern.lessThanNumber(1).match("0.5").isExactMatch)
        #expect(!StringValuePattern.lessThanNumber(1).match("1").isExactMatch)
        #expect(StringValuePattern.lessThanEqualNumber(1).match(" 1e0 ").isExactMatch)
        #expect(StringValuePattern.equalToNumber(5).match("5.0").isExactMatch)
        // |ln 5 − ln 500| / 176 = 0.026…, to two decimals.
        #expect(StringValuePattern.equalToNumber(5).match("500").distance == 0.03)
        #expect(StringValuePattern.equalToNumber(5).match("five") == .noMatch)
        #expect(StringValuePattern.equalToNumber(5).match(String?.none) == .noMatch)
        // Negative numbers are shifted first, which leaves a logarithm undefined: 0.01.
        #expect(StringValuePattern.equalToNumber(-5).match("3").distance == 0.01)
    }

    @Test func decodesNumbersAndNumericStringsAndWritesNumbersBack() throws {
        let pattern = try WireMockMappings.decodeStringValuePattern(Data(#"{"greaterThanNumber": "0001.0000"}"#.utf8))
        #expect(pattern == .greaterThanNumber(1))
        #expect(pattern.description == "greaterThanNumber 1")
        #expect(pattern.wireMockJSON == (try JSONParser.parse(#"{"greaterThanNumber": 1}"#)))
        for comparison in NumberPattern.Comparison.allCases {
            let json = #"{"\#(comparison.rawValue)": 2.5}"#
            let decoded = try WireMockMappings.decodeStringValuePattern(Data(json.utf8))
            #expect(decoded.wireMockJSON == (try JSONParser.parse(json)))
        }
        #expect(throws: MappingDecodingError.self) {
            try WireMockMappings.decodeStringValuePattern(Data(#"{"lessThanNumber": "soon"}"#.utf8))
        }
    }

    /// A query parameter compared as a number, and lint's note that the file needs WireMock 4.
    @Test func aStubMatchesAQueryParameterByValue() throws {
        let json = #"{"request": {"method": "GET", "urlPath": "/items", "queryParameters": {"limit": {"lessThanEqualNumber": 100}}}, "response": {"status": 200}}"#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(json.utf8))
        #expect(decoded.warnings.contains { $0.message.contains("WireMock 4's") })
        let mock = HTTPMock()
        mock.stub(decoded.mappings)
        #expect(mock.serve(RecordedRequest(method: .get, url: "/items?limit=50")).wasMatched)
        #expect(!mock.serve(RecordedRequest(method: .get, url: "/items?limit=500")).wasMatched)
        #expect(!mock.serve(RecordedRequest(method: .get, url: "/items?limit=many")).wasMatched)
    }
}
