import UnderstudySupport
/// An ordered, multi-valued list of header fields whose names compare case-insensitively.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One `Name: value` field.
    public struct Field: Sendable, Hashable {
        /// The name as written; comparisons ignore case.
        public var name: String
        /// The value.
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in the order they were added.
    public private(set) var fields: [Field]

    /// Creates headers from fields, keeping their order.
    public init(_ fields: [Field] = []) { self.fields = fields }

    /// Creates headers from `(name, value)` pairs, keeping their order.
    public init(_ pairs: [(String, String)]) { self.fields = pairs.map { Field(name: $0.0, value: $0.1) } }

    public init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    /// All values of the named header, in order; empty when absent.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// The first value of the named header.
    public subscript(name: String) -> String? { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }

    /// Whether the named header is present.
    public func contains(_ name: String) -> Bool { fields.contains { $0.name.caseInsensitiveEquals(name) } }

    /// Appends a field, keeping any existing fields with the same name.
    public mutating func add(name: String, value: String) { fields.append(Field(name: name, value: value)) }

    /// Replaces all fields of the name with one field.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name)
        add(name: name, value: value)
    }

    /// Removes every field with the name.
    public mutating func remove(_ name: String) { fields.removeAll { $0.name.caseInsensitiveEquals(name) } }

    /// The distinct names, in order of first appearance.
    public var names: [String] {
        var seen = Set<String>()
        return fields.compactMap { seen.insert($0.name.lowercased()).inserted ? $0.name : nil }
    }

    /// One value per distinct name (spelled as it first appears), repeated fields joined with
    /// `, ` (RFC 9110 §5.3), for APIs that keep one value per name such as `HTTPURLResponse`.
    package var joinedByName: [String: String] {
        var joined: [String: String] = [:]
        joined.reserveCapacity(fields.count)
        var names: [String] = []
        for field in fields {
            if let name = names.first(where: { $0.caseInsensitiveEquals(field.name) }) {
                joined[name, default: ""] += ", " + field.value
            } else {
                names.append(field.name)
                joined[field.name] = field.value
            }
        }
        return joined
    }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }
}
