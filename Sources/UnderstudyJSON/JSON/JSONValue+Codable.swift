public import Foundation

extension JSONValue {
    /// Converts a Swift value to JSON by encoding it with `encoder` and parsing the result.
    ///
    /// Member order is whatever the encoder writes (`JSONEncoder` does not promise declaration
    /// order; set `.sortedKeys` on the encoder for a stable order).
    public init(encoding value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws {
        self = try JSONParser.parse(encoder.encode(value))
    }

    /// Converts this JSON to a Swift value by writing it as text and decoding it with `decoder`.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: jsonData())
    }
}

/// `JSONValue` as a `Codable` value, so it can be a property of `Codable` types.
///
/// Going through `Codable` loses what `JSONParser` and `jsonText()` keep. Objects travel as
/// `[String: JSONValue]` dictionaries, so member order is lost: decoded objects list their
/// members sorted by key, and encoders write them in their own order. Numbers travel as `Int`,
/// `UInt64` or `Double`, so `1.50` comes back as `1.5`. Use `JSONParser` and `jsonText()` when
/// order and spelling matter. Dictionaries (not keyed containers) are used so that key
/// strategies such as `.convertFromSnakeCase` leave member names alone.
extension JSONValue: Codable {
    /// Decodes any JSON value. Booleans are tried before numbers (Foundation's `JSONDecoder`
    /// does not turn `true` into `1` nor `1` into `true`, other decoders might).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .number(JSONNumber(int))
        } else if let unsigned = try? container.decode(UInt64.self) {
            self = .number(JSONNumber(text: String(unsigned)))
        } else if let double = try? container.decode(Double.self), double.isFinite {
            self = .number(JSONNumber(double))
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else if let dictionary = try? container.decode([String: JSONValue].self) {
            let members = dictionary
                .sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
                .map { JSONObject.Member(key: $0.key, value: $0.value) }
            self = .object(JSONObject(members))
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a JSON value: null, a boolean, a finite number, a string, an array or an object"
            )
        }
    }

    /// Encodes the value; numbers as `Int`, `UInt64` or `Double`, objects as dictionaries.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null:
            try container.encodeNil()
        case .bool(let bool):
            try container.encode(bool)
        case .number(let number):
            if let int = Int(number.text) {
                try container.encode(int)
            } else if let unsigned = UInt64(number.text) {
                try container.encode(unsigned)
            } else {
                try container.encode(number.doubleValue)
            }
        case .string(let string):
            try container.encode(string)
        case .array(let elements):
            try container.encode(elements)
        case .object(let object):
            try container.encode(Dictionary(uniqueKeysWithValues: object.members.map { ($0.key, $0.value) }))
        }
    }
}
