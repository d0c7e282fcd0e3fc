import Foundation

/// Reads and writes WireMock mapping documents: a single mapping, `{"mappings": [...]}`,
/// or a bare array of mappings.
public enum WireMockMappings {
    /// Decodes every mapping in a document. Errors name the file (when given), line, column and field.
    public static func decode(_ data: Data, file: String? = nil) throws(MappingDecodingError) -> [StubMapping] {
        try decode(try reader(for: data, file: file))
    }

    /// Decodes every mapping in an already parsed document.
    public static func decode(_ document: JSONValue) throws(MappingDecodingError) -> [StubMapping] {
        try decode(JSONReader(document))
    }

    /// Decodes exactly one mapping (the body of `POST /__admin/mappings`).
    public static func decodeMapping(_ data: Data, file: String? = nil) throws(MappingDecodingError) -> StubMapping {
        let mappings = try decode(data, file: file)
        guard mappings.count == 1 else {
            throw MappingDecodingError(file: file, path: "", message: "expected one stub mapping, found \(mappings.count)")
        }
        return mappings[0]
    }

    /// Decodes a WireMock request pattern (the body of `POST /__admin/requests/count` and friends).
    public static func decodeRequestPattern(_ data: Data) throws(MappingDecodingError) -> RequestPattern {
        try rethrowingDecodingErrors(try reader(for: data, file: nil)) { try RequestPattern(wireMock: $0) }
    }

    /// Decodes a WireMock string-value pattern such as `{"matchesJsonPath": "$.team"}` (the body
    /// of `POST /__admin/mappings/find-by-metadata` and friends).
    public static func decodeStringValuePattern(_ data: Data) throws(MappingDecodingError) -> StringValuePattern {
        try rethrowingDecodingErrors(try reader(for: data, file: nil)) { try StringValuePattern(wireMock: $0) }
    }

    /// Parses JSON text into a reader that knows where every value was written.
    private static func reader(for data: Data, file: String?) throws(MappingDecodingError) -> JSONReader {
        let parsed: (value: JSONValue, locations: JSONSourceMap)
        do {
            parsed = try JSONParser.parseWithLocations(data)
        } catch {
            throw MappingDecodingError(file: file, line: error.line, column: error.column, path: "",
                                       message: "not valid JSON: \(error.message)")
        }
        return JSONReader(parsed.value, source: JSONReader.Source(file: file, locations: parsed.locations))
    }

    /// Runs the internal decoders, which throw only ``MappingDecodingError``.
    private static func decode(_ reader: JSONReader) throws(MappingDecodingError) -> [StubMapping] {
        try rethrowingDecodingErrors(reader, decodeDocument)
    }

    private static func rethrowingDecodingErrors<T>(
        _ reader: JSONReader,
        _ body: (JSONReader) throws -> T
    ) throws(MappingDecodingError) -> T {
        do {
            return try body(reader)
        } catch let error as MappingDecodingError {
            throw error
        } catch {
            throw reader.error("\(error)")
        }
    }

    private static func decodeDocument(_ reader: JSONReader) throws -> [StubMapping] {
        switch reader.value {
        case .array:
            return try reader.elements().map { reader in try StubMapping(wireMock: reader) }
        case .object(let object) where object["mappings"] != nil && object["request"] == nil:
            try reader.rejectUnknownKeys(["mappings", "meta", "importOptions"], in: "the mappings document")
            return try reader.member("mappings")!.elements().map { reader in
                try StubMapping(wireMock: reader)
            }
        case .object:
            return [try StubMapping(wireMock: reader)]
        default:
            throw reader.typeError("a stub mapping object, an array of them, or {\"mappings\": [...]}")
        }
    }

    /// Encodes mappings as `{"mappings": [...], "meta": {"total": n}}` (WireMock's listing shape).
    public static func encode(_ mappings: [StubMapping], pretty: Bool = true) throws(MappingEncodingError) -> Data {
        var items: [JSONValue] = []
        for mapping in mappings { items.append(try mapping.wireMockJSON()) }
        let document: JSONValue = ["mappings": .array(items), "meta": ["total": .number(JSONNumber(items.count))]]
        return document.jsonData(pretty: pretty)
    }
}
