import Foundation
import UnderstudyJSON

extension ProtoJSONCodec {
    /// One field's values as read, before they become JSON: the last scalar of a singular field,
    /// every value of a repeated one, and a message field's bytes joined (protobuf merges the
    /// occurrences of a message field, which is what joining their encodings does).
    private struct Collected {
        var values: [JSONValue] = []
        var messageBytes: [UInt8] = []
        var seen = false
    }

    func decodeMessage(_ bytes: ArraySlice<UInt8>, type typeName: String, path: String, depth: Int) throws(ProtoJSONError) -> JSONValue {
        guard depth < Self.maxDepth else { throw ProtoJSONError(path: path, "messages nest more than \(Self.maxDepth) deep") }
        if let known = WellKnownType(rawValue: typeName) {
            return try decodeWellKnown(known, bytes, path: path, depth: depth)
        }
        guard let descriptor = descriptor(for: typeName) else {
            throw ProtoJSONError(path: path, "the message type \(typeName) is not in the descriptors")
        }
        return try decodeFields(bytes, descriptor: descriptor, path: path, depth: depth)
    }

    /// A message's fields as a JSON object (a well-known type's too, before it takes its own form).
    func decodeFields(_ bytes: ArraySlice<UInt8>, descriptor: MessageDescriptor, path: String, depth: Int) throws(ProtoJSONError) -> JSONValue {
        let typeName = descriptor.fullName
        var collected: [Int: Collected] = [:]
        // The member of each oneof read last: protobuf keeps only that one.
        var lastOfOneof: [Int: Int] = [:]
        var reader = ProtobufReader(bytes)
        do {
            while !reader.isAtEnd {
                let (number, wireType) = try reader.readTag()
                guard let field = descriptor.field(number: number), field.type != .group else {
                    // Unknown fields (and proto2 groups) are left out of the JSON, as protobuf-java's printer does.
                    try reader.skip(wireType, field: number)
                    continue
                }
                var entry = collected[number] ?? Collected()
                entry.seen = true
                if let oneof = field.oneofIndex { lastOfOneof[oneof] = number }
                if field.type == .message && !field.isRepeated {
                    guard wireType == .lengthDelimited else { try reader.skip(wireType, field: number); continue }
                    entry.messageBytes += try reader.readLengthDelimited()
                } else if field.isRepeated && field.type.isPackable && wireType == .lengthDelimited {
                    var packed = ProtobufReader(try reader.readLengthDelimited())
                    while !packed.isAtEnd {
                        entry.values.append(try scalar(field, wireType: field.type.wireType, from: &packed, path: Self.join(path, field.jsonName), depth: depth))
                    }
                } else if wireType == field.type.wireType {
                    let value = try scalar(field, wireType: wireType, from: &reader, path: Self.join(path, field.jsonName), depth: depth)
                    if field.isRepeated { entry.values.append(value) } else { entry.values = [value] }
                } else {
                    try reader.skip(wireType, field: number)
                    continue
                }
                collected[number] = entry
            }
        } catch let error as ProtobufWireError {
            throw ProtoJSONError(path: path, "not a \(typeName): \(error)")
        } catch let error as ProtoJSONError {
            throw error
        } catch {
            throw ProtoJSONError(path: path, "\(error)")
        }
        var object = JSONObject()
        for field in descriptor.fields {
            guard let entry = collected[field.number], entry.seen else { continue }
            if let oneof = field.oneofIndex, lastOfOneof[oneof] != field.number { continue }
            let fieldPath = Self.join(path, field.jsonName)
            if field.type == .message && !field.isRepeated {
                object[field.jsonName] = try decodeMessage(ArraySlice(entry.messageBytes), type: field.typeName ?? "", path: fieldPath, depth: depth + 1)
            } else if field.isRepeated, let entryType = field.typeName.flatMap({ self.descriptor(for: $0) }), entryType.isMapEntry {
                guard !entry.values.isEmpty else { continue }
                object[field.jsonName] = try mapObject(entry.values, entryType: entryType, path: fieldPath)
            } else if field.isRepeated {
                guard !entry.values.isEmpty else { continue }
                object[field.jsonName] = .array(entry.values)
            } else if let value = entry.values.last {
                if !field.hasPresence && Self.isDefault(value, of: field) { continue }
                object[field.jsonName] = value
            }
        }
        return .object(object)
    }

    /// A map field's entries (decoded as messages with a key and a value) as one JSON object.
    private func mapObject(_ entries: [JSONValue], entryType: MessageDescriptor, path: String) throws(ProtoJSONError) -> JSONValue {
        var object = JSONObject()
        let keyField = entryType.field(number: 1), valueField = entryType.field(number: 2)
        for entry in entries {
            guard case .object(let members) = entry else { continue }
            let key: String
            switch members[keyField?.jsonName ?? "key"] {
            case .string(let text)?: key = text
            case .number(let number)?: key = number.text
            case .bool(let flag)?: key = flag ? "true" : "false"
            default: key = keyField.map { Self.defaultMapKey(of: $0) } ?? ""
            }
            object[key] = members[valueField?.jsonName ?? "value"] ?? valueField.map { defaultJSON(of: $0) } ?? .null
        }
        return .object(object)
    }

