import Foundation
import Understudy

extension StubMapping {
    /// The text standing in for the response of a stub that a Swift closure answers.
    static let dynamicResponsePlaceholder =
        "Understudy: this stub answers with a Swift closure, which WireMock JSON cannot express; the response shown is a placeholder"

    /// The stub as the admin API lists it: its WireMock JSON, or for a stub with a dynamic
    /// (closure) response, the same JSON with a placeholder response
    /// `{"status": 200, "body": "Understudy: this stub answers with a Swift closure..."}`.
    var adminJSON: JSONValue {
        if let json = try? wireMockJSON() { return json }
        var standIn = self
        standIn.response = .definition(ResponseDefinition(status: 200, body: .text(Self.dynamicResponsePlaceholder)))
        return (try? standIn.wireMockJSON()) ?? ["id": .string(id.uuidString.lowercased())]
    }

    /// Whether the response is computed by a closure.
    var isDynamic: Bool { response.definition == nil }

    /// The JSON the metadata patterns of `find-by-metadata` see: the metadata object, or `{}`.
    var metadataText: String { JSONValue.object(metadata ?? [:]).jsonText() }
}

extension Array where Element == StubMapping {
    /// WireMock's `ListStubMappingsResult`: `{"mappings": [...], "meta": {"total": n}}`.
    func listJSON(total: Int? = nil) -> JSONValue {
        ["mappings": .array(map(\.adminJSON)), "meta": ["total": .number(JSONNumber(total ?? count))]]
    }
}
