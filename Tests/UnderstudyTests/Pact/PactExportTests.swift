import Foundation
import Testing
import Understudy
@testable import UnderstudyPact

/// The Pact contract a mock writes from its journal (Pact specification v4,
/// pact-foundation/pact-specification branch version-4, README.md: "Synchronous/HTTP",
/// "Bodies", "Matching Rules"; v3 from branch version-3).
struct PactExportTests {
    private func send(_ mock: HTTPMock, _ method: HTTPMethod, _ url: String, headers: HTTPHeaders = [:], body: String = "") {
        _ = mock.serve(RecordedRequest(method: method, url: url, headers: headers, body: Data(body.utf8)))
    }

    private func interactions(_ contract: PactContract) -> [JSONValue] { contract.document["interactions"]?.arrayValue ?? [] }

    @Test func oneInteractionPerRequestShapeLeavingOutMissesFaultsAndIdleStubs() {
        let mock = HTTPMock()
        mock.stub(.request(.get, .urlPathPattern("/users/[0-9]+")), .ok.json(["id": 1]), name: "Get user")
        mock.stub(.get(urlPath: "/boom"), .fault(.connectionResetByPeer))
        mock.stub(.get(urlPath: "/never"), .ok)
        mock.stub(.post(urlPath: "/users"), .created)
        send(mock, .get, "/users/1")
        send(mock, .get, "/users/2")          // the same shape: the stub's URL is a pattern
        send(mock, .get, "/boom")
        send(mock, .get, "/nothing-here")     // unmatched
        send(mock, .post, "/users", headers: ["Content-Type": "application/json"], body: #"{"name": "Ada"}"#)
        send(mock, .post, "/users", headers: ["Content-Type": "application/json"], body: #"{"name": "Grace"}"#)
        send(mock, .post, "/users", headers: ["Content-Type": "application/json"], body: #"{"name": "Alan", "admin": true}"#)
        let contract = mock.pactContract(consumer: "App", provider: "Users")
        #expect(contract.interactions == ["Get user", "POST /users", "POST /users #2"])
        let all = interactions(contract)
        #expect(all.count == 3)
        #expect(all[0]["request"]?["path"] == "/users/1")
        #expect(all[0]["request"]?["matchingRules"]?["path"] == ["combine": "AND", "matchers": [["match": "regex", "regex": "^(?:/users/[0-9]+)$"]]])
        #expect(all[0]["type"] == "Synchronous/HTTP")
        #expect(all[0]["response"]?["status"] == 200)
        #expect(all[0]["response"]?["body"] == ["content": ["id": 1], "contentType": "application/json", "encoded": false])
        #expect(all[1]["request"]?["body"]?["content"] == ["name": "Ada"])
        #expect(all[2]["request"]?["body"]?["content"] == ["name": "Alan", "admin": true])
    }

    @Test func requestAsSentLessConnectionHeadersAndResponseLessUnderstudysOwn() throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/search"),
                  ResponseDefinition.ok.body("found").header("Content-Type", "text/plain").header("Matched-Stub-Id", "upstream")
                      .header("Matched-Stub-Name", "upstream's").header("Content-Length", "5").header("X-Kept", "yes"),
                  name: "Search")
        send(mock, .get, "/search?q=swift&q=pact&page=2",
             headers: ["Host": "127.0.0.1:9", "Accept": "text/plain", "Connection": "keep-alive", Namespace.headerName: "n", "Content-Length": "0"])
        let interaction = interactions(try mock.namespaced("n").pactContract(consumer: "A", provider: "B")).first
        #expect(interaction?["request"]?["query"] == ["q": ["swift", "pact"], "page": ["2"]])
        #expect(interaction?["request"]?["headers"] == ["Accept": ["text/plain"]])
        #expect(interaction?["response"]?["headers"] == ["Content-Type": ["text/plain"], "X-Kept": ["yes"]])
        #expect(interaction?["response"]?["body"] == ["content": "found", "contentType": "text/plain", "encoded": false])
    }

    @Test func patternsBecomeMatchingRulesAndTheRestIsReported() throws {
        let mock = HTTPMock()
        let pattern = RequestPattern.post(urlPath: "/orders")
            .header("X-Trace", .matches("[a-f0-9]{8}"))
            .header("Accept", .contains("json"))
            .header("X-Env", .doesNotMatch("test-.*"))
            .header("X-Tenant", .equalTo("acme", caseInsensitive: true))
            .queryParameter("dryRun", .absent)
            .body(try .equalToJson(#"{"item": "book", "quantity": "${json-unit.any-number}"}"#, ignoreExtraElements: true))
        mock.stub(pattern, .created, name: "Place order")
        send(mock, .post, "/orders", headers: ["X-Trace": "deadbeef", "Accept": "application/json", "X-Env": "prod", "X-Tenant": "ACME",
                                               "Content-Type": "application/json"],
             body: #"{"item": "book", "quantity": 2, "gift": false}"#)
        let contract = mock.pactContract(consumer: "App", provider: "Orders")
        let rules = interactions(contract).first?["request"]?["matchingRules"]
        #expect(rules?["header"]?["X-Trace"] == ["combine": "AND", "matchers": [["match": "regex", "regex": "^(?:[a-f0-9]{8})$"]]])
        #expect(rules?["header"]?["Accept"] == ["combine": "AND", "matchers": [["match": "include", "value": "json"]]])
        #expect(rules?["header"]?["X-Tenant"] == ["combine": "AND", "matchers": [["match": "regex", "regex": "(?i)^acme$"]]])
        #expect(rules?["header"]?["X-Env"] == nil)
        #expect(rules?["query"] == nil)
        #expect(rules?["body"]?["$"] == ["combine": "AND", "matchers": [["match": "type"]]])
        #expect(rules?["body"]?["$.item"] == ["combine": "AND", "matchers": [["match": "equality"]]])
        #expect(rules?["body"]?["$.quantity"] == ["combine": "AND", "matchers": [["match": "number"]]])
        #expect(contract.gaps.map(\.field) == ["header X-Env"])
        #expect(contract.gaps.first?.reason == "Pact has no negative rules")
        #expect(contract.document["metadata"]?["understudy"]?["patternsWithoutPactEquivalent"]?.arrayValue?.count == 1)
        #expect(interactions(contract).first?["comments"]?["text"] == [#"header X-Env {"doesNotMatch":"test-.*"}: Pact has no negative rules"#])
    }

    @Test func aTemplateAndItsPathTemplateBecomeTypeAndRegexRules() {
        let mock = HTTPMock()
        mock.stub(.request(.get, .urlPathTemplate("/users/{id}")),
                  ResponseDefinition.ok.body(#"{"id": {{request.path.id}}, "name": "user {{request.path.id}}", "kind": "person"}"#)
                      .header("Content-Type", "application/json").header("X-Request", "{{request.id}}").templated(),
                  name: "User")
        send(mock, .get, "/users/7")
        let interaction = interactions(mock.pactContract(consumer: "A", provider: "B")).first
        #expect(interaction?["request"]?["matchingRules"]?["path"]?["matchers"] == [["match": "regex", "regex": "^/users/[^/]+$"]])
        #expect(interaction?["response"]?["body"]?["content"] == ["id": 7, "name": "user 7", "kind": "person"])
        let rules = interaction?["response"]?["matchingRules"]
        #expect(rules?["body"]?.objectValue?.keys == ["$.id", "$.name"])
        #expect(rules?["header"]?.objectValue?.keys == ["X-Request"])
    }

    @Test func providerStatesComeFromScenarioStates() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/cart"), .ok.json([]), name: "Empty cart", scenario: "Cart", whenState: Scenario.started)
        mock.stub(.post(urlPath: "/cart"), .created, name: "Add", scenario: "Cart", willSetState: "filled")
        mock.stub(.get(urlPath: "/cart"), .ok.json(["book"]), name: "Full cart", scenario: "Cart", whenState: "filled")
        send(mock, .get, "/cart")
        send(mock, .post, "/cart")
        send(mock, .get, "/cart")
        let all = interactions(mock.pactContract(consumer: "A", provider: "B"))
        #expect(all.map { $0["description"] } == ["Empty cart", "Add", "Full cart"])
        #expect(all[0]["providerStates"] == [["name": "Cart is in state Started", "params": ["scenario": "Cart", "state": "Started"]]])
        #expect(all[1]["providerStates"] == nil)
        #expect(all[2]["providerStates"]?.arrayValue?.first?["name"] == "Cart is in state filled")
    }

    @Test func version3WritesHeadersAsTextAndBodiesBare() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/me").header("Accept", .matches(".*json.*")), .ok.json(["name": "Ada"]), name: "Me")
        send(mock, .get, "/me", headers: ["Accept": "application/json"])
        let contract = mock.pactContract(consumer: "A", provider: "B", specification: .v3)
        let interaction = interactions(contract).first
        #expect(contract.document["metadata"]?["pactSpecification"]?["version"] == "3.0.0")
        #expect(interaction?["type"] == nil)
        #expect(interaction?["request"]?["headers"] == ["Accept": "application/json"])
        #expect(interaction?["response"]?["body"] == ["name": "Ada"])
        #expect(interaction?["request"]?["matchingRules"]?["header"]?["Accept"]?["matchers"] == [["match": "regex", "regex": "^(?:.*json.*)$"]])
    }

    @Test func writesConsumerProviderJSONIntoTheDirectory() throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/ping"), .ok, name: "Ping")
        send(mock, .get, "/ping")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pact-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let contract = try mock.pact(consumer: "App", provider: "Backend", directory: directory)
        let written = try JSONValue(parsing: Data(contentsOf: directory.appendingPathComponent("App-Backend.json")))
        #expect(written == contract.document)
        #expect(written["interactions"]?.arrayValue?.first?["description"] == "Ping")
    }

    @Test(arguments: [("3", PactSpecification.v3), ("v4", .v4), ("4.0", .v4), ("3.0.0", .v3)])
    func specificationsAreNamedByNumber(_ text: String, _ expected: PactSpecification) {
        #expect(PactSpecification(text) == expected)
    }
}
