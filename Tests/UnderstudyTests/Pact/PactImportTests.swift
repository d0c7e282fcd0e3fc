import Foundation
import Testing
import Understudy
@testable import UnderstudyPact

/// Pact contracts loaded as stubs (interactions and matching rules as the v3 and v4
/// specifications write them: pact-foundation/pact-specification, branches version-3 and
/// version-4, README.md), the way MockServer's importer turns a contract into expectations.
struct PactImportTests {
    static let v4 = #"""
    {
      "consumer": {"name": "App"}, "provider": {"name": "Users"},
      "interactions": [
        {
          "type": "Synchronous/HTTP", "description": "Get user", "key": "1",
          "providerStates": [{"name": "Accounts is in state open", "params": {"scenario": "Accounts", "state": "open"}}],
          "request": {
            "method": "GET", "path": "/users/1", "headers": {"Accept": ["application/json"]},
            "matchingRules": {
              "path": {"combine": "AND", "matchers": [{"match": "regex", "regex": "^/users/[0-9]+$"}]},
              "header": {"Accept": {"combine": "AND", "matchers": [{"match": "include", "value": "json"}]}}
            }
          },
          "response": {
            "status": 200, "headers": {"Content-Type": ["application/json"]},
            "body": {"content": {"id": 1, "name": "Ada"}, "contentType": "application/json", "encoded": false},
            "matchingRules": {"body": {"$.id": {"combine": "AND", "matchers": [{"match": "type"}]}}}
          }
        },
        {
          "type": "Synchronous/HTTP", "description": "Create user",
          "request": {
            "method": "POST", "path": "/users", "headers": {"Content-Type": ["application/json"]},
            "body": {"content": {"name": "Grace", "team": "core", "age": 40}, "contentType": "application/json", "encoded": false},
            "matchingRules": {"body": {
              "$": {"combine": "AND", "matchers": [{"match": "type"}]},
              "$.name": {"combine": "AND", "matchers": [{"match": "equality"}]},
              "$.age": {"combine": "AND", "matchers": [{"match": "integer"}]}
            }}
          },
          "response": {"status": 201, "body": {"content": "created", "contentType": "text/plain", "encoded": false}}
        },
        {"type": "Asynchronous/Messages", "description": "User created", "contents": {"content": {}}}
      ],
      "metadata": {"pactSpecification": {"version": "4.0"}}
    }
    """#

    private func serve(_ mock: HTTPMock, _ method: HTTPMethod, _ url: String, headers: HTTPHeaders = [:], body: String = "") -> ServeEvent {
        mock.serve(RecordedRequest(method: method, url: url, headers: headers, body: Data(body.utf8)))
    }

    @Test func interactionsBecomeStubsAndRulesBecomePatterns() throws {
        let mock = HTTPMock()
        let loaded = try mock.stub(pact: Data(Self.v4.utf8), file: "App-Users.json")
        #expect(loaded.stubs.map(\.name) == ["Get user", "Create user"])
        #expect(loaded.warnings == [#"App-Users.json: "User created" is Asynchronous/Messages, not an HTTP request and response; skipped"#])
        try mock.setScenarioState("Accounts", to: "open")
        // The path's regex and the header's include.
        let user = serve(mock, .get, "/users/42", headers: ["Accept": "application/vnd.api+json"])
        #expect(user.stub?.name == "Get user")
        #expect(user.response.status == 200)
        #expect(try JSONValue(parsing: mock.bodyData(for: user.response)) == ["id": 1, "name": "Ada"])
        #expect(serve(mock, .get, "/users/42", headers: ["Accept": "text/html"]).wasMatched == false)
        #expect(serve(mock, .get, "/users/abc", headers: ["Accept": "application/json"]).wasMatched == false)
        // A type rule on the document allows other values and extra members; equality keeps the name.
        let created = serve(mock, .post, "/users", headers: ["Content-Type": "application/json"], body: #"{"name": "Grace", "team": "ops", "age": 41, "extra": true}"#)
        #expect(created.stub?.name == "Create user")
        #expect(serve(mock, .post, "/users", headers: ["Content-Type": "application/json"], body: #"{"name": "Alan", "team": "ops", "age": 41}"#).wasMatched == false)
        #expect(serve(mock, .post, "/users", headers: ["Content-Type": "application/json"], body: #"{"name": "Grace", "team": "ops", "age": "old"}"#).wasMatched == false)
    }

    @Test func providerStatesBecomeScenarioStates() throws {
        let mock = HTTPMock()
        try mock.stub(pact: Data(Self.v4.utf8))
        #expect(serve(mock, .get, "/users/1", headers: ["Accept": "application/json"]).wasMatched == false)   // the scenario is in Started
        let stub = try #require(mock.stubMappings.first { $0.name == "Get user" })
        #expect(stub.scenarioName == "Accounts")
        #expect(stub.requiredScenarioState == "open")
    }

    @Test func aVersion3ContractLoadsWithStringHeadersAndBareBodies() throws {
        let v3 = #"""
        {"consumer": {"name": "A"}, "provider": {"name": "B"}, "metadata": {"pactSpecification": {"version": "3.0.0"}},
         "interactions": [{"description": "Search", "request": {"method": "GET", "path": "/search", "query": {"q": ["swift"]},
           "headers": {"Accept": "application/json"}, "matchingRules": {"query": {"q": {"matchers": [{"match": "regex", "regex": "\\w+"}]}}}},
          "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": [{"hit": 1}]}}]}
        """#
        let mock = HTTPMock()
        try mock.stub(pact: Data(v3.utf8))
        let event = serve(mock, .get, "/search?q=pact", headers: ["Accept": "application/json"])
        #expect(event.stub?.name == "Search")
        #expect(try JSONValue(parsing: mock.bodyData(for: event.response)) == [["hit": 1]])
        #expect(serve(mock, .get, "/search?q=%20", headers: ["Accept": "application/json"]).wasMatched == false)
    }

    @Test func aContractWrittenAgainKeepsItsResponseRules() throws {
        let mock = HTTPMock()
        try mock.stub(pact: Data(Self.v4.utf8))
        try mock.setScenarioState("Accounts", to: "open")
        _ = serve(mock, .get, "/users/1", headers: ["Accept": "application/json"])
        let again = mock.pactContract(consumer: "App", provider: "Users")
        let interaction = again.document["interactions"]?.arrayValue?.first
        #expect(interaction?["description"] == "Get user")
        #expect(interaction?["response"]?["matchingRules"]?["body"]?["$.id"] == ["combine": "AND", "matchers": [["match": "type"]]])
        #expect(interaction?["providerStates"]?.arrayValue?.first?["name"] == "Accounts is in state open")
    }

    @Test func aFileThatIsNoContractSaysSo() {
        #expect(throws: PactImportError.self) { try HTTPMock().stub(pact: Data(#"{"mappings": []}"#.utf8)) }
    }
}
