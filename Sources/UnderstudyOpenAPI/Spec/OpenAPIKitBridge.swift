import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Understudy

/// Where OpenAPIKit checks a document's structure and converts 3.0 to 3.1; everything after
/// reads the 3.1 form as JSON.
enum OpenAPIKitBridge {
    /// The document in its 3.1 form: a 3.1 document as written (once OpenAPIKit has read it
    /// without error), a 3.0 one converted by OpenAPIKitCompat.
    static func normalize(_ written: JSONValue, version: String, source: String, locations: JSONSourceMap) throws(OpenAPIDocumentError) -> JSONValue {
        let data = written.jsonData()
        do {
            if version.hasPrefix("3.0.") {
                let document = try JSONDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: data)
                let converted = document.convert(to: .v3_1_1)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.withoutEscapingSlashes]
                return inWrittenOrder(try JSONValue(parsing: encoder.encode(converted)), like: written)
            }
            if version.hasPrefix("3.1.") || version.hasPrefix("3.2.") {
                _ = try JSONDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: data)
                return written
            }
        } catch let error as JSONParseError {
            throw OpenAPIDocumentError(source: source, message: "OpenAPIKit wrote JSON that does not parse (\(error)); please report this document")
        } catch {
            let readable = OpenAPIKit.OpenAPI.Error(from: error)
            let path: [JSONCodingPathElement] = readable.codingPath.map { key in key.intValue.map(JSONCodingPathElement.index) ?? .key(key.stringValue) }
            let pointer = path.map { element -> String in
                switch element {
                case .index(let index): "/\(index)"
                case .key(let key): "/" + OpenAPIDocument.escape(key)
                }
            }.joined()
            throw OpenAPIDocumentError(source: source, location: nearestLocation(of: path, in: locations), pointer: pointer,
                                       message: readable.localizedDescription)
        }
        throw OpenAPIDocumentError(source: source, location: locations.location(of: [.key("openapi")]),
                                   message: "unsupported OpenAPI version \(version); Understudy reads 3.0.x and 3.1.x documents")
    }

    /// The converted document with each object's members in the order the written document
    /// has them (the encoder does not keep it), so operations, responses and examples keep
    /// their document order; members the conversion added go last. Also mends a conversion
    /// OpenAPIKitCompat gets wrong: `nullable: true` on a schema with no `type` (an `allOf` of
    /// a `$ref`, say) becomes `"type": "null"` beside the `allOf`, which nothing satisfies; it
    /// is written as `anyOf` of the schema and `{"type": "null"}`.
    private static func inWrittenOrder(_ converted: JSONValue, like written: JSONValue?) -> JSONValue {
        switch converted {
        case .object(var object):
            if written?["nullable"] == .bool(true), written?["type"] == nil, object["type"] == .string("null"), object.count > 1 {
                object["type"] = nil
                let inner = inWrittenOrder(.object(object), like: written)
                return ["anyOf": [inner, ["type": "null"]]]
            }
            let order = written?.objectValue.map { Dictionary($0.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) } ?? [:]
            let members = object.members.enumerated().sorted { lhs, rhs in
                (order[lhs.element.key] ?? Int.max, lhs.offset) < (order[rhs.element.key] ?? Int.max, rhs.offset)
            }.map { JSONObject.Member(key: $0.element.key, value: inWrittenOrder($0.element.value, like: written?[$0.element.key])) }
            return .object(JSONObject(members))
        case .array(let items):
            let originals = written?.arrayValue
            return .array(items.enumerated().map { index, item in
                inWrittenOrder(item, like: originals.flatMap { $0.indices.contains(index) ? $0[index] : nil })
            })
        default:
            return converted
        }
    }

    /// The location of the place, or of its nearest parent that has one (a missing member has none).
    private static func nearestLocation(of path: [JSONCodingPathElement], in locations: JSONSourceMap) -> JSONSourceLocation? {
        var path = path
        while true {
            if let location = locations.location(of: path) { return location }
            if path.isEmpty { return nil }
            path.removeLast()
        }
    }
}
