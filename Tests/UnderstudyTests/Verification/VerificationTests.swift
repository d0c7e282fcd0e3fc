import Foundation
import Testing
@testable import Understudy

struct VerificationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let strategy: CountMatchingStrategy
        let actual: Int
        let holds: Bool
        var testDescription: String { "\(strategy) with \(actual) → \(holds)" }
    }

    static let cases: [Case] = [
        Case(strategy: .exactly(2), actual: 2, holds: true),
        Case(strategy: .exactly(2), actual: 3, holds: false),
        Case(strategy: .atLeast(2), actual: 2, holds: true),
        Case(strategy: .atLeast(2), actual: 1, holds: false),
        Case(strategy: .atMost(2), actual: 2, holds: true),
        Case(strategy: .atMost(2), actual: 3, holds: false),
        Case(strategy: .moreThan(2), actual: 3, holds: true),
        Case(strategy: .moreThan(2), actual: 2, holds: false),
        Case(strategy: .lessThan(2), actual: 1, holds: true),
        Case(strategy: .lessThan(2), actual: 2, holds: false),
        Case(strategy: .never, actual: 0, holds: true),
        Case(strategy: .never, actual: 1, holds: false),
    ]

    @Test(arguments: cases)
    func strategiesCountLikeWireMock(_ testCase: Case) {
        let mock = HTTPMock()
        for _ in 0..<testCase.actual { _ = mock.serve(request(.get, "/hit")) }
        _ = mock.serve(request(.get, "/other"))
        #expect((mock.verificationFailure(testCase.strategy, .get(urlPath: "/hit")) == nil) == testCase.holds)
    }

    @Test func aLongJournalIsListedUpTo20RequestsThenCounted() throws {
        let mock = HTTPMock()
        for number in 1...25 { _ = mock.serve(request(.get, "/items/\(number)")) }
        let text = try #require(mock.verificationFailure(.atLeast(1), .get(urlPath: "/nothing"))).description
        #expect(text.contains("Requests received (25):\n  1. GET /items/1\n"))
        #expect(text.contains("  20. GET /items/20\n  … and 5 more\n"))
        #expect(!text.contains("21. "))
    }

    @Test func failureListsReceivedAndNearestRequests() {
        let mock = HTTPMock()
        _ = mock.serve(request(.get, "/users/43", headers: ["Accept": "application/json"]))
        _ = mock.serve(request(.post, "/users", body: "{}"))
        let pattern = RequestPattern.get(urlPath: "/users/42").header("Accept", .contains("json"))
        #expect(throws: VerificationError.self) { try mock.verify(.exactly(1), pattern) }
        let failure = mock.verificationFailure(.exactly(1), pattern)
        #expect(failure?.description == """
            Expected exactly 1 request(s) matching GET urlPath "/users/42" with header Accept contains "json"
            but received 0.
            Requests received (2):
              1. GET /users/43
              2. POST /users

            Nearest request 1 of 2: GET /users/43, distance 0.08
              ✓ method: GET
              ✗ urlPath: expected "/users/42", got "/users/43"
              ✓ header Accept: "application/json"

            Nearest request 2 of 2: POST /users, distance 0.52
              ✗ method: expected GET, got POST
              ✗ urlPath: expected "/users/42", got "/users"
              ✗ header Accept: expected contains "json", got (absent)

            """)
    }

    @Test func failureWithNoRequests() {
        let failure = HTTPMock().verificationFailure(.atLeast(1), .get(urlPath: "/a"))
        #expect(failure?.description == """
            Expected at least 1 request(s) matching GET urlPath "/a"
            but received 0.
            No requests were received.

            """)
    }

    @Test func disabledJournalCannotVerify() {
        let mock = HTTPMock(configuration: .init(journalCapacity: 0))
        _ = mock.serve(request(.get, "/a"))
        #expect(mock.verificationFailure(.exactly(1), .get(urlPath: "/a"))?.description
            == #"Cannot verify GET urlPath "/a": the request journal is disabled. Create the mock with a journalCapacity above 0."#)
    }

    @Test func verifyDefaultsToAtLeastOneRequest() throws {
        let mock = HTTPMock()
        #expect(throws: VerificationError.self) { try mock.verify(.get(urlPath: "/a")) }
        #expect(mock.verificationFailure(.get(urlPath: "/a"))?.expected == .atLeast(1))
        _ = mock.serve(request(.get, "/a"))
        _ = mock.serve(request(.get, "/a"))
        try mock.verify(.get(urlPath: "/a"))
        #expect(mock.verificationFailure(.get(urlPath: "/a")) == nil)
    }
}
