import Foundation
import Testing
@testable import Understudy

/// `"operationId"` in a mapping's `request`: an Understudy extension, read and written like
/// `eventStream`, with a warning that WireMock 3.13 will not load the mapping.
struct OperationIdMappingTests {
    @Test(arguments: [
        (#""getPetById""#, StringValuePattern.equalTo("getPetById")),
        (#"{"equalTo": "getPetById"}"#, .equalTo("getPetById")),
        (#"{"matches": "get.*"}"#, .matches("get.*")),
        (#"{"absent": true}"#, .absent),
    ])
    func aMappingReadsTheOperationAsAStringOrAPattern(_ json: String, _ expected: StringValuePattern) throws {
        let document = #"{"request": {"method": "GET", "operationId": \#(json)}, "response": {"status": 200}}"#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(document.utf8), file: "pets.json")
        #expect(decoded.mappings.first?.request.operationId == expected)
        #expect(decoded.warnings.map(\.message) == [#""operationId" is an Understudy extension: WireMock 3.13 will not load this mapping, and only requests an OpenAPI client sent through mock.clientTransport() carry an operation (a request over a socket never matches it)"#])
    }

    @Test func anOperationRoundTripsThroughMappingJSON() throws {
        let stub = StubMapping(.get(urlPath: "/pets").operation(.matches("list.*")), .ok)
        let json = try stub.wireMockJSON()
        #expect(json["request"]?["operationId"] == ["matches": "list.*"])
        let again = try WireMockMappings.decodeMapping(Data(json.jsonText().utf8))
        #expect(again.request == stub.request)
        #expect(try StubMapping(.get(urlPath: "/pets"), .ok).wireMockJSON()["request"]?["operationId"] == nil)
    }

    @Test func aBadOperationIsAnErrorAtItsKey() {
        let document = #"{"request": {"operationId": 42}, "response": {"status": 200}}"#
        #expect {
            try WireMockMappings.decodeMapping(Data(document.utf8), file: "pets.json")
        } throws: { error in
            "\(error)".contains("request.operationId")
        }
    }

    @Test func lintWarnsThatWireMockWillNotLoadIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let document = #"{"request": {"operationId": "getPetById"}, "response": {"status": 200}}"#
        try Data(document.utf8).write(to: folder.appendingPathComponent("mappings/pet.json"))
        let report = MappingsRoot(folder).lint()
        #expect(report.isClean)
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.contains(#""operationId" is an Understudy extension: WireMock 3.13 will not load this mapping"#) == true)
        #expect(report.mappings.first?.request.operationId == .equalTo("getPetById"))
    }
}
