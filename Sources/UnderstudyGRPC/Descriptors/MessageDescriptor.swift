/// A message type, as a descriptor set describes it.
package struct MessageDescriptor: Sendable, Hashable {
    /// Its full name (`understudy.test.HelloRequest`).
    package var fullName: String
    /// Its fields in field-number order (the order proto3 JSON writes them).
    package var fields: [FieldDescriptor]
    /// Whether it is the entry type protoc makes for a `map<K, V>` field (key 1, value 2).
    package var isMapEntry: Bool
    /// The names of its oneofs, in declaration order.
    package var oneofs: [String]

    package init(fullName: String, fields: [FieldDescriptor], isMapEntry: Bool = false, oneofs: [String] = []) {
        self.fullName = fullName
        self.fields = fields.sorted { $0.number < $1.number }
        self.isMapEntry = isMapEntry
        self.oneofs = oneofs
    }

    /// The field numbered `number`.
    package func field(number: Int) -> FieldDescriptor? { fields.first { $0.number == number } }

    /// The field a JSON member names: by its JSON name or its `.proto` name, as proto3's JSON parsers accept both.
    package func field(jsonKey: String) -> FieldDescriptor? {
        fields.first { $0.jsonName == jsonKey } ?? fields.first { $0.name == jsonKey }
    }
}
