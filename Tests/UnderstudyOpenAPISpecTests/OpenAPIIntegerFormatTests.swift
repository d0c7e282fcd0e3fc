import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

/// `format: int32` and `int64` (the OpenAPI Format Registry) are asserted like `date-time` and
/// `uuid`: a whole number of that width, read from its text so that 64-bit bounds are exact.
struct OpenAPIIntegerFormatTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: Counts, version: "1"}
        paths:
          /counts:
            post:
              operationId: count
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        small: {type: integer, format: int32}
                        large: {type: integer, format: int64}
                        any: {type: number, format: int32}
              responses:
                "204": {description: Counted}
        """

    static func schema() throws -> OpenAPISchema {
        let document = try OpenAPIDocument(yaml: yaml)
        return try #require(document.operation(id: "count")?.requestBody?.content.first?.schema)
    }

    @Test(arguments: [
        #"{"small": 2147483647, "large": 9223372036854775807}"#,
        #"{"small": -2147483648, "large": -9223372036854775808}"#,
        #"{"small": 2.0e3, "any": 12}"#,
    ])
    func wholeNumbersOfTheWidthPass(_ body: String) throws {
        #expect(try Self.schema().validate(JSONValue(parsing: body)).isEmpty)
    }

    @Test(arguments: [
        (#"{"small": 2147483648}"#, "/small"),
        (#"{"small": -2147483649}"#, "/small"),
        (#"{"large": 9223372036854775808}"#, "/large"),
        (#"{"large": -9223372036854775809}"#, "/large"),
        (#"{"large": 1e19}"#, "/large"),
        (#"{"any": 1.5}"#, "/any"),
    ])
    func numbersOutsideTheWidthFailNamingTheFormat(_ body: String, _ path: String) throws {
        let failures = try Self.schema().validate(JSONValue(parsing: body))
        #expect(failures.count == 1)
        #expect(failures.first?.instancePath == path)
        #expect(failures.first?.message.contains("int") == true)
    }

    /// WireMock's `matchesJsonSchema` does not know the OpenAPI formats: the core's JSON Schema
    /// still only notes them, even in drafts that assert formats.
    @Test func theCoreMatcherDoesNotAssertThem() throws {
        let schema = try JSONSchema(["type": "integer", "format": "int32"], draft: .v7)
        #expect(schema.validate(2_147_483_648).isEmpty)
        // The two readings of the same document are different schemas.
        let openAPI = try JSONSchema(["type": "integer", "format": "int32"], draft: .v7, assertFormats: nil, openAPIFormats: true)
        #expect(openAPI != schema)
        #expect(!openAPI.validate(2_147_483_648).isEmpty)
    }
}
