package import UnderstudyJSON

/// Turns binary protobuf messages into JSON and back by their descriptors, following proto3's
/// JSON mapping (what `JsonFormat` in protobuf-java, which WireMock's gRPC extension uses,
/// prints and parses): fields by their JSON names, in field-number order; 64-bit integers as
/// strings; enums by name; `bytes` as base64; values equal to their defaults left out unless the
/// field tracks presence; and the well-known types `Timestamp`, `Duration`, the wrappers,
/// `Empty`, `Struct`, `Value`, `ListValue`, `FieldMask` and `Any` in their JSON forms.
///
/// The well-known types are known by name, so a descriptor set made without `--include_imports`
/// still works. Malformed bytes and JSON of the wrong shape throw ``ProtoJSONError``; nothing traps.
package struct ProtoJSONCodec: Sendable {
    /// The types it knows.
    package let pool: DescriptorPool

    /// How deep messages may nest, in either direction (protobuf-java's recursion limit).
    package static let maxDepth = 100

    package init(pool: DescriptorPool) { self.pool = pool }

    /// The JSON of a message of type `typeName` (a full name without the leading dot).
    package func json(fromMessage bytes: [UInt8], type typeName: String) throws(ProtoJSONError) -> JSONValue {
        try decodeMessage(ArraySlice(bytes), type: typeName, path: "", depth: 0)
    }

    /// The bytes of a message of type `typeName` that `json` describes.
    package func message(fromJSON json: JSONValue, type typeName: String) throws(ProtoJSONError) -> [UInt8] {
        var writer = ProtobufWriter()
        try encodeMessage(json, type: typeName, path: "", depth: 0, into: &writer)
        return writer.bytes
    }

    /// `path` extended by a member.
    static func join(_ path: String, _ member: String) -> String { path.isEmpty ? member : path + "." + member }
}
