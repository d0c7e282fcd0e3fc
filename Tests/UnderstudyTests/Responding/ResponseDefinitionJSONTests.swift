import Foundation
import Testing
@testable import Understudy

struct ResponseDefinitionJSONTests {
    struct User: Encodable {
        let id: Int
        let fullName: String
    }

    struct NotANumber: Encodable {
        let value = Double.nan
    }

    @Test func anyEncodableIsAJSONBody() {
        let response = ResponseDefinition.ok.json(User(id: 2, fullName: "Ada"))
        #expect(response.body == .json(["id": 2, "fullName": "Ada"]))
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test func theEncoderIsUsed() {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(ResponseDefinition.ok.json(User(id: 2, fullName: "Ada"), encoder: encoder).body
            == .json(["id": 2, "full_name": "Ada"]))
    }

    @Test func literalsStayJSONValues() {
        // The literal is a JSONValue (members in written order), not a [String: Int] re-encoded.
        guard case .json(.object(let object)) = ResponseDefinition.ok.json(["b": 1, "a": 2, "c": 3]).body else {
            Issue.record("expected a JSON object body")
            return
        }
        #expect(object.members.map(\.key) == ["b", "a", "c"])
    }

    @Test func aValueThatCannotBeEncodedAnswers500NamingTheError() throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/nan"), .ok.json(NotANumber()))
        let response = mock.serve(request(.get, "/nan")).response
        #expect(response.status == 500)
        guard case .text(let text) = response.body else {
            Issue.record("expected a text body, got \(response.body)")
            return
        }
        #expect(text.hasPrefix("Understudy could not encode NotANumber as the JSON body of this stub: "))
        #expect(throws: EncodingError.self) { try ResponseDefinition.ok.json(encoding: NotANumber()) }
    }
}
