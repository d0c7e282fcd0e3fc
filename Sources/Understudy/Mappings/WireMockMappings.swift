public import Foundation
public import UnderstudyJSON

/// Reads and writes WireMock mapping documents: a single mapping, `{"mappings": [...]}`,
/// or a bare array of mappings.
///
/// A decoder reads the answer kinds and custom matchers from outside the core that it is given
/// (`extensions`, see ``MappingExtensions``); without them, such a key is an unknown field.
public enum WireMockMappings {
    /// Decodes every mapping in a document. Errors name the file (when given), line, column and field.
    public static func decode(_ data: Data, file: String? = nil, extensions: MappingExtensions = MappingExtensions()) throws(MappingDecodingError) -> [StubMapping] {
        try decode(try JSONReader.parsing(data, file: file, extensions: extensions))
    }

    /// Decodes every mapping in a document, with the warnings WireMock's rules give it: operator
    /// keys after the first in a pattern, URL keys a higher-priority one outranks, keys that are
    /// ignored (likely typos). Errors name the file (when given), line, column and field.
    public static func decodeWithWarnings(_ data: Data, file: String? = nil, extensions: MappingExtensions = MappingExtensions()) throws(MappingDecodingError) -> (mappings: [StubMapping], warnings: [MappingWarning]) {
        let reader = try JSONReader.parsing(data, file: file, extensions: extensions)
        return (try decode(reader), reader.source.warnings.warnings)
    }

    /// Decodes every mapping of a file as ``decodeWithWarnings(_:file:extensions:)`` does, with where each
    /// stub's object is in the file.
    /// Files of one load share `regexes`, so that each expression is compiled once.
    static func decodeWithSources(_ data: Data, file: String, regexes: RegexPatternCache? = nil, extensions: MappingExtensions) throws(MappingDecodingError)
        -> (mappings: [StubMapping], sources: [MappingSource], warnings: [MappingWarning]) {
        let reader = try JSONReader.parsing(data, file: file, regexes: regexes, extensions: extensions)
        let located = try reader.decoding(decodeLocatedDocument)
        let sources = located.map { entry in
            let location = reader.source.locations?.location(of: entry.path)
            return MappingSource(file: file, line: location?.line, column: location?.column)
        }
        return (located.map(\.mapping), sources, reader.source.warnings.warnings)
    }

    /// Decodes every mapping in an already parsed document.
    public static func decode(_ document: JSONValue, extensions: MappingExtensions = MappingExtensions()) throws(MappingDecodingError) -> [StubMapping] {
        try decode(JSONReader(document, source: JSONReader.Source(extensions: extensions)))
    }

    /// Decodes exactly one mapping (the body of `POST /__admin/mappings`).
    public static func decodeMapping(_ data: Data, file: String? = nil, extensions: MappingExtensions = MappingExtensions()) throws(MappingDecodingError) -> StubMapping {
        let mappings = try decode(data, file: file, extensions: extensions)
        guard mappings.count == 1 else {
            throw MappingDecodingError(file: file, path: "", message: "expected one stub mapping, found \(mappings.count)")
        }
        return mappings[0]
    }

    /// Decodes a WireMock request pattern (the body of `POST /__admin/requests/count` and friends).
    public static func decodeRequestPattern(_ data: Data, extensions: MappingExtensions = MappingExtensions()) throws(MappingDecodingError) -> RequestPattern {
        try JSONReader.parsing(data, file: nil, extensions: extensions).decoding { try RequestPattern(wireMock: $0) }
    }

    /// Decodes a WireMock string-value pattern such as `{"matchesJsonPath": "$.team"}` (the body
    /// of `POST /__admin/mappings/find-by-metadata` and friends).
    public static func decodeStringValuePattern(_ data: Data) throws(MappingDecodingError) -> StringValuePattern {
        try JSONReader.parsing(data, file: nil).decoding { try StringValuePattern(wireMock: $0) }
    }

    /// Runs the internal decoders, which throw only ``MappingDecodingError``.
    private static func decode(_ reader: JSONReader) throws(MappingDecodingError) -> [StubMapping] {
        try reader.decoding(decodeDocument)
    }

    private static func decodeDocument(_ reader: JSONReader) throws -> [StubMapping] {
        try decodeLocatedDocument(reader).map(\.mapping)
    }

    /// The mappings of a document, each with the path of its object in the document.
    private static func decodeLocatedDocument(_ reader: JSONReader) throws -> [(mapping: StubMapping, path: [JSONCodingPathElement])] {
        switch reader.value {
        case .array:
            return try reader.elements().map { reader in (try StubMapping(wireMock: reader), reader.path) }
        case .object(let object):
            if object["request"] == nil, let mappings = reader.member("mappings") {
                // WireMock's StubMappingCollection ignores $schema and meta. importOptions belongs
                // to POST /__admin/mappings/import, whose body this also decodes.
                try reader.rejectUnknownKeys(["mappings", "meta", "importOptions", "$schema"], in: "the mappings document")
                if reader.source.file != nil, object["importOptions"] != nil {
                    reader.warn(at: "importOptions", "importOptions is ignored in a mapping file (WireMock refuses it there); it configures POST /__admin/mappings/import")
                }
                return try mappings.elements().map { reader in (try StubMapping(wireMock: reader), reader.path) }
            }
            return [(try StubMapping(wireMock: reader), reader.path)]
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
