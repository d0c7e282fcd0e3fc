import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyGraphQL

/// `"customMatcher": {"name": "graphql-body-matcher", "parameters": {…}}` in mapping files, in
/// the shape of wiremock-graphql-extension 0.9.0's own mappings
/// (`wiremock-graphql-extension/src/test/resources/mappings/all.json`, `query.json`, …) and of
/// `GraphqlBodyMatcher.parameters(query, variables, operationName)`.
struct GraphQLMappingTests {
    static let allJSON = """
        {
          "request": {
            "urlPathPattern": "/graphql",
            "method": "POST",
            "customMatcher": {
              "name": "graphql-body-matcher",
              "parameters": {
                "query": "{ query }",
                "variables": {
                  "abc": 123
                },
                "operationName": "operationName"
              }
            }
          },
          "response": {
            "status": 200
          }
        }
        """

    @Test func theExtensionsMappingLoadsAndRoundTrips() throws {
        let mapping = try WireMockMappings.decodeMapping(Data(Self.allJSON.utf8), file: "all.json", extensions: .graphQL)
        #expect(mapping.request.graphQL == GraphQLPattern(query: "{ query }", variables: ["abc": 123], operationName: "operationName"))
        let json = try mapping.wireMockJSON()
        #expect(json["request"]?["customMatcher"] == [
            "name": "graphql-body-matcher",
            "parameters": ["query": "{ query }", "variables": ["abc": 123], "operationName": "operationName"],
        ])
        #expect(try WireMockMappings.decodeMapping(Data(json.jsonText().utf8), extensions: .graphQL).request == mapping.request)
    }

    @Test func aSwiftStubWritesTheCustomMatcherWithOnlyThePartsItHas() throws {
        let json = try StubMapping(.graphQL(query: "{ hero { name } }"), .ok).wireMockJSON()
        #expect(json["request"] == [
            "urlPath": "/graphql", "method": "POST",
            "customMatcher": ["name": "graphql-body-matcher", "parameters": ["query": "{ hero { name } }"]],
        ])
    }

    @Test func otherCustomMatchersAreStillRefused() {
        let document = #"{"request": {"customMatcher": {"name": "my-matcher", "parameters": {}}}, "response": {"status": 200}}"#
        #expect {
            try WireMockMappings.decodeMapping(Data(document.utf8), file: "custom.json", extensions: .graphQL)
        } throws: { error in
            "\(error)".contains(#"custom matcher "my-matcher" cannot run here; this decoder has "graphql-body-matcher". Other WireMock custom matchers are Java extensions"#)
        }
    }

    /// The core knows no custom matcher of its own: a decoder not given `.graphQL` refuses the
    /// GraphQL matcher, saying where it is registered.
    @Test func aDecoderWithoutTheGraphQLExtensionSaysWhereItIs() {
        #expect {
            try WireMockMappings.decodeMapping(Data(Self.allJSON.utf8), file: "all.json")
        } throws: { error in
            "\(error)".contains(#"custom matcher "graphql-body-matcher" cannot run here. Other WireMock custom matchers are Java extensions"#)
                && "\(error)".contains("HTTPMock.Configuration(mappingExtensions: .understudy)")
        }
    }

    @Test func aQueryThatDoesNotParseIsAnErrorWithFileAndPosition() {
        let document = """
            {"request": {"method": "POST", "customMatcher": {"name": "graphql-body-matcher",
              "parameters": {"query": "{ hero { name }", "operationName": "Hero"}}},
             "response": {"status": 200}}
            """
        #expect {
            try WireMockMappings.decodeMapping(Data(document.utf8), file: "hero.json", extensions: .graphQL)
        } throws: { error in
            "\(error)" == "hero.json:2:18: request.customMatcher.parameters.query: the GraphQL query does not parse: GraphQL syntax error at 1:16: expected `}` to close the selection set opened at 1:1, found the end of the query; add the missing `}` (line and column within the query); WireMock would load this stub and never match it"
        }
    }

    /// The folder is read by `MappingsRoot.loadMappingsWithWarnings()`, as `understudy serve` reads
    /// it, and checked by `lint()`, as `understudy lint` does.
    @Test func aRootFolderServesAndLintsGraphQLMappings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-graphql-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(Self.allJSON.utf8).write(to: folder.appendingPathComponent("mappings/all.json"))
        let noName = #"{"request": {"method": "POST", "urlPath": "/graphql", "customMatcher": {"name": "graphql-body-matcher", "parameters": {"query": "query HeroName { hero { name } }"}}}, "response": {"status": 201}}"#
        try Data(noName.utf8).write(to: folder.appendingPathComponent("mappings/hero.json"))
        let root = MappingsRoot(folder)

        let loaded = try root.loadMappingsWithWarnings(extensions: .graphQL)
        #expect(loaded.mappings.count == 2)
        #expect(loaded.warnings.map(\.message) == [#"no "operationName": graphql-body-matcher then matches only requests that send none, and Apollo iOS always sends one; add "operationName": "HeroName" unless the client leaves it out"#])
        let mock = HTTPMock()
        mock.stub(loaded.mappings)
        let sent = GraphQLMatchingTests.body("{query}", variables: #"{"abc": 123}"#, operationName: "operationName")
        #expect(mock.serve(request(.post, "/graphql", body: sent)).status == 200)

        try Data(#"{"request": {"customMatcher": {"name": "graphql-body-matcher", "parameters": {"query": "query { a(x: ) }"}}}, "response": {"status": 200}}"#.utf8)
            .write(to: folder.appendingPathComponent("mappings/broken.json"))
        let report = root.lint(extensions: .graphQL)
        #expect(report.mappings.count == 2)
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.hasSuffix("mappings/broken.json:1:79: request.customMatcher.parameters.query: the GraphQL query does not parse: GraphQL syntax error at 1:14: expected a value (a number, a string, `true`, `false`, `null`, an enum value, a list, an object or a `$variable`), found `)` (line and column within the query); WireMock would load this stub and never match it") == true, "\(report.problems)")
    }
}
