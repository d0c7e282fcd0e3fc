import Foundation
import UnderstudyJSON

extension ProtoJSONCodec {
    /// The descriptor of `typeName`: the pool's, or a well-known type's own.
    func descriptor(for typeName: String) -> MessageDescriptor? {
        pool.messages[typeName] ?? WellKnownType.descriptors[typeName]
    }

    func decodeWellKnown(_ type: WellKnownType, _ bytes: ArraySlice<UInt8>, path: String, depth: Int) throws(ProtoJSONError) -> JSONValue {
        guard let descriptor = WellKnownType.descriptors[type.rawValue] else { return .object(JSONObject()) }
        guard case .object(let fields) = try decodeFields(bytes, descriptor: descriptor, path: path, depth: depth) else { return .null }
        func integer(_ key: String) -> Int64 {
            switch fields[key] {
            case .string(let text)?: Int64(text) ?? 0
            case .number(let number)?: Int64(number.intValue ?? 0)
            default: 0
            }
        }
        switch type {
        case .timestamp:
            guard let text = ProtoTimeText.timestamp(seconds: integer("seconds"), nanos: Int32(truncatingIfNeeded: integer("nanos"))) else {
                throw ProtoJSONError(path: path, "the Timestamp \(integer("seconds"))s \(integer("nanos"))ns is out of range")
            }
            return .string(text)
        case .duration:
            guard let text = ProtoTimeText.duration(seconds: integer("seconds"), nanos: Int32(truncatingIfNeeded: integer("nanos"))) else {
                throw ProtoJSONError(path: path, "the Duration \(integer("seconds"))s \(integer("nanos"))ns is out of range")
            }
            return .string(text)
        case .empty:
            return .object(JSONObject())
        case .struct:
            return fields["fields"] ?? .object(JSONObject())
        case .listValue:
            return fields["values"] ?? .array([])
        case .value:
            return fields.members.first?.value ?? .null
        case .fieldMask:
            guard case .array(let paths)? = fields["paths"] else { return .string("") }
            return .string(paths.compactMap { if case .string(let path) = $0 { FieldDescriptor.lowerCamelCase(path) } else { nil } }.joined(separator: ","))
        case .any:
            return try decodeAny(fields, path: path, depth: depth)
        default:
            guard let wrapped = type.wrappedField else { return .null }
            return fields["value"] ?? Self.defaultWrapped(wrapped.type)
        }
    }

    private static func defaultWrapped(_ type: FieldType) -> JSONValue {
        switch type {
        case .bool: .bool(false)
        case .string, .bytes: .string("")
        case .int64, .uint64: .string("0")
        default: .number(JSONNumber(0))
        }
    }

    private func decodeAny(_ fields: JSONObject, path: String, depth: Int) throws(ProtoJSONError) -> JSONValue {
        guard case .string(let url)? = fields["typeUrl"], !url.isEmpty else { return .object(JSONObject()) }
        let typeName = String(url.split(separator: "/").last ?? "")
        var bytes: [UInt8] = []
        if case .string(let base64)? = fields["value"] { bytes = Data(base64Encoded: base64).map(Array.init) ?? [] }
        let inner = try decodeMessage(ArraySlice(bytes), type: typeName, path: path, depth: depth + 1)
        var object: JSONObject = ["@type": .string(url)]
        if WellKnownType(rawValue: typeName) != nil || descriptor(for: typeName) == nil {
            object["value"] = inner
        } else if case .object(let members) = inner {
            for member in members { object[member.key] = member.value }
        }
        return .object(object)
    }

