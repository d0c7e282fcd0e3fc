import Foundation
import Testing
import Understudy
import UnderstudyJSON

/// WireMock 4's method patterns (wiremock/wiremock#3252), as master 9e93e34 reads and matches
/// them: `http/RequestMethodJsonDeserializer.java` (`oneOf` read first, then `noneOf`, else a
/// method name) and `matching/MultiRequestMethodPattern.java` (membership, exact or no match).
struct MethodSetPatternTests {
    @Test func oneOfAndNoneOfMatchByMembership() {
        let mock = HTTPMock()
        mock.stub(RequestPattern.any(urlPath: "/page").method(oneOf: .get, .head), .ok.body("page"))
        mock.stub(RequestPattern.any(urlPath: "/items").method(noneOf: .delete), .ok.body("items"))
        #expect(mock.serve(RecordedRequest(method: .get, url: "/page")).wasMatched)
        #expect(mock.serve(RecordedRequest(method: .head, url: "/page")).wasMatched)
        #expect(!mock.serve(RecordedRequest(method: .post, url: "/page")).wasMatched)
        #expect(mock.serve(RecordedRequest(method: .put, url: "/items")).wasMatched)
        #expect(!mock.serve(RecordedRequest(method: .delete, url: "/items")).wasMatched)
        // Methods are case-sensitive tokens, as WireMock's `RequestMethod.equals`.
        #expect(!mock.serve(RecordedRequest(method: "get", url: "/page")).wasMatched)
    }

    @Test func aNearMissNamesTheMethodsExpected() {
        let mock = HTTPMock()
        mock.stub(RequestPattern.any(urlPath: "/page").method(oneOf: .get, .head), .ok)
        let report = mock.nearMisses(for: RecordedRequest(method: .post, url: "/page")).description
        #expect(report.contains("✗ method: expected oneOf [GET, HEAD], got POST"), "\(report)")
        #expect(RequestPattern.any(urlPath: "/page").method(noneOf: .delete).description == #"method noneOf [DELETE] urlPath "/page""#)
    }

    @Test func readsAndWritesWireMock4sJSONWithANoteForLint() throws {
        let json = #"{"request": {"urlPath": "/page", "method": {"oneOf": ["GET", "HEAD"]}}, "response": {"status": 200}}"#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(json.utf8))
        #expect(decoded.warnings.map(\.message) == [#"a method pattern {"oneOf": [...]} is WireMock 4's: WireMock 3.13 will not load this mapping"#])
        let stub = try #require(decoded.mappings.first)
        #expect(stub.request.methods == .oneOf([.get, .head]))
        #expect(stub.request.method == .any)
        #expect(stub.request.wireMockJSON["method"] == (try JSONParser.parse(#"{"oneOf": ["GET", "HEAD"]}"#)))
        let noneOf = try WireMockMappings.decode(Data(#"{"request": {"method": {"noneOf": ["DELETE"]}}, "response": {"status": 200}}"#.utf8))
        #expect(noneOf.first?.request.methods == .noneOf([.delete]))
    }

    @Test func aMethodObjectWithoutOneOfOrNoneOfIsRefusedWithTheFix() {
        #expect {
            try WireMockMappings.decode(Data(#"{"request": {"method": {"anyOf": ["GET"]}}, "response": {"status": 200}}"#.utf8))
        } throws: { error in
            "\(error)".contains("anyOf") && "\(error)".contains("oneOf")
        }
        #expect {
            try WireMockMappings.decode(Data(#"{"request": {"method": {}}, "response": {"status": 200}}"#.utf8))
        } throws: { error in
            "\(error)".contains(#"{"oneOf": ["GET", "HEAD"]}"#)
        }
    }
}
