import Foundation

/// A JSON document kept exactly as written: object members keep their order and
/// numbers keep their original spelling, so mappings round-trip without loss.
///
/// Equality follows JSON semantics: objects compare regardless of member order and
/// numbers compare by value (`1` equals `1.0`).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON number that remembers how it was written.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as it appears in JSON text, for example `42`, `-1.5e3`.
    public let text: String

    /// Creates a number from its JSON spelling. The text must be a valid JSON number.
    public init(text: String) { self.text = text }

    /// Creates a number from an integer.
    public init(_ value: Int) { self.text = String(value) }

    /// Creates a number from a floating-point value; integral values are written without a fraction.
    public init(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            self.text = "\(value)"
        }
    }

    /// The value as a `Double`.
    public var doubleValue: Double { Double(text) ?? .nan }

    /// The value as an `Int` when it is integral and in range.
    public var intValue: Int? {
        if let exact = Int(text) { return exact }
        let double = doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 9.0e18 else { return nil }
        return Int(double)
    }

    public var description: String { text }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.text == rhs.text || lhs.doubleValue == rhs.doubleValue
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(doubleValue) }
}

/// A JSON object whose members keep the order in which they were written.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One `"key": value` member.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in document order. Keys are unique.
    public private(set) var members: [Member]
    /// Position of each key in `members`, so lookups and inserts stay O(1) for large objects.
    private var positions: [String: Int]

    /// Creates an object from members; a later duplicate key replaces an earlier one.
    public init(_ members: [Member] = []) {
        self.members = []
        self.positions = Dictionary(minimumCapacity: members.count)
        self.members.reserveCapacity(members.count)
        for member in members { self[member.key] = member.value }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { Member(key: $0.0, value: $0.1) })
    }

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// Reads or writes a member; writing `nil` removes it, writing a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { positions[key].map { members[$0].value } }
        set {
            switch (positions[key], newValue) {
            case let (index?, value?):
                members[index].value = value
            case let (index?, nil):
                members.remove(at: index)
                positions[key] = nil
                for later in index..<members.count { positions[members[later].key] = later }
            case let (nil, value?):
                positions[key] = members.count
                members.append(Member(key: key, value: value))
            case (nil, nil):
                break
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, to agree with `==`.
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}

extension JSONValue {
    /// The string, when this is a JSON string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, when this is a JSON number.
    public var doubleValue: Double? {
        if case .number(let value) = self { return value.doubleValue }
        return nil
    }

    /// The number as an `Int`, when this is an integral JSON number.
    public var intValue: Int? {
        if case .number(let value) = self { return value.intValue }
        return nil
    }

    /// The boolean, when this is a JSON boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when this is a JSON array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, when this is a JSON object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Member lookup for objects; `nil` for anything else.
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// The JSON type name used in messages: `null`, `boolean`, `number`, `string`, `array`, `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