    func encodeWellKnown(_ type: WellKnownType, _ json: JSONValue, path: String, depth: Int, into writer: inout ProtobufWriter) throws(ProtoJSONError) {
        guard let descriptor = WellKnownType.descriptors[type.rawValue] else { return }
        func fields(_ object: JSONObject) throws(ProtoJSONError) {
            try encodeFields(object, descriptor: descriptor, path: path, depth: depth, into: &writer)
        }
        switch (type, json) {
        case (.timestamp, .string(let text)):
            guard let (seconds, nanos) = ProtoTimeText.parseTimestamp(text) else {
                throw ProtoJSONError(path: path, "\"\(text)\" is not an RFC 3339 timestamp such as 1972-01-01T10:00:20.021Z")
            }
            try fields(["seconds": .string(String(seconds)), "nanos": .number(JSONNumber(Int(nanos)))])
        case (.duration, .string(let text)):
            guard let (seconds, nanos) = ProtoTimeText.parseDuration(text) else {
                throw ProtoJSONError(path: path, "\"\(text)\" is not a duration such as 1.5s")
            }
            try fields(["seconds": .string(String(seconds)), "nanos": .number(JSONNumber(Int(nanos)))])
        case (.empty, .object(let object)):
            guard object.isEmpty else { throw ProtoJSONError(path: path, "google.protobuf.Empty has no fields, but got \(object.keys.joined(separator: ", "))") }
        case (.struct, .object(let object)):
            try fields(["fields": .object(object)])
        case (.listValue, .array(let values)):
            try fields(["values": .array(values)])
        case (.value, _):
            let member: (String, JSONValue) = switch json {
            case .null: ("nullValue", .null)
            case .number: ("numberValue", json)
            case .string: ("stringValue", json)
            case .bool: ("boolValue", json)
            case .object: ("structValue", json)
            case .array: ("listValue", json)
            }
            try fields(JSONObject([JSONObject.Member(key: member.0, value: member.1)]))
        case (.fieldMask, .string(let text)):
            let paths = text.split(separator: ",").map { path in
                String(path).reduce(into: "") { snake, character in
                    if character.isUppercase { snake += "_" + character.lowercased() } else { snake.append(character) }
                }
            }
            try fields(["paths": .array(paths.map(JSONValue.string))])
        case (.any, .object(let object)):
            try encodeAny(object, path: path, depth: depth, into: &writer)
        case (_, _) where type.wrappedField != nil:
            try fields(["value": json])
        default:
            throw ProtoJSONError(path: path, "\(Self.describe(json)) is not the JSON form of \(type.rawValue)")
        }
    }

    private func encodeAny(_ object: JSONObject, path: String, depth: Int, into writer: inout ProtobufWriter) throws(ProtoJSONError) {
        guard !object.isEmpty else { return }
        guard case .string(let url)? = object["@type"] else { throw ProtoJSONError(path: path, "a google.protobuf.Any needs an \"@type\"") }
        let typeName = String(url.split(separator: "/").last ?? "")
        var inner = ProtobufWriter()
        if WellKnownType(rawValue: typeName) != nil {
            try encodeMessage(object["value"] ?? .null, type: typeName, path: Self.join(path, "value"), depth: depth + 1, into: &inner)
        } else {
            var rest = object
            rest["@type"] = nil
            try encodeMessage(.object(rest), type: typeName, path: path, depth: depth + 1, into: &inner)
        }
        writer.writeTag(1, .lengthDelimited)
        writer.writeLengthDelimited(Array(url.utf8))
        writer.writeTag(2, .lengthDelimited)
        writer.writeLengthDelimited(inner.bytes)
    }
}

extension WellKnownType {
    /// The fields of each well-known type (and `Struct`'s map entry), as their `.proto` files declare them.
    static let descriptors: [String: MessageDescriptor] = {
        let secondsAndNanos = [FieldDescriptor(name: "seconds", number: 1, type: .int64), FieldDescriptor(name: "nanos", number: 2, type: .int32)]
        var all: [String: MessageDescriptor] = [
            timestamp.rawValue: MessageDescriptor(fullName: timestamp.rawValue, fields: secondsAndNanos),
            duration.rawValue: MessageDescriptor(fullName: duration.rawValue, fields: secondsAndNanos),
            empty.rawValue: MessageDescriptor(fullName: empty.rawValue, fields: []),
            structEntry: MessageDescriptor(fullName: structEntry, fields: [
                FieldDescriptor(name: "key", number: 1, type: .string),
                FieldDescriptor(name: "value", number: 2, type: .message, typeName: value.rawValue, hasPresence: true),
            ], isMapEntry: true),
            `struct`.rawValue: MessageDescriptor(fullName: `struct`.rawValue, fields: [
                FieldDescriptor(name: "fields", number: 1, type: .message, typeName: structEntry, isRepeated: true),
            ]),
            value.rawValue: MessageDescriptor(fullName: value.rawValue, fields: valueFields, oneofs: ["kind"]),
            listValue.rawValue: MessageDescriptor(fullName: listValue.rawValue, fields: [
                FieldDescriptor(name: "values", number: 1, type: .message, typeName: value.rawValue, isRepeated: true),
            ]),
            fieldMask.rawValue: MessageDescriptor(fullName: fieldMask.rawValue, fields: [
                FieldDescriptor(name: "paths", number: 1, type: .string, isRepeated: true),
            ]),
            any.rawValue: MessageDescriptor(fullName: any.rawValue, fields: [
                FieldDescriptor(name: "type_url", number: 1, type: .string),
                FieldDescriptor(name: "value", number: 2, type: .bytes),
            ]),
        ]
        for type in allCases {
            if let wrapped = type.wrappedField { all[type.rawValue] = MessageDescriptor(fullName: type.rawValue, fields: [wrapped]) }
        }
        return all
    }()

    /// The map entry of `Struct.fields`.
    static let structEntry = "google.protobuf.Struct.FieldsEntry"
}
