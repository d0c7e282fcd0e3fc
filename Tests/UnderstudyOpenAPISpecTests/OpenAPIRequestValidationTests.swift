import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

struct OpenAPIRequestValidationTests {
    /// Object and array query parameters in each style the document can give them.
    private func document() throws -> OpenAPIDocument {
        try OpenAPIDocument(yaml: """
            openapi: 3.1.0
            info: {title: x, version: "1"}
            paths:
              /pets:
                get:
                  parameters:
                    - name: filter
                      in: query
                      required: true
                      style: deepObject
                      schema:
                        type: object
                        required: [status]
                        properties: {status: {type: string, enum: [sold, available]}, limit: {type: integer}}
                    - name: page
                      in: query
                      required: true
                      schema:
                        type: object
                        required: [number]
                        properties: {number: {type: integer}, size: {type: integer}}
                    - name: box
                      in: query
                      explode: false
                      schema: {type: object, properties: {w: {type: integer}}}
                    - name: tags
                      in: query
                      explode: false
                      schema: {type: array, items: {type: string, enum: [a, b]}}
                    - name: ids
                      in: query
                      schema: {type: array, items: {type: integer}}
                  responses:
                    "200": {description: ok}
            """)
    }

    private func problems(_ url: String) throws -> [String] {
        try document().violations(of: request(.get, url)).map { "\($0.kind) \($0.subject) \($0.instancePath ?? "")" }
    }

    @Test func aDeepObjectAndAnExplodedFormObjectAreBuiltFromTheirKeys() throws {
        #expect(try problems("/pets?filter[status]=sold&filter%5Blimit%5D=5&number=2&size=10").isEmpty)
        #expect(try problems("/pets?filter[status]=lost&number=x") == [
            "invalidParameter query parameter filter /status", "invalidParameter query parameter page /number",
        ])
        #expect(try problems("/pets?filter[limit]=5&size=1") == [
            "invalidParameter query parameter filter ", "invalidParameter query parameter page ",
        ])
        #expect(try problems("/pets") == ["missingParameter query parameter filter ", "missingParameter query parameter page "])
    }

    @Test func explodeDecidesHowArraysAndObjectsAreSplit() throws {
        let required = "filter[status]=sold&number=1"
        #expect(try problems("/pets?\(required)&tags=a,b&ids=1&ids=2&box=w,3").isEmpty)
        // Not exploded: one comma-separated value; exploded (the form default): one value per item.
        #expect(try problems("/pets?\(required)&tags=a,c") == ["invalidParameter query parameter tags /1"])
        #expect(try problems("/pets?\(required)&ids=1,2") == ["invalidParameter query parameter ids /0"])
        #expect(try problems("/pets?\(required)&box=w,x") == ["invalidParameter query parameter box /w"])
    }
}
