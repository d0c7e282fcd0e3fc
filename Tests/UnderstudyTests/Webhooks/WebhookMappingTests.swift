import Foundation
import Testing
@testable import Understudy

/// Webhooks in WireMock JSON: `serveEventListeners` entries named `webhook` and the deprecated
/// `postServeActions` (WireMock 3.13.2 `org/wiremock/webhooks/WebhookDefinition.java`,
/// `extension/ServeEventListenerDefinition.java`, `stubbing/StubMapping.java`).
struct WebhookMappingTests {
    static let listener = #"""
        {"request":{"method":"POST","urlPath":"/orders"},"response":{"status":202},
         "serveEventListeners":[
           {"name":"webhook","requestPhases":["AFTER_COMPLETE"],"parameters":{
              "method":"POST","url":"http://localhost:8081/callbacks/{{originalRequest.id}}",
              "headers":{"Content-Type":"application/json","X-Multi":["one","two"]},
              "body":"{\"order\": \"{{jsonPath originalRequest.body '$.id'}}\"}",
              "delay":{"type":"uniform","lower":10,"upper":20},
              "team":"payments"}},
           {"name":"audit-log","parameters":{"level":3}}]}
        """#

    @Test func aServeEventListenerWebhookRoundTrips() throws {
        let mapping = try WireMockMappings.decodeMapping(Data(Self.listener.utf8))
        let webhook = try #require(mapping.serveEventListeners.first?.webhook)
        #expect(webhook.method == "POST")
        #expect(webhook.url == "http://localhost:8081/callbacks/{{originalRequest.id}}")
        #expect(webhook.headers.values(for: "X-Multi") == ["one", "two"])
        #expect(webhook.body == .text(#"{"order": "{{jsonPath originalRequest.body '$.id'}}"}"#))
        #expect(webhook.delay == .uniform(lower: 10, upper: 20))
        #expect(webhook.parameters == ["team": "payments"])
        #expect(mapping.serveEventListeners.first?.requestPhases == [.afterComplete])
        #expect(mapping.serveEventListeners.last?.name == "audit-log")
        #expect(mapping.serveEventListeners.last?.webhook == nil)
        #expect(mapping.webhooks == [webhook])

        var written = try mapping.wireMockJSON().objectValue!
        written["id"] = nil
        written["uuid"] = nil
        #expect(JSONValue.object(written) == (try JSONParser.parse(Self.listener)))
        let again = try WireMockMappings.decodeMapping(Data(JSONValue.object(written).jsonText().utf8))
        #expect(again.serveEventListeners == mapping.serveEventListeners)
    }

    /// `StubMapping.setPostServeActions(Object)` accepts the old object form and WireMock writes
    /// the list form back.
    @Test func objectFormPostServeActionsAreWrittenAsAList() throws {
        let document = #"""
            {"request":{"urlPath":"/a"},"postServeActions":{"webhook":{"url":"http://localhost:8081/a","base64Body":"AAEC"}}}
            """#
        let mapping = try WireMockMappings.decodeMapping(Data(document.utf8))
        #expect(mapping.postServeActions.count == 1)
        #expect(mapping.postServeActions[0].webhook == WebhookDefinition(url: "http://localhost:8081/a", body: .binary(Data([0, 1, 2]))))
        let written = try mapping.wireMockJSON()
        #expect(written["postServeActions"] == .array([["name": "webhook", "parameters": [
            "method": "GET", "url": "http://localhost:8081/a", "base64Body": "AAEC"]]]))
        let again = try WireMockMappings.decodeMapping(Data(written.jsonText().utf8))
        #expect(again.postServeActions == mapping.postServeActions)
    }

    /// `Webhooks.java` runs `postServeActions` before the listeners of `AFTER_COMPLETE`; a
    /// listener limited to other phases does not send (`shouldFireFor`).
    @Test func webhooksRunInWireMocksOrder() throws {
        let first = WebhookDefinition.post("http://localhost:8081/first")
        let second = WebhookDefinition.post("http://localhost:8081/second")
        let skipped = WebhookDefinition.post("http://localhost:8081/skipped")
        let mapping = StubMapping(
            request: .post(urlPath: "/a"), response: .definition(.ok),
            serveEventListeners: [.webhook(second), .webhook(skipped, requestPhases: [.beforeMatch])],
            postServeActions: [.webhook(first)])
        #expect(mapping.webhooks == [first, second])
    }

    /// WireMock's `WebhookDefinition` constructor takes `body` over `base64Body`; the other
    /// stays a parameter, so it is written back.
    @Test func bodyWinsOverBase64BodyWhichStaysAParameter() throws {
        let document = #"{"request":{"urlPath":"/a"},"serveEventListeners":[{"name":"webhook","parameters":{"url":"http://h/x","body":"t","base64Body":"AAEC"}}]}"#
        let mapping = try WireMockMappings.decodeMapping(Data(document.utf8))
        let webhook = try #require(mapping.webhooks.first)
        #expect(webhook.body == .text("t"))
        #expect(webhook.parameters == ["base64Body": "AAEC"])
    }

    @Test(arguments: [
        (#"{"name":"webhook"}"#, #"a webhook needs "parameters" with at least a "url""#),
        (#"{"name":"webhook","parameters":{"method":"POST"}}"#, #"missing required field "url""#),
        (#"{"name":"webhook","parameters":{"url":"localhost:8081/x"}}"#, #"webhook url "localhost:8081/x" is not an absolute http or https URL"#),
        (#"{"name":"webhook","parameters":{"url":"http://h/x","base64Body":"%%%"}}"#, "base64Body is not valid base64"),
        (#"{"name":"webhook","parameters":{"url":"http://h/x","delay":{"type":"gaussian"}}}"#, #"unknown delay distribution "gaussian""#),
        (#"{"name":"webhook","requestPhases":["LATER"],"parameters":{"url":"http://h/x"}}"#, #"unknown request phase "LATER"; use one of BEFORE_MATCH, AFTER_MATCH, BEFORE_RESPONSE_SENT, AFTER_COMPLETE"#),
        (#"{"name":"webhook","paramters":{"url":"http://h/x"}}"#, #"unknown field "paramters" in a serve event listener; did you mean "parameters"?"#),
    ])
    func badWebhooksAreRefusedWithTheReason(_ listener: String, _ message: String) throws {
        let document = #"{"request":{"urlPath":"/a"},"serveEventListeners":[\#(listener)]}"#
        let error = try #require(throws: MappingDecodingError.self) { try WireMockMappings.decodeMapping(Data(document.utf8), file: "m.json") }
        #expect(error.description.contains(message), "\(error)")
        #expect(error.description.hasPrefix("m.json:1:"), "\(error)")
    }

    @Test func theSwiftBuilderIsTheJSONForm() throws {
        let built = StubMapping(id: fixedID(1), .post(urlPath: "/orders"), .status(202)).withWebhook(
            .post("http://localhost:8081/callbacks")
                .header("Content-Type", "application/json")
                .body("{{originalRequest.body}}")
                .delay(.fixed(milliseconds: 100))
                .parameter("team", "payments"))
        let decoded = try WireMockMappings.decodeMapping(Data(try built.wireMockJSON().jsonText().utf8))
        #expect(decoded.serveEventListeners == built.serveEventListeners)
        #expect(try built.wireMockJSON()["serveEventListeners"] == .array([["name": "webhook", "parameters": [
            "method": "POST", "url": "http://localhost:8081/callbacks", "headers": ["Content-Type": "application/json"],
            "body": "{{originalRequest.body}}", "delay": ["type": "fixed", "milliseconds": 100], "team": "payments"]]]))
    }
}

/// `understudy lint` names the listeners that will not run.
struct WebhookLintTests {
    @Test func listenersThatNeverRunAreNamed() throws {
        let document = #"""
            {"request":{"urlPath":"/a"},
             "postServeActions":{"slack-notifier":{"channel":"x"}},
             "serveEventListeners":[{"name":"webhook","requestPhases":["BEFORE_MATCH"],"parameters":{"url":"http://h/x"}},
                                    {"name":"webhook","parameters":{"url":"http://h/y"}}]}
            """#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(document.utf8), file: "m.json")
        #expect(decoded.warnings.map(\.description) == [
            #"m.json:2:2: stub id "# + decoded.mappings[0].id.uuidString.lowercased() + #": postServeActions: names "slack-notifier", a WireMock extension Understudy does not have; it is kept but never runs"#,
            "m.json:3:2: stub id " + decoded.mappings[0].id.uuidString.lowercased() + ": serveEventListeners: a webhook limited to request phases BEFORE_MATCH; webhooks send only at AFTER_COMPLETE, so it never fires",
        ])
        #expect(decoded.mappings[0].webhooks.map(\.url) == ["http://h/y"])
    }

    @Test func lintReportsThemForAFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let document = #"{"id":"00000000-0000-0000-0000-000000000001","request":{"urlPath":"/a"},"serveEventListeners":[{"name":"audit"}]}"#
        try Data(document.utf8).write(to: folder.appendingPathComponent("mappings/m.json"))
        let report = MappingsRoot(folder).lint()
        #expect(report.isClean)
        #expect(report.warnings == [
            #"mappings/m.json:1:73: stub id 00000000-0000-0000-0000-000000000001: serveEventListeners: names "audit", a WireMock extension Understudy does not have; it is kept but never runs"#,
        ])
    }
}
