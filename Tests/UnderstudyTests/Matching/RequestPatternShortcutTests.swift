import Foundation
import Testing
import UnderstudySupport
@testable import Understudy

/// A pattern that constrains only its method and URL is matched without the field-by-field
/// evaluation; the answer must be the evaluation's.
struct RequestPatternShortcutTests {
    @Test(arguments: 0..<20)
    func theShortcutAgreesWithTheEvaluation(seed: UInt64) {
        var generator = RandomStubs(random: SplitMix64(seed: seed))
        var shortcuts = 0
        for _ in 0..<200 {
            let pattern = generator.stub().request
            if pattern.constrainsOnlyMethodAndURL { shortcuts += 1 }
            for _ in 0..<10 {
                let request = generator.request()
                // `match` always grades every field: the evaluation the shortcut skips.
                #expect(pattern.matches(request) == pattern.match(request).isExactMatch, "\(pattern.method) \(pattern.url) against \(request)")
            }
        }
        #expect(shortcuts > 0)
    }

    /// The shortcut lists the fields a pattern may constrain besides its method and URL; a new
    /// field must be added there (and here).
    @Test func theShortcutKnowsEveryField() {
        let fields = Mirror(reflecting: RequestPattern(method: .get, url: .any)).children.compactMap(\.label)
        #expect(fields == ["method", "methods", "url", "scheme", "host", "port", "clientIp", "pathParameters", "queryParameters",
                           "formParameters", "headers", "cookies", "basicAuthCredentials", "bodyPatterns", "multipartPatterns",
                           "operationId", "customMatcher"])
        #expect(RequestPattern(method: .get, url: .urlPath("/a")).constrainsOnlyMethodAndURL)
        #expect(!RequestPattern(method: .get, url: .urlPath("/a")).header("Accept", .equalTo("x")).constrainsOnlyMethodAndURL)
        #expect(!RequestPattern(method: .get, url: .urlPath("/a")).method(oneOf: .get, .put).constrainsOnlyMethodAndURL)
    }
}
