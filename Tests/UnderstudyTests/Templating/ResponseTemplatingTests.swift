import Foundation
import Testing
@testable import Understudy

/// Which responses are templated, which parts, and what the journal keeps.
struct ResponseTemplatingTests {
    @Test func onlyTemplatedStubsRenderUnlessTemplatingIsGlobal() {
        let local = HTTPMock()
        local.stub(.get(urlPath: "/plain"), .ok.body("{{request.method}}"))
        local.stub(.get(urlPath: "/templated"), .ok.body("{{request.method}}").templated())
        #expect(local.serve(request(.get, "/plain")).response.body == .text("{{request.method}}"))
        #expect(local.serve(request(.get, "/templated")).response.body == .text("GET"))
        let global = HTTPMock(configuration: .init(globalTemplating: true))
        global.stub(.get(urlPath: "/plain"), .ok.body("{{request.method}}"))
        #expect(global.serve(request(.get, "/plain")).response.body == .text("GET"))
    }

    /// WireMock 3.13.2's standalone (`CommandLineOptions.getTemplateEscapingDisabled()` returns
    /// true) and embedded (`WireMockConfiguration.templateEscapingDisabled = true`) servers build
    /// `TemplateEngine` with `EscapingStrategy.NOOP`: nothing is escaped. `templateEscaping`
    /// restores Handlebars' HTML escaping of `{{ }}` (the WAR deployment); `{{{ }}}` and
    /// `{{& }}` never escape.
    @Test func valuesAreUnescapedUnlessEscapingIsAsked() {
        let template = "{{base64 'hello'}} {{'<b>'}} {{{'<b>'}}} {{& '<b>'}} {{request.query.q}}"
        let plain = HTTPMock()
        plain.stub(.anyRequest, .ok.body(template).templated())
        let query = "/x?q=%22a%27%60%3D%26%22"
        #expect(plain.serve(request(.get, query)).response.body == .text("aGVsbG8= <b> <b> <b> \"a'`=&\""))
        let escaping = HTTPMock(configuration: .init(templateEscaping: true))
        escaping.stub(.anyRequest, .ok.body(template).templated())
        #expect(escaping.serve(request(.get, query)).response.body
            == .text("aGVsbG8&#x3D; &lt;b&gt; <b> <b> &quot;a&#x27;&#x60;&#x3D;&amp;&quot;"))
    }

    /// WireMock renders webhooks with the same `TemplateEngine`, so they follow the setting too.
    @Test func webhooksEscapeAsResponsesDo() throws {
        let webhook = WebhookDefinition.post("http://localhost:8081/x").body("{{originalRequest.query.q}}|{{{originalRequest.query.q}}}")
        let original = request(.get, "/x?q=%3Cb%3E")
        #expect(String(decoding: try webhook.rendered(for: original, urlPattern: nil).body, as: UTF8.self) == "<b>|<b>")
        #expect(String(decoding: try webhook.rendered(for: original, urlPattern: nil, escapesHTML: true).body, as: UTF8.self) == "&lt;b&gt;|<b>")
        let mock = HTTPMock(configuration: .init(templateEscaping: true))
        mock.stub(StubMapping(.anyRequest, .ok).withWebhook(webhook))
        let pending = try #require(mock.pendingWebhooks(for: mock.serve(original)))
        #expect(pending.escapesHTML)
    }

    @Test func headersStatusMessageJSONBodyAndParametersRender() throws {
        let mock = HTTPMock()
        var response = ResponseDefinition(status: 201, statusMessage: "Made {{request.path.[1]}}")
            .json(["id": "{{request.path.[1]}}", "greeting": "{{parameters.greeting}}"])
            .header("Location", "/things/{{request.path.[1]}}")
            .templated()
        response.transformerParameters = ["greeting": "hello"]
        mock.stub(.anyRequest, response)
        let event = mock.serve(request(.post, "/things/t-9"))
        #expect(event.response.status == 201)
        #expect(event.response.statusMessage == "Made t-9")
        #expect(event.response.headers["Location"] == "/things/t-9")
        #expect(event.response.body == .json(["id": "t-9", "greeting": "hello"]))
        #expect(mock.serveEvents.last?.response.body == .json(["id": "t-9", "greeting": "hello"]), "the journal keeps the rendered answer")
        #expect(mock.stubMappings[0].response.definition?.headers["Location"] == "/things/{{request.path.[1]}}", "the stub keeps its template")
    }

    @Test func bodyFilesAreNamedAndFilledByTemplatesInsideFilesOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-template-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = MappingsRoot(folder)
        try root.writeBodyFile(named: "users/7.json", Data(#"{"id": 7, "asked": "{{request.query.who}}"}"#.utf8))
        try Data("secret".utf8).write(to: folder.appendingPathComponent("outside.txt"))
        let mock = HTTPMock(configuration: .init(root: root))
        mock.stub(.anyRequest, .ok.bodyFile("users/{{request.query.id}}.json").templated(), name: "Files")
        let served = mock.serve(request(.get, "/u?id=7&who=me"))
        #expect(served.response.body == .text(#"{"id": 7, "asked": "me"}"#))
        let escape = mock.serve(request(.get, "/u?id=../../outside.txt%23"))
        #expect(escape.response.status == 500)
        #expect(String(decoding: escape.response.body.inlineData ?? Data(), as: UTF8.self).contains("must be a relative path inside __files"))
    }

    @Test func wireMockJSONWithTheTransformerIsTemplated() throws {
        let mapping = try WireMockMappings.decodeMapping(Data(#"""
            {"request": {"urlPathTemplate": "/contacts/{contactId}/addresses/{addressId}"},
             "response": {"status": 200, "body": "contact {{request.path.contactId}}, address {{request.path.addressId}}",
                          "transformers": ["response-template"]}}
            """#.utf8))
        let mock = HTTPMock()
        mock.stub(mapping)
        #expect(mock.serve(request(.get, "/contacts/12345/addresses/99876")).response.body == .text("contact 12345, address 99876"))
    }
}
