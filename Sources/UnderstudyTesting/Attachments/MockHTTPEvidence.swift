import Foundation
import Understudy
import UnderstudyRecording

/// What a mock saw, as the files a failing test attaches (see ``MockHTTPAttachments``).
struct MockHTTPEvidence: Sendable {
    struct File: Sendable {
        /// The file's name without the test's prefix: `journal.har`.
        var name: String
        var text: String
    }

    let files: [File]

    init(of mock: HTTPMock) {
        let har = HARArchive.document(of: mock.serveEvents) { try? mock.bodyData(for: $0) }
        let reports = mock.unmatchedNearMisses()
        let nearMisses = reports.isEmpty
            ? "Every request a stub matched.\n"
            : reports.map(\.description).joined(separator: "\n\n") + "\n"
        let stubs: [JSONValue] = mock.stubMappings.map { stub in
            if let json = try? stub.wireMockJSON() { return json }
            var object: JSONObject = ["id": .string(stub.id.uuidString.lowercased()), "request": stub.request.wireMockJSON]
            if let name = stub.name { object["name"] = .string(name) }
            object["comment"] = "its response is a Swift closure, which WireMock JSON cannot hold"
            return .object(object)
        }
        let mappings: JSONValue = ["mappings": .array(stubs), "meta": ["total": .number(JSONNumber(stubs.count))]]
        files = [
            File(name: "journal.har", text: har.jsonText(pretty: true)),
            File(name: "near-misses.txt", text: nearMisses),
            File(name: "stubs.json", text: mappings.jsonText(pretty: true)),
        ]
    }

    /// A test's name as a file name's prefix: letters, digits, `-` and `_` kept, runs of
    /// anything else one `_`.
    static func prefix(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                result.append(character)
            } else if result.last != "_" {
                result.append("_")
            }
        }
        while result.last == "_" { result.removeLast() }
        return result.isEmpty ? "test" : result
    }
}
