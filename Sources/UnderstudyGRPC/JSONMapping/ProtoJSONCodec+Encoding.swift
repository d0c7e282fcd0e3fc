import Foundation
import UnderstudyJSON

extension ProtoJSONCodec {
    func encodeMessage(_ json: JSONValue, type typeName: String, path: String, depth: Int, into writer: inout ProtobufWriter) throws(ProtoJSONError) {
        guard depth < Self.maxDepth else { throw ProtoJSONError(path: path, "messages nest more than \(Self.maxDepth) deep") }
        if let known = WellKnownType(rawValue: typeName) {
            try encodeWellKnown(known, json, path: path, depth: depth, into: &writer)
            return
        }
        guard let descriptor = descriptor(for: typeName) else {
            throw ProtoJSONError(path: path, "the message type \(typeName) is not in the descriptors")
        }
        guard case .object(let object) = json else {
            throw ProtoJSONError(path: path, "expected an object for \(typeName), got \(Self.describe(json))")
        }
        try encodeFields(object, descriptor: descriptor, path: path, depth: depth, into: &writer)
    }

    /// A JSON object's members as the fields of `descriptor`, in field-number order. An unknown
    /// member is an error (as protobuf-java's parser, which WireMock's extension uses, refuses one).
    func encodeFields(_ object: JSONObject, descriptor: MessageDescriptor, path: String, depth: Int,
                      into writer: inout ProtobufWriter) throws(ProtoJSONError) {
        var byNumber: [Int: JSONValue] = [:]
        var oneofSeen: [Int: String] = [:]
        for member in object {
            guard let field = descriptor.field(jsonKey: member.key) else {
                throw ProtoJSONError(path: path, "\(descriptor.fullName) has no field \"\(member.key)\"")
            }
            guard byNumber[field.number] == nil else {
                throw ProtoJSONError(path: path, "the field \(field.name) is given twice")
            }
            if case .null = member.value, !Self.takesNull(field) { continue }
            if let oneof = field.oneofIndex {
                if let other = oneofSeen[oneof] {
                    throw ProtoJSONError(path: path, "\(other) and \(member.key) belong to the same oneof; give one of them")
                }
                oneofSeen[oneof] = member.key
            }
            byNumber[field.number] = member.value
        }
        for field in descriptor.fields {
            guard let value = byNumber[field.number] else { continue }
            let fieldPath = Self.join(path, field.jsonName)
            if field.isRepeated, let entryType = field.typeName.flatMap({ self.descriptor(for: $0) }), entryType.isMapEntry {
                guard case .object(let entries) = value else {
                    throw ProtoJSONError(path: fieldPath, "expected an object for a map, got \(Self.describe(value))")
                }
                guard let keyField = entryType.field(number: 1), let valueField = entryType.field(number: 2) else { continue }
                for entry in entries {
                    var inner = ProtobufWriter()
                    try encodeMapKey(entry.key, field: keyField, path: fieldPath, into: &inner)
                    try encodeValue(entry.value, field: valueField, path: Self.join(fieldPath, entry.key), depth: depth, alwaysWrite: true, into: &inner)
                    writer.writeTag(field.number, .lengthDelimited)
                    writer.writeLengthDelimited(inner.bytes)
                }
            } else if field.isRepeated {
                guard case .array(let elements) = value else {
                    throw ProtoJSONError(path: fieldPath, "expected an array for a repeated field, got \(Self.describe(value))")
                }
                if field.isPacked {
                    guard !elements.isEmpty else { continue }
                    var packed = ProtobufWriter()
                    for (index, element) in elements.enumerated() {
                        try encodeBare(element, field: field, path: "\(fieldPath)[\(index)]", depth: depth, into: &packed)
                    }
                    writer.writeTag(field.number, .lengthDelimited)
                    writer.writeLengthDelimited(packed.bytes)
                } else {
                    for (index, element) in elements.enumerated() {
                        if case .null = element, !Self.takesNull(field) {
                            throw ProtoJSONError(path: "\(fieldPath)[\(index)]", "a repeated field cannot hold null")
                        }
                        try encodeValue(element, field: field, path: "\(fieldPath)[\(index)]", depth: depth, alwaysWrite: true, into: &writer)
                    }
                }
            } else {
                try encodeValue(value, field: field, path: fieldPath, depth: depth, alwaysWrite: field.hasPresence, into: &writer)
            }
        }
    }

