import Foundation
import Testing
@testable import Understudy

/// The JSON Schema validator behind `matchesJsonSchema` (WireMock 3.13.2 validates with
/// networknt json-schema-validator 1.5, per `matching/MatchesJsonSchemaPattern.java`), keyword
/// by keyword and draft by draft, as the JSON Schema specifications define them.
struct JSONSchemaTests {
    private func failures(_ schema: JSONValue, _ instance: JSONValue, draft: JSONSchema.Draft = .v202012, formats: Bool? = nil) throws -> [String] {
        try JSONSchema(schema, draft: draft, assertFormats: formats).validate(instance).map { "\($0.keyword) \($0.instancePath)" }
    }

    @Test func typesEnumsAndConstants() throws {
        #expect(try failures(["type": "integer"], 3) == [])
        #expect(try failures(["type": "integer"], 3.0) == [], "3.0 is an integer value")
        #expect(try failures(["type": "integer"], 3.5) == ["type "])
        #expect(try failures(["type": ["string", "null"]], nil) == [])
        #expect(try failures(["enum": ["a", 1]], "b") == ["enum "])
        #expect(try failures(["const": ["a": 1]], ["a": 1.0]) == [])
        #expect(try failures(["const": "x"], "y", draft: .v4) == [], "const came with draft 6")
    }

    @Test func numericAndStringBoundsByDraft() throws {
        #expect(try failures(["minimum": 1, "maximum": 3, "multipleOf": 0.5], 3.5) == ["maximum "])
        #expect(try failures(["multipleOf": 0.1], 0.3) == [])
        #expect(try failures(["exclusiveMinimum": 1], 1) == ["exclusiveMinimum "])
        #expect(try failures(["minimum": 1, "exclusiveMinimum": true], 1, draft: .v4) == ["minimum "])
        #expect(try failures(["minLength": 2, "maxLength": 3], "é") == ["minLength "], "lengths count code points")
        #expect(try failures(["pattern": "^[a-z]+$"], "abc") == [])
        #expect(try failures(["pattern": "b"], "abc") == [], "pattern searches, it is not anchored")
        #expect(try failures(["pattern": "^b"], "abc") == ["pattern "])
    }

    @Test func objects() throws {
        let schema: JSONValue = [
            "properties": ["id": ["type": "integer"]],
            "patternProperties": ["^x-": ["type": "string"]],
            "additionalProperties": false,
            "required": ["id"],
            "propertyNames": ["maxLength": 4],
            "dependentRequired": ["id": ["x-a"]],
        ]
        #expect(try failures(schema, ["id": 1, "x-a": "ok"]) == [])
        let found = try failures(schema, ["x-a": 1, "other": true]).sorted()
        #expect(found == ["additionalProperties /other", "propertyNames /other", "required ", "type /x-a"], "\(found)")
        #expect(try failures(schema, ["id": 1]) == ["dependentRequired "])
        #expect(try failures(["dependencies": ["a": ["b"]]], ["a": 1], draft: .v7) == ["dependencies "])
        #expect(try failures(["minProperties": 1], [:]) == ["minProperties "])
        #expect(try failures(["properties": ["a/b": ["type": "string"]]], ["a/b": 1]) == ["type /a~1b"], "pointers escape /")
    }

