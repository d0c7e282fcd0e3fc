import Foundation
import Testing
@testable import Understudy

/// `matchesJsonSchema`, following WireMock 3.13.2's `matching/MatchesJsonSchemaPattern.java`
/// and `MatchesJsonSchemaPatternTest.java` (fixtures from `src/test/resources/schema-validation/`).
struct MatchesJsonSchemaPatternTests {
    static let shopOrder: JSONValue = [
        "type": "object",
        "required": ["itemCatalogueId", "quantity"],
        "properties": [
            "itemCatalogueId": ["type": "string"],
            "quantity": ["type": "integer"],
            "fastDelivery": ["type": "boolean"],
        ],
    ]

    // MatchesJsonSchemaPatternTest.distanceIsProportionateToNumberOfValidationErrors
    @Test func distanceIsFailuresOverDeclaredProperties() throws {
        let pattern = try StringValuePattern.matchesJsonSchema(Self.shopOrder)
        let veryBad = pattern.match("{}")
        #expect(!veryBad.isExactMatch)
        #expect(abs(veryBad.distance - 2.0 / 3.0) < 0.01)
        let lessBad = pattern.match(#"{"itemCatalogueId": "abc123", "quantity": 1, "fastDelivery": "yesplease"}"#)
        #expect(abs(lessBad.distance - 1.0 / 3.0) < 0.01)
        #expect(pattern.match(#"{"itemCatalogueId": "abc123", "quantity": 1}"#) == .exactMatch)
    }

    // MatchesJsonSchemaPatternTest.invalidContentGivesNoMatch
    @Test(arguments: ["", "not json", "{"])
    func invalidContentDoesNotMatch(content: String) throws {
        let result = try StringValuePattern.matchesJsonSchema(Self.shopOrder).match(content)
        #expect(!result.isExactMatch)
        #expect(result.distance > 0.33)
    }

    // MatchesJsonSchemaPatternTest.matchesAString / doesNotMatchAnInvalidString: numbers are retried as text.
    @Test(arguments: [(#""12""#, true), (#""1234""#, true), ("12", true), ("1234", true),
                      ("", false), (#""""#, false), (#""1""#, false), (#""12345""#, false), ("1", false), ("12345", false)])
    func stringSchemasSeeNumbersAsText(value: String, matches: Bool) throws {
        let pattern = try StringValuePattern.matchesJsonSchema(["type": "string", "minLength": 2, "maxLength": 4])
        let result = pattern.match(value)
        #expect(result.isExactMatch == matches)
        if !matches { #expect(result.distance == 1) }
    }

    // MatchesJsonSchemaPatternTest.simpleRefMatches / simpleRefRejectsNonMatches (has-ref.schema.json, V4)
    @Test(arguments: [(#"{ "things": [] }"#, true), (#"{ "things": [ 1, 2 ] }"#, true), ("{}", false),
                      (#"{ "not_things": [] }"#, false), (#"{ "things": null }"#, false), (#"{ "things": {} }"#, false),
                      (#"{ "things": 1 }"#, false), (#"{ "things": [ "1" ] }"#, false)])
    func localReferencesResolve(value: String, matches: Bool) throws {
        let schema: JSONValue = [
            "$schema": "http://json-schema.org/draft-04/schema",
            "required": ["things"],
            "properties": ["things": ["type": "array", "items": ["$ref": "#/definitions/single"]]],
            "definitions": ["single": ["type": "integer"]],
        ]
        #expect(try StringValuePattern.matchesJsonSchema(schema, version: .v4).match(value).isExactMatch == matches)
    }

    // StringValuePatternJsonDeserializer.deserializeMatchesJsonSchema: a schema inline or as a string, schemaVersion.
    @Test func mappingJSONRoundTripsBothForms() throws {
        let inline = #"{"matchesJsonSchema": {"type": "string"}, "schemaVersion": "V6"}"#
        let decoded = try StringValuePattern(wireMock: JSONReader(JSONParser.parse(inline)))
        #expect(decoded.wireMockJSON == (try JSONParser.parse(inline)))
        guard case .matchesJsonSchema(let pattern) = decoded.kind else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(pattern.schema.draft == .v6)
        let string = #"{"matchesJsonSchema": "{\"type\":\"string\"}"}"#
        #expect(try StringValuePattern(wireMock: JSONReader(JSONParser.parse(string))).wireMockJSON == (try JSONParser.parse(string)))
    }

    @Test(arguments: [
        (#"{"matchesJsonSchema": {"type": "strin"}}"#, "unknown type \"strin\""),
        (#"{"matchesJsonSchema": {"pattern": "(["}}"#, "#/pattern"),
        (##"{"matchesJsonSchema": {"$ref": "#/$defs/nope"}}"##, "does not resolve"),
        (#"{"matchesJsonSchema": {"$ref": "https://example.com/s.json"}}"#, "only local references"),
        (#"{"matchesJsonSchema": {"unevaluatedProperties": false}}"#, "unevaluatedProperties is not supported"),
        (#"{"matchesJsonSchema": {}, "schemaVersion": "V5"}"#, "schemaVersion must be one of"),
        (#"{"matchesJsonSchema": "{oops"}"#, "not valid JSON"),
    ])
    func invalidSchemasAreRefusedNamingTheProblem(json: String, message: String) {
        #expect {
            try StringValuePattern(wireMock: JSONReader(JSONParser.parse(json)))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func nearMissesNameTheKeywordAndThePointer() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/orders").body(try .matchesJsonSchema(Self.shopOrder)), .ok)
        let report = mock.nearMisses(for: request(.post, "/orders", body: #"{"itemCatalogueId": "a", "quantity": "two"}"#)).description
        #expect(report.contains("schema: /quantity: integer expected, got string \"two\" (type at #/properties/quantity/type)"), "\(report)")
    }
}
