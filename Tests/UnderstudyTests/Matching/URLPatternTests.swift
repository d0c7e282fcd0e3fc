import Testing
@testable import Understudy

struct URLPatternTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let pattern: URLPattern
        let url: String
        let matches: Bool
        var testDescription: String { "\(pattern) vs \(url) → \(matches)" }
    }

    // https://wiremock.org/docs/request-matching/#url-matching
    static let cases: [Case] = [
        Case(pattern: .url("/your/url?and=query"), url: "/your/url?and=query", matches: true),
        Case(pattern: .url("/your/url"), url: "/your/url?and=query", matches: false),
        Case(pattern: .url("/your/url?and=query"), url: "/your/url?query=and", matches: false),
        Case(pattern: .urlPattern("/your/([a-z]*)\\?and=query"), url: "/your/url?and=query", matches: true),
        Case(pattern: .urlPattern("/your/[a-z]*"), url: "/your/url?and=query", matches: false),
        Case(pattern: .urlPath("/your/url"), url: "/your/url?and=query", matches: true),
        Case(pattern: .urlPath("/your/url"), url: "/your/url/", matches: false),
        Case(pattern: .urlPath("/your/url"), url: "http://example.com:8080/your/url", matches: true),
        Case(pattern: .urlPathPattern("/your/([a-z]*)"), url: "/your/url?any=thing", matches: true),
        Case(pattern: .urlPathPattern("/your/([a-z]*)"), url: "/your/url1", matches: false),
        Case(pattern: .urlPathPattern("/your"), url: "/your/url", matches: false),
        Case(pattern: .urlPathTemplate("/contacts/{contactId}/addresses/{addressId}"), url: "/contacts/12345/addresses/99876", matches: true),
        Case(pattern: .urlPathTemplate("/contacts/{contactId}/addresses/{addressId}"), url: "/contacts/12345/addresses", matches: false),
        Case(pattern: .urlPathTemplate("/contacts/{contactId}"), url: "/contacts/", matches: false),
        Case(pattern: .urlPathTemplate("/files/{name}.json"), url: "/files/report.json?x=1", matches: true),
        Case(pattern: .urlPathTemplate("/files/{name}.json"), url: "/files/report.xml", matches: false),
        Case(pattern: .any, url: "/anything?at=all", matches: true),
    ]

    @Test(arguments: cases)
    func matchesLikeWireMock(_ testCase: Case) {
        let request = request(.get, testCase.url)
        #expect(RequestPattern(url: testCase.pattern).matches(request) == testCase.matches)
        #expect(RequestPattern(url: testCase.pattern).match(request).isExactMatch == testCase.matches)
    }

    @Test func pathTemplateExtractsDecodedVariables() throws {
        let template = try PathTemplate("/contacts/{contactId}/addresses/{addressId}")
        #expect(template.match("/contacts/a%20b/addresses/7") == ["contactId": "a b", "addressId": "7"])
        #expect(template.variableNames == ["contactId", "addressId"])
    }

    @Test(arguments: [
        ("/users/{id", "'{' without a matching '}'"),
        ("/users/{}", "a variable needs a name, as in {id}"),
        ("/a/{id}/b/{id}", "variable {id} appears twice"),
        ("/a/{x}{y}", "two variables must be separated by literal text"),
        ("users/{id}", "a path template must start with '/'"),
    ])
    func invalidTemplatesAreExplained(template: String, problem: String) {
        #expect(throws: PathTemplateError(template: template, problem: problem)) { try PathTemplate(template) }
        #expect(RequestPattern(url: .urlPathTemplate(template)).problems == ["invalid path template \"\(template)\": \(problem)"])
    }

    @Test func pathParametersConstrainTemplateVariables() {
        let pattern = RequestPattern(method: .get, url: .urlPathTemplate("/contacts/{contactId}/addresses/{addressId}"))
            .pathParameter("contactId", .equalTo("12345"))
            .pathParameter("addressId", .or(.equalTo("99876"), .equalTo("55555")))
        #expect(pattern.matches(request(.get, "/contacts/12345/addresses/55555")))
        #expect(!pattern.matches(request(.get, "/contacts/12346/addresses/55555")))
        #expect(pattern.problems.isEmpty)
    }

    @Test func pathParametersWithoutTemplateAreInvalid() {
        let unknown = RequestPattern(url: .urlPathTemplate("/a/{id}")).pathParameter("other", "1")
        #expect(unknown.problems == [#"path parameter "other" is not a variable of urlPathTemplate "/a/{id}"; its variables are {id}"#])
        let noTemplate = RequestPattern(url: .urlPath("/a/1")).pathParameter("id", "1")
        #expect(noTemplate.problems == [#"pathParameters need a urlPathTemplate such as "/users/{id}"; this pattern uses urlPath "/a/1""#])
    }
}
