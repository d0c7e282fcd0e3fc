/// One field of a message, as a descriptor set describes it.
package struct FieldDescriptor: Sendable, Hashable {
    /// The field's name in the `.proto` file (`user_name`).
    package var name: String
    /// Its number on the wire.
    package var number: Int
    /// Its name in proto3 JSON (`userName`): the descriptor's `json_name`, or the name in lower camel case.
    package var jsonName: String
    /// Its type.
    package var type: FieldType
    /// For a message or enum field, the full name of its type without the leading dot (`google.protobuf.Timestamp`).
    package var typeName: String?
    /// Whether it is `repeated` (maps are repeated entries).
    package var isRepeated: Bool
    /// Whether the field tracks presence (proto2 fields, proto3 `optional`, oneof members and
    /// messages): its default value is still written when set.
    package var hasPresence: Bool
    /// Whether repeated values are written packed.
    package var isPacked: Bool
    /// The oneof it belongs to, by index into the message's oneofs.
    package var oneofIndex: Int?

    package init(name: String, number: Int, jsonName: String? = nil, type: FieldType, typeName: String? = nil, isRepeated: Bool = false,
                 hasPresence: Bool = false, isPacked: Bool = false, oneofIndex: Int? = nil) {
        self.name = name
        self.number = number
        self.jsonName = jsonName ?? Self.lowerCamelCase(name)
        self.type = type
        self.typeName = typeName
        self.isRepeated = isRepeated
        self.hasPresence = hasPresence
        self.isPacked = isPacked
        self.oneofIndex = oneofIndex
    }

    /// `user_name` as protoc makes its JSON name: `userName`.
    package static func lowerCamelCase(_ name: String) -> String {
        var result = ""
        var upperNext = false
        for character in name {
            if character == "_" {
                upperNext = true
            } else if upperNext {
                result += character.uppercased()
                upperNext = false
            } else {
                result.append(character)
            }
        }
        return result
    }
}
