import Foundation
public import UnderstudyJSON

extension MessageBody {
    /// WireMock 4's short form: text as a string, JSON as `{"format": "json", "data": ...}`,
    /// bytes as `{"base64Data": ...}`, a file as `{"filePath": ...}`.
    public var wireMockJSON: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .json(let json): ["format": "json", "data": json]
        case .binary(let data): ["base64Data": .string(data.base64EncodedString())]
        case .file(let path, let binary): binary ? ["filePath": .string(path), "format": "binary"] : ["filePath": .string(path)]
        }
    }

    /// Reads a body entity; `nil` for `null` (an empty message).
    package init?(wireMock reader: JSONReader) throws {
        switch reader.value {
        case .null: return nil
        case .string(let text): self = .text(text)
        case .object(let object):
            if object["dataStore"] != nil || object["dataRef"] != nil {
                throw reader.error("data stores (dataStore, dataRef) are not served here; inline the body with \"data\" or put it in a file under __files with \"filePath\"")
            }
            let format = try (reader.optionalString("format") ?? reader.optionalString("encoding"))?.lowercased()
            if let compression = try reader.optionalString("compression"), compression.lowercased() != "none" {
                throw reader.error(at: "compression", "compressed message bodies are not served here; give the body uncompressed")
            }
            let path = try reader.optionalString("filePath")
            let inline = object["data"] != nil || object["base64Data"] != nil
            if path != nil, inline { throw reader.error("a body has either inline data or a filePath, not both; keep one") }
            if let path {
                self = .file(path, binary: format == "binary")
            } else if let data = object["data"] {
                switch data {
                case .string(let text): self = format == "binary" ? .binary(Data(text.utf8)) : .text(text)
                case .object: self = .json(data)
                default:
                    throw reader.error(at: "data", "give the data as a string or a JSON object (WireMock 4 sends nothing for \(data.jsonText()))")
                }
            } else if let encoded = try reader.optionalString("base64Data") {
                guard let bytes = Data(base64Encoded: encoded) else { throw reader.error(at: "base64Data", "not valid base64") }
                self = .binary(bytes)
            } else {
                self = .text("")
            }
        default:
            throw reader.typeError("a string or an object such as {\"data\": \"text\"}")
        }
    }
}
