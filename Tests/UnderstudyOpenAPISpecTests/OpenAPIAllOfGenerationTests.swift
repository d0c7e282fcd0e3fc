import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

/// A member one `allOf` part requires and another part declares is required of the generated
/// value, however deep it sits (Spotify's saved albums: `PagingObject` requires `items`, which
/// the part beside it declares; deep down, where optional members are left out, `items` was).
struct OpenAPIAllOfGenerationTests {
    static let yaml: String = {
        var lines = [
            "openapi: 3.1.0",
            "info: {title: Albums, version: '1'}",
            "paths:",
            "  /me/albums:",
            "    get:",
            "      operationId: savedAlbums",
            "      responses:",
            "        '200':",
            "          description: The saved albums",
            "          content:",
            "            application/json:",
            "              schema: {$ref: '#/components/schemas/Level1'}",
            "components:",
            "  schemas:",
        ]
        // Nine levels of required nesting put the page where only required members are made.
        for level in 1...9 {
            let next = level == 9 ? "TrackPage" : "Level\(level + 1)"
            lines += [
                "    Level\(level):",
                "      type: object",
                "      required: [child]",
                "      properties:",
                "        child: {$ref: '#/components/schemas/\(next)'}",
            ]
        }
        lines += [
            "    TrackPage:",
            "      allOf:",
            "        - $ref: '#/components/schemas/Paging'",
            "        - type: object",
            "          properties:",
            "            items:",
            "              type: array",
            "              items: {type: object, required: [name], properties: {name: {type: string}}}",
            "    Paging:",
            "      type: object",
            "      required: [items, total]",
            "      properties:",
            "        total: {type: integer, minimum: 0}",
        ]
        return lines.joined(separator: "\n")
    }()

    @Test func aMemberRequiredInOnePartAndDeclaredInAnotherIsGenerated() throws {
        let document = try OpenAPIDocument(yaml: Self.yaml)
        let operation = try #require(document.operation(id: "savedAlbums"))
        for seed in UInt64(1)...4 {
            let mock = HTTPMock(openAPI: document, options: OpenAPIStubOptions(seed: seed))
            let answer = try mock.answer(request(.get, "/me/albums", headers: ["Prefer": "dynamic=true"]))
            #expect(answer.status == 200)
            var page = try JSONValue(parsing: answer.body)
            for _ in 1...9 { page = try #require(page["child"], "\(answer.body)") }
            #expect(page["items"]?.arrayValue != nil, "\(answer.body)")
            #expect(operation.violations(ofResponseStatus: answer.status, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)
        }
    }
}