    /// Whether `null` is a value of the field rather than its absence (`Value` and `NullValue`).
    private static func takesNull(_ field: FieldDescriptor) -> Bool {
        field.typeName == WellKnownType.nullValueEnum || field.typeName == WellKnownType.value.rawValue
    }

    /// One value with its tag; a value without presence equal to its default is left out.
    private func encodeValue(_ value: JSONValue, field: FieldDescriptor, path: String, depth: Int, alwaysWrite: Bool,
                             into writer: inout ProtobufWriter) throws(ProtoJSONError) {
        var bare = ProtobufWriter()
        try encodeBare(value, field: field, path: path, depth: depth, into: &bare)
        let wireType = field.type.wireType
        if !alwaysWrite && field.type != .message && Self.isDefaultEncoding(bare.bytes, wireType: wireType) { return }
        writer.writeTag(field.number, wireType)
        switch wireType {
        case .lengthDelimited: writer.writeLengthDelimited(bare.bytes)
        default: writer.append(bare.bytes)
        }
    }

    private static func isDefaultEncoding(_ bytes: [UInt8], wireType: WireType) -> Bool {
        switch wireType {
        case .lengthDelimited: bytes.isEmpty
        case .varint: bytes == [0]
        default: bytes.allSatisfy { $0 == 0 }
        }
    }

    /// One value without its tag (a message's or string's bytes without their length).
    private func encodeBare(_ value: JSONValue, field: FieldDescriptor, path: String, depth: Int,
                            into writer: inout ProtobufWriter) throws(ProtoJSONError) {
        switch field.type {
        case .double:
            writer.writeFixed64(try Self.double(value, path: path).bitPattern)
        case .float:
            let double = try Self.double(value, path: path)
            guard !double.isFinite || abs(double) <= Double(Float.greatestFiniteMagnitude) else {
                throw ProtoJSONError(path: path, "\(double) is out of range for a float")
            }
            writer.writeFixed32(Float(double).bitPattern)
        case .int64, .sfixed64, .sint64:
            let number = try Self.integer(value, path: path, in: Int64.min...Int64.max)
            switch field.type {
            case .sfixed64: writer.writeFixed64(UInt64(bitPattern: Int64(number)))
            case .sint64: writer.writeVarint(UInt64(bitPattern: (Int64(number) << 1) ^ (Int64(number) >> 63)))
            default: writer.writeVarint(UInt64(bitPattern: Int64(number)))
            }
        case .uint64, .fixed64:
            let number = try Self.unsigned(value, path: path, max: UInt64.max)
            if field.type == .fixed64 { writer.writeFixed64(number) } else { writer.writeVarint(number) }
        case .int32, .sfixed32, .sint32:
            let number = Int32(try Self.integer(value, path: path, in: Int64(Int32.min)...Int64(Int32.max)))
            switch field.type {
            case .sfixed32: writer.writeFixed32(UInt32(bitPattern: number))
            case .sint32: writer.writeVarint(UInt64(UInt32(bitPattern: (number << 1) ^ (number >> 31))))
            default: writer.writeVarint(UInt64(bitPattern: Int64(number)))
            }
        case .uint32, .fixed32:
            let number = UInt32(try Self.unsigned(value, path: path, max: UInt64(UInt32.max)))
            if field.type == .fixed32 { writer.writeFixed32(number) } else { writer.writeVarint(UInt64(number)) }
        case .bool:
            guard case .bool(let flag) = value else { throw ProtoJSONError(path: path, "expected true or false, got \(Self.describe(value))") }
            writer.writeVarint(flag ? 1 : 0)
        case .string:
            guard case .string(let text) = value else { throw ProtoJSONError(path: path, "expected a string, got \(Self.describe(value))") }
            writer.append(Array(text.utf8))
        case .bytes:
            guard case .string(let text) = value, let data = Self.base64(text) else {
                throw ProtoJSONError(path: path, "expected base64 text for bytes, got \(Self.describe(value))")
            }
            writer.append(Array(data))
        case .enum:
            writer.writeVarint(UInt64(bitPattern: Int64(try enumNumber(value, field: field, path: path))))
        case .message:
            try encodeMessage(value, type: field.typeName ?? "", path: path, depth: depth + 1, into: &writer)
        case .group:
            throw ProtoJSONError(path: path, "proto2 groups are not supported")
        }
    }

