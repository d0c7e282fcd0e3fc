import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyServer

/// A GraphQL mapping file answering an Apollo iOS-style request end to end, over the direct
/// transport (`HTTPMock` as an `HTTPClient`): the body Apollo's `JSONRequest` posts, with
/// `operationName` always present.
struct GraphQLTransportTests {
    @Test func anApolloStyleRequestIsAnsweredByItsGraphQLMapping() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-graphql-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let mapping = #"""
            {
              "request": {
                "method": "POST",
                "urlPath": "/graphql",
                "customMatcher": {
                  "name": "graphql-body-matcher",
                  "parameters": {
                    "query": "query HeroName($episode: Episode) { hero(episode: $episode) { name __typename } }",
                    "variables": {"episode": "JEDI"},
                    "operationName": "HeroName"
                  }
                }
              },
              "response": {"status": 200, "jsonBody": {"data": {"hero": {"__typename": "Droid", "name": "R2-D2"}}}}
            }
            """#
        try Data(mapping.utf8).write(to: folder.appendingPathComponent("mappings/hero.json"))
        let mock = try HTTPMock(loadingMappingsFrom: MappingsRoot(folder), configuration: .init(mappingExtensions: .understudy))

        func post(_ body: String) async throws -> (Int, String) {
            var request = URLRequest(url: URL(string: "http://localhost/graphql")!)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("HeroName", forHTTPHeaderField: "X-APOLLO-OPERATION-NAME")
            request.httpBody = Data(body.utf8)
            let (data, response) = try await mock.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? -1, String(decoding: data, as: UTF8.self))
        }

        // As Apollo iOS formats it: indented over several lines, fields in another order.
        let apollo = #"{"operationName":"HeroName","query":"query HeroName($episode: Episode) {\n  hero(episode: $episode) {\n    __typename\n    name\n  }\n}","variables":{"episode":"JEDI"}}"#
        let (status, body) = try await post(apollo)
        #expect(status == 200)
        #expect(try JSONDecoder().decode([String: [String: [String: String]]].self, from: Data(body.utf8)) == ["data": ["hero": ["__typename": "Droid", "name": "R2-D2"]]])

        let other = #"{"operationName":"HeroName","query":"query HeroName($episode: Episode) { hero(episode: $episode) { name __typename } }","variables":{"episode":"EMPIRE"}}"#
        // The direct transport throws the near-miss report for a request no stub matches.
        await #expect {
            try await post(other)
        } throws: { error in
            "\(error)".contains(#"✗ GraphQL variables: expected {"episode":"JEDI"} (variable `episode` expected "JEDI", got "EMPIRE"), got {"episode":"EMPIRE"}"#)
        }
    }
}
