import Foundation
import Testing
import Understudy
@testable import UnderstudyCLI
import UnderstudyOpenAPI

/// `lint --openapi`'s strict reading: OpenAPIKit reads the whole document (the CLI owns the
/// OpenAPIKit dependency; the library reads documents itself).
struct OpenAPIStrictReadingTests {
    /// The OpenAPI fixtures of the spec tests.
    let fixturesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../UnderstudyOpenAPISpecTests/Fixtures").standardizedFileURL

    /// A request for `path` (with its query) and `method`.
    func request(_ method: HTTPMethod, _ path: String) -> RecordedRequest { RecordedRequest(method: method, url: path) }

    @Test func aStringEnumOfNOPassesTheStrictReadingAndMatchesNO() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: x, version: "1"}
            paths:
              /flags:
                get:
                  parameters:
                    - {name: country, in: query, schema: {type: string, enum: [NO, SE]}, example: NO}
                  responses:
                    "200": {description: ok}
            """
        let document = try OpenAPIStrictReading.document(yaml: yaml)
        #expect(document.violations(of: request(.get, "/flags?country=NO")).isEmpty)
    }

    @Test func strictReadingChecksWhatUnderstudyDoesNotUse() throws {
        let yaml = """
            openapi: 3.0.3
            info:
              version: "1"
            paths: {}
            """
        #expect(try OpenAPIDocument(yaml: yaml).operations.isEmpty)
        let error = #expect(throws: OpenAPIDocumentError.self) { try OpenAPIStrictReading.document(yaml: yaml, source: "strict.yaml") }
        #expect(error?.message.contains("title") == true, "\(String(describing: error))")
        #expect(error?.location?.line == 3)  // where the info object starts
    }

    @Test func bothFixturesPassTheStrictReading() throws {
        _ = try OpenAPIStrictReading.document(contentsOf: fixturesFolder.appendingPathComponent("petstore-3.0.yaml"))
        _ = try OpenAPIStrictReading.document(contentsOf: fixturesFolder.appendingPathComponent("zoo-3.1.json"))
    }
}