    private func enumNumber(_ value: JSONValue, field: FieldDescriptor, path: String) throws(ProtoJSONError) -> Int32 {
        if field.typeName == WellKnownType.nullValueEnum { return 0 }
        switch value {
        case .string(let name):
            guard let number = field.typeName.flatMap({ pool.enums[$0] })?.number(of: name) else {
                let known = field.typeName.flatMap { pool.enums[$0] }?.values.map(\.name).joined(separator: ", ") ?? "none known"
                throw ProtoJSONError(path: path, "\"\(name)\" is not a value of \(field.typeName ?? "the enum") (\(known))")
            }
            return number
        case .number:
            return Int32(try Self.integer(value, path: path, in: Int64(Int32.min)...Int64(Int32.max)))
        default:
            throw ProtoJSONError(path: path, "expected an enum value's name or number, got \(Self.describe(value))")
        }
    }

    private func encodeMapKey(_ key: String, field: FieldDescriptor, path: String, into writer: inout ProtobufWriter) throws(ProtoJSONError) {
        let value: JSONValue = switch field.type {
        case .string: .string(key)
        case .bool:
            if key == "true" { .bool(true) } else if key == "false" { .bool(false) } else {
                throw ProtoJSONError(path: path, "the map key \"\(key)\" is not true or false")
            }
        default: .string(key)
        }
        try encodeValue(value, field: field, path: path, depth: 0, alwaysWrite: true, into: &writer)
    }

    static func double(_ value: JSONValue, path: String) throws(ProtoJSONError) -> Double {
        switch value {
        case .number(let number): return number.doubleValue
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .string(let text):
            guard let double = Double(text), double.isFinite else { throw ProtoJSONError(path: path, "\"\(text)\" is not a number") }
            return double
        default: throw ProtoJSONError(path: path, "expected a number, got \(describe(value))")
        }
    }

    /// An integer written as a JSON number or a string (`"12"`, `1e3`), in `range`.
    static func integer(_ value: JSONValue, path: String, in range: ClosedRange<Int64>) throws(ProtoJSONError) -> Int64 {
        let text: String
        switch value {
        case .number(let number): text = number.text
        case .string(let string): text = string
        default: throw ProtoJSONError(path: path, "expected an integer, got \(describe(value))")
        }
        if let exact = Int64(text) {
            guard range.contains(exact) else { throw ProtoJSONError(path: path, "\(text) is out of range") }
            return exact
        }
        guard let double = Double(text), double.isFinite, double == double.rounded() else {
            throw ProtoJSONError(path: path, "\(text) is not an integer")
        }
        guard let exact = Int64(exactly: double), range.contains(exact) else { throw ProtoJSONError(path: path, "\(text) is out of range") }
        return exact
    }

    static func unsigned(_ value: JSONValue, path: String, max: UInt64) throws(ProtoJSONError) -> UInt64 {
        let text: String
        switch value {
        case .number(let number): text = number.text
        case .string(let string): text = string
        default: throw ProtoJSONError(path: path, "expected an unsigned integer, got \(describe(value))")
        }
        if let exact = UInt64(text) {
            guard exact <= max else { throw ProtoJSONError(path: path, "\(text) is out of range") }
            return exact
        }
        guard let double = Double(text), let exact = UInt64(exactly: double), exact <= max else {
            throw ProtoJSONError(path: path, "\(text) is not an unsigned integer in range")
        }
        return exact
    }

    /// Standard or URL-safe base64, padded or not.
    static func base64(_ text: String) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard)
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .number(let number): number.text
        case .string(let text): "\"\(text.count > 40 ? text.prefix(40) + "…" : Substring(text))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
