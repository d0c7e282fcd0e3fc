import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

/// Under validation, a request without the credentials its operation's `security` asks for gets
/// a 401 naming what to send, as Prism answers: presence only, alternatives OR'd, schemes within
/// one alternative AND'd. A plain spec mock stays permissive.
struct OpenAPISecurityTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: Secure, version: "1"}
        security:
          - bearerAuth: []
        paths:
          /private:
            get:
              responses: {"200": {description: ok}}
          /public:
            get:
              security: []
              responses: {"200": {description: ok}}
          /either:
            get:
              security:
                - basicAuth: []
                - apiKey: []
              responses: {"200": {description: ok}}
          /both:
            get:
              security:
                - queryKey: []
                  session: []
              responses: {"200": {description: ok}}
          /optional:
            get:
              security:
                - oauth: [read]
                - {}
              responses: {"200": {description: ok}}
        components:
          securitySchemes:
            bearerAuth: {type: http, scheme: bearer}
            basicAuth: {type: http, scheme: basic}
            apiKey: {type: apiKey, in: header, name: X-API-Key}
            queryKey: {type: apiKey, in: query, name: api_key}
            session: {type: apiKey, in: cookie, name: session}
            oauth: {type: oauth2, flows: {implicit: {authorizationUrl: "https://example.com/auth", scopes: {read: Read}}}}
        """

    static func validating() throws -> HTTPMock {
        HTTPMock(openAPI: try OpenAPIDocument(yaml: yaml), options: OpenAPIStubOptions(validatesRequests: true))
    }

    @Test(arguments: [
        ("/private", [:], 401),
        ("/private", ["Authorization": "Bearer abc"], 200),
        ("/private", ["Authorization": "Basic YTpi"], 401),
        ("/private", ["Authorization": "Bearer "], 401),
        ("/public", [:], 200),
        ("/either", [:], 401),
        ("/either", ["Authorization": "Basic YTpi"], 200),
        ("/either", ["X-API-Key": "k"], 200),
        ("/both?api_key=k", [:], 401),
        ("/both?api_key=k", ["Cookie": "session=s"], 200),
        ("/optional", [:], 200),
    ] as [(String, [String: String], Int)])
    func credentialsAreCheckedAsTheDocumentAsks(_ url: String, _ headers: [String: String], _ status: Int) throws {
        let mock = try Self.validating()
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.add(name: name, value: value) }
        #expect(try mock.answer(request(.get, url, headers: fields)).status == status)
    }

    @Test func theRefusalNamesWhatToSendAndChallenges() throws {
        let answer = try Self.validating().answer(request(.get, "/either"))
        #expect(answer.status == 401)
        #expect(answer.headers.values(for: "WWW-Authenticate").first?.hasPrefix("Basic realm=") == true)
        #expect(answer.body.contains("security: the request has no credentials; send Authorization: Basic … (basicAuth), or the header X-API-Key (apiKey)"), "\(answer.body)")
        #expect(answer.headers["Understudy-OpenAPI-Violations"] == "1")
        // An API key's challenge names where the key goes.
        let realm = try OpenAPIDocument(yaml: Self.yaml).source
        let both = try Self.validating().answer(request(.get, "/both"))
        #expect(both.headers.values(for: "WWW-Authenticate") == [
            #"APIKey realm="\#(realm)", name="api_key", in="query""#,
            #"APIKey realm="\#(realm)", name="session", in="cookie""#,
        ])
    }

    @Test func aPlainSpecMockStaysPermissive() throws {
        let mock = HTTPMock(openAPI: try OpenAPIDocument(yaml: Self.yaml))
        #expect(try mock.answer(request(.get, "/private")).status == 200)
    }
}
