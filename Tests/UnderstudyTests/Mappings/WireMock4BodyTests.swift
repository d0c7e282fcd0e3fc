import Foundation
import Testing
import Understudy
import UnderstudyJSON

/// WireMock 4's response `body` entity (`wiremock-core/.../common/entity/EntityDefinitionDeserializer.java`
/// and `http/ResponseDefinition.java` at master 9e93e34): an object as well as a string. Files
/// written for WireMock 4 load and answer; they are written back in WireMock 3's keys, which
/// WireMock 4 also reads.
struct WireMock4BodyTests {
    private func response(_ body: String) throws -> (ResponseDefinition, [MappingWarning]) {
        let json = #"{"request": {"urlPath": "/x"}, "response": {"status": 200, "body": \#(body)}}"#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(json.utf8))
        return (try #require(decoded.mappings.first?.response.definition), decoded.warnings)
    }

    @Test func objectBodiesDecodeToTheBodyTheyDescribe() throws {
        #expect(try response(#"{"data": "plain text"}"#).0.body == .text("plain text"))
        #expect(try response(#"{"data": {"id": 1, "tags": ["a"]}}"#).0.body == .json(try JSONParser.parse(#"{"id": 1, "tags": ["a"]}"#)))
        #expect(try response(#"{"format": "json", "data": {"id": 1}}"#).0.body == .json(try JSONParser.parse(#"{"id": 1}"#)))
        #expect(try response(#"{"base64Data": "AQID"}"#).0.body == .binary(Data([1, 2, 3])))
        #expect(try response(#"{"filePath": "users/1.json"}"#).0.body == .file("users/1.json"))
        #expect(try response(#"{"encoding": "binary", "data": "abc"}"#).0.body == .binary(Data("abc".utf8)))
        #expect(try response(#"{"data": "café", "charset": "ISO-8859-1"}"#).0.body == .binary(Data([0x63, 0x61, 0x66, 0xE9])))
        #expect(try response(#""a string, as ever""#).0.body == .text("a string, as ever"))
    }

    @Test func anObjectBodyIsReportedAsNeedingWireMock4AndWrittenBackForBoth() throws {
        let (definition, warnings) = try response(#"{"data": {"id": 1}}"#)
        #expect(warnings.map(\.message).contains { $0.contains("WireMock 4's form") })
        #expect(definition.wireMockJSON["jsonBody"] == (try JSONParser.parse(#"{"id": 1}"#)))
        #expect(definition.wireMockJSON["body"] == nil)
        #expect(try response(#""text""#).1.isEmpty)
    }

    @Test func whatCannotBeServedIsRefusedWithTheFix() {
        let cases = [
            (#"{"data": "x", "compression": "gzip"}"#, "give the body uncompressed"),
            (#"{"dataStore": "s", "dataRef": "k"}"#, "data stores"),
            (#"{"data": "x", "charset": "koi8-r"}"#, "charset \"koi8-r\""),
            (#"{"data": "x", "filePath": "y"}"#, "not both"),
            (#"{"text": "x"}"#, "text"),
        ]
        for (body, message) in cases {
            #expect(throws: MappingDecodingError.self, "\(body)") { try response(body) }
            do {
                _ = try response(body)
            } catch {
                #expect("\(error)".contains(message), "\(body): \(error)")
            }
        }
    }

    /// A WireMock 4 file served end to end: the answer is the entity's bytes.
    @Test func aWireMock4StubAnswers() throws {
        let mock = HTTPMock()
        mock.stub(try WireMockMappings.decode(Data(#"""
            {"request": {"method": "GET", "urlPath": "/users/1"},
             "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"data": {"id": 1, "name": "Ada"}}}}
            """#.utf8)))
        let event = mock.serve(RecordedRequest(method: .get, url: "/users/1"))
        #expect(event.status == 200)
        #expect(try JSONParser.parse(String(decoding: try mock.bodyData(for: event.response), as: UTF8.self))
            == (try JSONParser.parse(#"{"id": 1, "name": "Ada"}"#)))
    }
}