    @Test func arraysByDraft() throws {
        #expect(try failures(["prefixItems": [["type": "string"]], "items": ["type": "integer"]], ["a", 1, "b"]) == ["type /2"])
        #expect(try failures(["items": [["type": "string"]], "additionalItems": false], ["a", 1], draft: .v7) == ["false /1"])
        #expect(try failures(["items": ["type": "integer"], "minItems": 1, "maxItems": 2, "uniqueItems": true], [1, 1, 1])
            == ["maxItems ", "uniqueItems "])
        #expect(try failures(["contains": ["type": "string"], "minContains": 2], ["a", 1, "b"]) == [])
        #expect(try failures(["contains": ["type": "string"], "maxContains": 1], ["a", "b"]) == ["maxContains "])
        #expect(try failures(["contains": ["type": "string"]], [1]) == ["contains "])
        #expect(throws: JSONSchemaError.self) { try JSONSchema(["items": [["type": "string"]]]) }
    }

    @Test func combinatorsAndConditionals() throws {
        #expect(try failures(["allOf": [["type": "integer"], ["minimum": 2]]], 1) == ["minimum "])
        #expect(try failures(["anyOf": [["type": "string"], ["type": "integer"]]], true) == ["anyOf "])
        #expect(try failures(["oneOf": [["type": "integer"], ["minimum": 0]]], 1) == ["oneOf "], "both fit")
        #expect(try failures(["not": ["type": "null"]], nil) == ["not "])
        let conditional: JSONValue = ["if": ["properties": ["kind": ["const": "a"]]], "then": ["required": ["a"]], "else": ["required": ["b"]]]
        #expect(try failures(conditional, ["kind": "a"]) == ["required "])
        #expect(try failures(conditional, ["kind": "z", "b": 1]) == [])
    }

    @Test func referencesAndAnchors() throws {
        let tree: JSONValue = [
            "$defs": ["node": ["type": "object", "properties": ["children": ["type": "array", "items": ["$ref": "#/$defs/node"]], "name": ["$anchor": "name", "type": "string"]]]],
            "$ref": "#/$defs/node",
        ]
        #expect(try failures(tree, ["children": [["children": [["name": 1]]]]]) == ["type /children/0/children/0/name"])
        #expect(try failures(["$ref": "#name", "$defs": ["n": ["$anchor": "name", "type": "string"]]], 1) == ["type "])
        // Before 2019-09 $ref replaces its siblings, but definitions beside it still count.
        let draft7: JSONValue = ["$ref": "#/definitions/code", "definitions": ["code": ["pattern": "^[A-Z]{3}$"]], "type": "integer"]
        #expect(try failures(draft7, "ABC", draft: .v7) == [], "type beside $ref is ignored in draft 7")
        #expect(try failures(draft7, "abc", draft: .v7) == ["pattern "])
        #expect(throws: JSONSchemaError.self) { try JSONSchema(["$ref": "#/definitions/a", "definitions": ["a": ["pattern": "(["]]], draft: .v7) }
        let loop = try JSONSchema(["$ref": "#"]).validate(1)
        #expect(loop.first?.message.contains("refers to itself") == true)
    }

    @Test(arguments: [
        ("date-time", "2024-02-29T23:59:60.5+01:00", true), ("date-time", "2023-02-29T10:00:00Z", false), ("date-time", "2024-01-01T10:00:00", false),
        ("date", "2024-12-31", true), ("date", "2024-13-01", false), ("time", "08:30:00Z", true),
        ("email", "ada@example.com", true), ("email", "ada@@example.com", false), ("email", "ada example@x.com", false),
        ("uuid", "123e4567-e89b-12d3-a456-426614174000", true), ("uuid", "123e4567e89b12d3a456426614174000", false),
        ("uri", "https://example.com/a?b#c", true), ("uri", "/relative", false), ("uri-reference", "/relative", true),
        ("ipv4", "192.168.0.1", true), ("ipv4", "256.1.1.1", false), ("ipv4", "01.1.1.1", false),
        ("ipv6", "::1", true), ("ipv6", "2001:db8::ff00:42:8329", true), ("ipv6", "::ffff:1.2.3.4", true), ("ipv6", "1::2::3", false),
        ("hostname", "api.example.com", true), ("hostname", "-bad.example.com", false),
        ("duration", "P1Y2M3DT4H5M6S", true), ("duration", "P2W", true), ("duration", "PT", false),
        ("json-pointer", "/a/~1b", true), ("json-pointer", "a", false), ("regex", "[a-z]+", true), ("regex", "([", false),
        ("not-a-format-we-know", "anything", true),
    ])
    func formats(format: String, value: String, valid: Bool) throws {
        #expect(try failures(["format": .string(format)], .string(value), draft: .v7).isEmpty == valid)
    }

    @Test func formatsOnlyAnnotateFrom2019UnlessAsserted() throws {
        #expect(try failures(["format": "email"], "nope") == [])
        #expect(try failures(["format": "email"], "nope", formats: true) == ["format "])
        #expect(try failures(["format": "email"], "nope", draft: .v4) == ["format "])
    }

    @Test func failuresCarryKeywordPointerAndMessage() throws {
        let failure = try #require(try JSONSchema(["properties": ["items": ["items": ["properties": ["id": ["type": "integer"]]]]]])
            .validate(["items": [["id": 1], ["id": "x"]]]).first)
        #expect(failure.keyword == "type")
        #expect(failure.instancePath == "/items/1/id")
        #expect(failure.schemaPath == "#/properties/items/items/properties/id/type")
        #expect(failure.description == "/items/1/id: integer expected, got string \"x\" (type at #/properties/items/items/properties/id/type)")
    }

    static let malformed: [(JSONValue, String)] = [
        (JSONValue.array([]), "a schema must be an object"),
        (["minLength": -1], "minLength must be a non-negative integer"),
        (["required": "id"], "required must be an array"),
        (["allOf": []], "allOf must be a non-empty array"),
        (["exclusiveMinimum": true], "exclusiveMinimum must be a number"),
        (["$dynamicRef": "#x"], "$dynamicRef is not supported"),
    ]

    @Test(arguments: malformed)
    func malformedSchemasAreRefused(schema: JSONValue, message: String) {
        #expect {
            try JSONSchema(schema)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func booleanSchemasCameWithDraft6() throws {
        #expect(try JSONSchema(false, draft: .v6).validate(1).count == 1)
        #expect(throws: JSONSchemaError.self) { try JSONSchema(true, draft: .v4) }
    }
}