    private static func defaultMapKey(of field: FieldDescriptor) -> String {
        switch field.type {
        case .string: ""
        case .bool: "false"
        default: "0"
        }
    }

    /// The JSON of a field's default value, for a map entry that leaves its value out.
    private func defaultJSON(of field: FieldDescriptor) -> JSONValue {
        switch field.type {
        case .string, .bytes: .string("")
        case .bool: .bool(false)
        case .message: field.typeName.flatMap(WellKnownType.init(rawValue:)) == .value ? .null : .object(JSONObject())
        case .enum:
            if field.typeName == WellKnownType.nullValueEnum { .null } else {
                field.typeName.flatMap { pool.enums[$0]?.name(of: 0) }.map(JSONValue.string) ?? .number(JSONNumber(0))
            }
        case .int64, .uint64, .fixed64, .sfixed64, .sint64: .string("0")
        default: .number(JSONNumber(0))
        }
    }

    /// Whether `value` is the default of a field without presence (and so left out).
    static func isDefault(_ value: JSONValue, of field: FieldDescriptor) -> Bool {
        switch value {
        case .string(let text):
            if field.type == .enum { return false }
            return text.isEmpty || (field.type.isSixtyFourBitInteger && text == "0")
        case .number(let number): return number.doubleValue == 0 && !number.text.hasPrefix("-")
        case .bool(let flag): return !flag
        case .null: return field.type == .enum
        default: return false
        }
    }

    /// One value of a scalar, enum or message field (a repeated message's element, a map's entry).
    private func scalar(_ field: FieldDescriptor, wireType: WireType, from reader: inout ProtobufReader, path: String,
                        depth: Int) throws -> JSONValue {
        switch field.type {
        case .double: return Self.json(Double(bitPattern: try reader.readFixed64()))
        case .float: return Self.json(Float(bitPattern: try reader.readFixed32()))
        case .int64: return .string(String(Int64(bitPattern: try reader.readVarint())))
        case .uint64: return .string(String(try reader.readVarint()))
        case .int32: return .number(JSONNumber(Int(Int32(truncatingIfNeeded: try reader.readVarint()))))
        case .fixed64: return .string(String(try reader.readFixed64()))
        case .fixed32: return .number(JSONNumber(Int(try reader.readFixed32())))
        case .bool: return .bool(try reader.readVarint() != 0)
        case .string:
            let bytes = try reader.readLengthDelimited()
            guard let text = String(validating: bytes, as: UTF8.self) else { throw ProtoJSONError(path: path, "a string is not valid UTF-8") }
            return .string(text)
        case .bytes: return .string(Data(try reader.readLengthDelimited()).base64EncodedString())
        case .uint32: return .number(JSONNumber(Int(UInt32(truncatingIfNeeded: try reader.readVarint()))))
        case .enum:
            let number = Int32(truncatingIfNeeded: try reader.readVarint())
            if field.typeName == WellKnownType.nullValueEnum { return .null }
            if let name = field.typeName.flatMap({ pool.enums[$0] })?.name(of: number) { return .string(name) }
            return .number(JSONNumber(Int(number)))
        case .sfixed32: return .number(JSONNumber(Int(Int32(bitPattern: try reader.readFixed32()))))
        case .sfixed64: return .string(String(Int64(bitPattern: try reader.readFixed64())))
        case .sint32:
            let raw = UInt32(truncatingIfNeeded: try reader.readVarint())
            return .number(JSONNumber(Int(Int32(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))))
        case .sint64:
            let raw = try reader.readVarint()
            return .string(String(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))))
        case .message:
            return try decodeMessage(try reader.readLengthDelimited(), type: field.typeName ?? "", path: path, depth: depth + 1)
        case .group:
            try reader.skip(.startGroup, field: field.number)
            return .null
        }
    }

    /// A double in proto3 JSON: a number, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
    static func json(_ value: Double) -> JSONValue {
        if value.isNaN { return .string("NaN") }
        if value.isInfinite { return .string(value < 0 ? "-Infinity" : "Infinity") }
        return .number(JSONNumber(text: "\(value)"))
    }

    /// A float in proto3 JSON, written with a float's shortest digits.
    static func json(_ value: Float) -> JSONValue {
        if value.isNaN { return .string("NaN") }
        if value.isInfinite { return .string(value < 0 ? "-Infinity" : "Infinity") }
        return .number(JSONNumber(text: "\(value)"))
    }
}
