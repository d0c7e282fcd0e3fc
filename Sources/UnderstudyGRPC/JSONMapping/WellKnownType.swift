/// The well-known types whose proto3 JSON form is not an object of their fields, known by
/// name so that a descriptor set made without `--include_imports` needs none of them.
package enum WellKnownType: String, Sendable, CaseIterable {
    case timestamp = "google.protobuf.Timestamp"
    case duration = "google.protobuf.Duration"
    case doubleValue = "google.protobuf.DoubleValue"
    case floatValue = "google.protobuf.FloatValue"
    case int64Value = "google.protobuf.Int64Value"
    case uint64Value = "google.protobuf.UInt64Value"
    case int32Value = "google.protobuf.Int32Value"
    case uint32Value = "google.protobuf.UInt32Value"
    case boolValue = "google.protobuf.BoolValue"
    case stringValue = "google.protobuf.StringValue"
    case bytesValue = "google.protobuf.BytesValue"
    case empty = "google.protobuf.Empty"
    case `struct` = "google.protobuf.Struct"
    case value = "google.protobuf.Value"
    case listValue = "google.protobuf.ListValue"
    case fieldMask = "google.protobuf.FieldMask"
    case any = "google.protobuf.Any"

    /// `google.protobuf.NullValue`, the enum whose one value is JSON's `null`.
    package static let nullValueEnum = "google.protobuf.NullValue"

    /// For a wrapper, the field its one value (number 1) is.
    var wrappedField: FieldDescriptor? {
        let type: FieldType? = switch self {
        case .doubleValue: .double
        case .floatValue: .float
        case .int64Value: .int64
        case .uint64Value: .uint64
        case .int32Value: .int32
        case .uint32Value: .uint32
        case .boolValue: .bool
        case .stringValue: .string
        case .bytesValue: .bytes
        default: nil
        }
        return type.map { FieldDescriptor(name: "value", number: 1, type: $0) }
    }

    /// The fields of the types whose JSON is their fields' (or whose fields the codec reads by
    /// descriptor): `Value`'s kinds, `Struct`'s map, `ListValue`'s values.
    static let valueFields: [FieldDescriptor] = [
        FieldDescriptor(name: "null_value", number: 1, type: .enum, typeName: nullValueEnum, hasPresence: true, oneofIndex: 0),
        FieldDescriptor(name: "number_value", number: 2, type: .double, hasPresence: true, oneofIndex: 0),
        FieldDescriptor(name: "string_value", number: 3, type: .string, hasPresence: true, oneofIndex: 0),
        FieldDescriptor(name: "bool_value", number: 4, type: .bool, hasPresence: true, oneofIndex: 0),
        FieldDescriptor(name: "struct_value", number: 5, type: .message, typeName: WellKnownType.struct.rawValue, hasPresence: true, oneofIndex: 0),
        FieldDescriptor(name: "list_value", number: 6, type: .message, typeName: WellKnownType.listValue.rawValue, hasPresence: true, oneofIndex: 0),
    ]
}
