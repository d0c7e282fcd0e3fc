import Foundation
import Testing
@testable import Understudy

/// A mapping folder using every form WireMock 3.13 accepts that Understudy used to refuse or
/// ignore (`Fixtures/wiremock-3.13-forms`): it lints with no problem, each ignored part is a
/// warning naming its file and line, and the stubs answer as WireMock would. The rules are
/// WireMock 3.13.2's: `matching/StringValuePatternJsonDeserializer.java` (first operator wins,
/// `anything`, `matchesPathTemplate`, `absent` whatever its value), `matching/UrlPattern.java`
/// with `RequestPattern`'s URL key order, `stubbing/StubMapping.java` (`id`/`uuid`),
/// `matching/MultipartValuePattern.java` (`name`, `fileName`), `extension/webhooks/`, the XML and
/// JSON Schema patterns (`EqualToXmlPattern`, `MatchesXPathPattern`, `MatchesJsonSchemaPattern`), and the
/// standalone template engine (`extension/responsetemplating/TemplateEngine.java`, no escaping).
struct WireMockFormsFixtureTests {
    private let root = MappingsRoot(fixturesFolder.appendingPathComponent("wiremock-3.13-forms"))

    @Test func theFolderLintsWithWarningsAndNoProblem() {
        let report = root.lint()
        #expect(report.problems == [])
        #expect(report.mappings.count == 10)
        let expected = [
            ("mappings/operators.json:7:", #""contains" is ignored: a pattern uses only its first operator, here "equalTo""#),
            ("mappings/operators.json:8:", #"did you mean "caseInsensitive"?"#),
            ("mappings/operators.json:9:", "absent"),
            ("mappings/operators.json:13:", #""matches" is ignored"#),
            ("mappings/url-keys.json:3:", #""urlPathTemplate" is ignored"#),
            ("mappings/path-template.json:3:", #""url" comes first"#),
            ("mappings/webhook.json:", #"names "audit-log", a WireMock extension Understudy does not have"#),
        ]
        for (location, text) in expected {
            #expect(report.warnings.contains { $0.hasPrefix(location) && $0.contains(text) }, "no warning \(location) … \(text) in \(report.warnings)")
        }
    }

    @Test func theStubsAnswerAsWireMockWould() throws {
        let mock = try HTTPMock(loadingMappingsFrom: root)
        // The first operator only; the later invalid regex is neither matched nor an error.
        #expect(mock.serve(request(.get, "/operators?q=abc", headers: ["Accept": "APPLICATION/JSON", "X-Typo": "a"])).response.status == 200)
        #expect(mock.serve(request(.get, "/operators?q=abc", headers: ["Accept": "json", "X-Typo": "a"])).response.status == 404)
        #expect(mock.serve(request(.get, "/operators?q=abc", headers: ["Accept": "application/json", "X-Typo": "a", "X-Gone": "x"])).response.status == 404)
        // urlPath outranks urlPathTemplate, url outranks urlPattern.
        #expect(mock.serve(request(.get, "/items/1")).response.status == 200)
        #expect(mock.serve(request(.get, "/items/2")).response.status == 404)
        #expect(mock.serve(request(.get, "/ignored", headers: ["X-Resource": "/things/42"])).response.status == 200)
        // The later key of id and uuid names the stub.
        #expect(mock.stubMapping(id: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!)?.name == "id then uuid")
        #expect(mock.stubMapping(id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!) == nil)
        // Standalone WireMock does not escape HTML; the dot before [0] is skipped.
        let echoed = mock.serve(request(.post, "/echo", body: #"{"names": ["Ada"]}"#))
        let body = String(decoding: try mock.bodyData(for: echoed.response), as: UTF8.self)
        #expect(body.hasPrefix(#"aGVsbG8= <b> Ada {"#), "\(body)")
        // XML and JSON Schema body patterns (matching/EqualToXmlPattern.java,
        // MatchesXPathPattern.java, MatchesJsonSchemaPattern.java).
        #expect(mock.serve(request(.post, "/soap", body: "<order><item>book</item><id>42</id></order>")).response.status == 200)
        #expect(mock.serve(request(.post, "/soap", body: "<order><id>42</id><item>pen</item></order>")).response.status == 404)
        #expect(mock.serve(request(.post, "/xpath", body: "<cart><item>a book</item></cart>")).response.status == 200)
        #expect(mock.serve(request(.post, "/xpath", body: "<cart><item>a pen</item></cart>")).response.status == 404)
        #expect(mock.serve(request(.post, "/schema", body: #"{"id": 7}"#)).response.status == 200)
        #expect(mock.serve(request(.post, "/schema", body: #"{"id": "seven"}"#)).response.status == 404)
    }
}
