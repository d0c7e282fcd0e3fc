import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

/// A `graphql-body-matcher` stub through the admin API, as wiremock-graphql-extension's own
/// clients register it (`GraphqlBodyMatcher.parameters(query, variables, operationName)` sent
/// as the mapping's `customMatcher`): kept, written back, and matched.
@Suite("Admin API: GraphQL stubs")
struct AdminGraphQLTests {
    @Test func aGraphQLStubIsKeptWrittenBackAndMatched() {
        let admin = AdminHarness()
        let created = admin.call(.post, "/mappings", #"""
            {"request": {"method": "POST", "urlPath": "/graphql",
                         "customMatcher": {"name": "graphql-body-matcher",
                                           "parameters": {"query": "{ hero { name } }", "operationName": "Hero"}}},
             "response": {"status": 200, "body": "R2-D2"}}
            """#)
        #expect(created.status == 201)
        let id = created.bodyJSON["id"]?.stringValue ?? ""
        #expect(admin.call(.get, "/mappings/\(id)").bodyJSON["request"]?["customMatcher"]
            == ["name": "graphql-body-matcher", "parameters": ["query": "{ hero { name } }", "operationName": "Hero"]])
        let body = #"{"operationName": "Hero", "query": "query { hero {\n name\n} }"}"#
        #expect(admin.mock.serve(recorded(.post, "/graphql", body: body)).wasMatched)
        #expect(!admin.mock.serve(recorded(.post, "/graphql", body: #"{"query": "{ hero { name } }"}"#)).wasMatched)
    }

    @Test func aQueryThatDoesNotParseIsRefusedWithItsPosition() {
        let admin = AdminHarness()
        let response = admin.call(.post, "/mappings", #"{"request": {"customMatcher": {"name": "graphql-body-matcher", "parameters": {"query": "{ hero "}}}}"#)
        #expect(response.status == 422)
        let error = response.bodyJSON["errors"]?.arrayValue?.first
        #expect(error?["source"] == ["pointer": "/request/customMatcher/parameters/query"])
        #expect(error?["detail"]?.stringValue?.contains("GraphQL syntax error at 1:8: expected `}` to close the selection set opened at 1:1, found the end of the query") == true, "\(response.bodyText)")
        #expect(admin.mock.stubMappings.isEmpty)
    }
}
