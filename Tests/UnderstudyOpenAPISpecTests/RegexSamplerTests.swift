import Foundation
import Testing
import Understudy
@testable import UnderstudyOpenAPI
import UnderstudyFakes

/// Strings written from a pattern match it (checked by Foundation's regular expressions), for the
/// shapes real documents use; patterns outside the subset give nil rather than a wrong string.
struct RegexSamplerTests {
    @Test(arguments: [
        "^AC[0-9a-fA-F]{32}$",                       // Twilio's SIDs
        "^[A-Z]{2}-\\d{3,5}$",
        "^(sk|pk)_(test|live)_[a-zA-Z0-9]{8,}$",
        "^(?:\\+1)?\\(\\d{3}\\) \\d{3}-\\d{4}$",
        "^[^@\\s]+@example\\.com$",
        "^v\\d+(\\.\\d+){0,2}[a-z]?$",
        "^[-_.a-z]+$",
        "^[]a]x*$",
        "^a.b+c?d*$",
        "ab{2}c{1,}",
    ])
    func aSampleMatchesItsPattern(_ pattern: String) throws {
        let regex = try NSRegularExpression(pattern: pattern)
        for seed in UInt64(1)...20 {
            var fake = Fake(seed: seed)
            let sample = try #require(RegexSampler.sample(pattern, using: &fake), "\(pattern)")
            let range = NSRange(sample.startIndex..., in: sample)
            #expect(regex.firstMatch(in: sample, range: range) != nil, "\(sample) does not match \(pattern)")
        }
    }

    @Test(arguments: ["(a)\\1", "^(?=a)a$", "\\p{L}+", "a{2", "[z-a]", "(ab", "\\bword\\b"])
    func aPatternOutsideTheSubsetGivesNil(_ pattern: String) {
        var fake = Fake(seed: 1)
        #expect(RegexSampler.sample(pattern, using: &fake) == nil)
    }

    /// Twilio's `account_sid`: 34 characters that the pattern fixes; words of that length do not fit.
    @Test func aGeneratedStringFitsItsPatternAndLengths() throws {
        let document = try OpenAPIDocument(yaml: """
            openapi: 3.0.1
            info: {title: Accounts, version: '1'}
            paths:
              /Accounts/{Sid}.json:
                get:
                  operationId: fetchAccount
                  parameters:
                    - {name: Sid, in: path, required: true, schema: {type: string}}
                  responses:
                    '200':
                      description: An account
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [sid]
                            properties:
                              sid: {type: string, minLength: 34, maxLength: 34, pattern: '^AC[0-9a-fA-F]{32}$', nullable: true}
            """)
        let operation = try #require(document.operation(id: "fetchAccount"))
        for seed in UInt64(1)...5 {
            let answer = try HTTPMock(openAPI: document, options: OpenAPIStubOptions(seed: seed)).answer(request(.get, "/Accounts/AC1.json"))
            #expect(operation.violations(ofResponseStatus: answer.status, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty, "\(answer.body)")
        }
    }
}
