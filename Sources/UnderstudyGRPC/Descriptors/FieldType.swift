/// A protobuf field's type, numbered as `FieldDescriptorProto.Type` numbers them.
package enum FieldType: Int, Sendable, Hashable {
    case double = 1, float, int64, uint64, int32, fixed64, fixed32, bool, string, group, message, bytes, uint32, `enum`,
         sfixed32, sfixed64, sint32, sint64

    /// The wire type of one value of this type (unpacked).
    package var wireType: WireType {
        switch self {
        case .double, .fixed64, .sfixed64: .fixed64
        case .float, .fixed32, .sfixed32: .fixed32
        case .int64, .uint64, .int32, .bool, .uint32, .enum, .sint32, .sint64: .varint
        case .string, .bytes, .message: .lengthDelimited
        case .group: .startGroup
        }
    }

    /// Whether repeated values of this type may be packed into one length-delimited run.
    package var isPackable: Bool { wireType != .lengthDelimited && wireType != .startGroup }

    /// Whether proto3's JSON mapping writes this type's values as strings (the 64-bit integers).
    package var isSixtyFourBitInteger: Bool {
        switch self {
        case .int64, .uint64, .fixed64, .sfixed64, .sint64: true
        default: false
        }
    }
}
