import Foundation
import Testing
@testable import UnderstudyGRPC
import UnderstudyJSON
import UnderstudySupport

/// Fuzz-style properties of the codec, with seeded generators (so a failure repeats): bytes
/// never crash the decoder, and what it decodes encodes back to bytes that decode the same;
/// random messages in canonical proto3 JSON survive encode-then-decode unchanged.
struct ProtoJSONCodecPropertyTests {
    static let type = "understudy.test.Everything"

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomAndMutatedBytesNeverCrashAndRoundTrip(seed: UInt64) throws {
        let codec = try Fixtures.codec()
        let valid = Array(try Fixtures.data("everything.bin"))
        var random = SplitMix64(seed: seed)
        var decoded = 0
        for round in 0..<1_500 {
            var bytes: [UInt8]
            if round % 3 == 0 {
                bytes = (0..<Int.random(in: 0...48, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            } else {
                bytes = valid
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
                    case 1: bytes.removeSubrange(index...)
                    default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                    }
                    if bytes.isEmpty { break }
                }
            }
            guard let json = try? codec.json(fromMessage: bytes, type: Self.type) else { continue }
            decoded += 1
            let again = try codec.message(fromJSON: json, type: Self.type)
            #expect(try codec.json(fromMessage: again, type: Self.type) == json, "bytes \(bytes)")
        }
        // The mutations leave many messages readable, so the round trip was checked on them.
        #expect(decoded > 100)
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func randomMessagesSurviveEncodeThenDecode(seed: UInt64) throws {
        let codec = try Fixtures.codec()
        let descriptor = try #require(codec.pool.messages[Self.type])
        var generator = MessageGenerator(codec: codec, random: SplitMix64(seed: seed))
        for _ in 0..<300 {
            let json = generator.message(descriptor, depth: 0)
            let bytes = try codec.message(fromJSON: json, type: Self.type)
            #expect(try codec.json(fromMessage: bytes, type: Self.type) == json, "\(json.jsonText())")
        }
    }
}

/// Random messages in canonical proto3 JSON: what the decoder itself would print.
private struct MessageGenerator {
    let codec: ProtoJSONCodec
    var random: SplitMix64

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func message(_ descriptor: MessageDescriptor, depth: Int) -> JSONValue {
        var object = JSONObject()
        var oneofs: Set<Int> = []
        for field in descriptor.fields where chance(depth == 0 ? 60 : 30) {
            if let oneof = field.oneofIndex, !oneofs.insert(oneof).inserted { continue }
            if field.isRepeated {
                if let entry = field.typeName.flatMap({ codec.pool.messages[$0] }), entry.isMapEntry,
                   let key = entry.field(number: 1), let value = entry.field(number: 2) {
                    var map = JSONObject()
                    for _ in 0..<Int.random(in: 1...2, using: &random) {
                        map[mapKey(key)] = self.value(value, allowDefault: true, depth: depth)
                    }
                    object[field.jsonName] = .object(map)
                } else {
                    object[field.jsonName] = .array((0..<Int.random(in: 1...3, using: &random)).map { _ in value(field, allowDefault: true, depth: depth) })
                }
            } else {
                object[field.jsonName] = value(field, allowDefault: field.hasPresence, depth: depth)
            }
        }
        return .object(object)
    }

    mutating func mapKey(_ field: FieldDescriptor) -> String {
        switch field.type {
        case .string: word()
        case .bool: chance(50) ? "true" : "false"
        default: String(Int32.random(in: .min ... .max, using: &random))
        }
    }

    mutating func word() -> String {
        String((0..<Int.random(in: 1...6, using: &random)).map { _ in "aé☃z_ 9".randomElement(using: &random)! })
    }

    mutating func value(_ field: FieldDescriptor, allowDefault: Bool, depth: Int) -> JSONValue {
        func nonzero<T: FixedWidthInteger>(_ value: T) -> T { value == 0 && !allowDefault ? 1 : value }
        switch field.type {
        case .double: return ProtoJSONCodec.json(nonzeroDouble(allowDefault))
        case .float: return ProtoJSONCodec.json(Float(nonzeroDouble(allowDefault)))
        case .int64, .sfixed64, .sint64: return .string(String(nonzero(Int64.random(in: .min ... .max, using: &random) >> Int64.random(in: 0...63, using: &random))))
        case .uint64, .fixed64: return .string(String(nonzero(UInt64.random(in: .min ... .max, using: &random) >> UInt64.random(in: 0...63, using: &random))))
        case .int32, .sfixed32, .sint32: return .number(JSONNumber(Int(nonzero(Int32.random(in: .min ... .max, using: &random) >> Int32.random(in: 0...31, using: &random)))))
        case .uint32, .fixed32: return .number(JSONNumber(Int(nonzero(UInt32.random(in: .min ... .max, using: &random) >> UInt32.random(in: 0...31, using: &random)))))
        case .bool: return .bool(allowDefault ? chance(50) : true)
        case .string: return .string(allowDefault && chance(20) ? "" : word())
        case .bytes:
            let count = allowDefault ? Int.random(in: 0...5, using: &random) : Int.random(in: 1...5, using: &random)
            return .string(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }).base64EncodedString())
        case .enum:
            let values = field.typeName.flatMap { codec.pool.enums[$0] }?.values ?? []
            let choices = allowDefault ? values : values.filter { $0.number != 0 }
            return .string(choices.randomElement(using: &random)?.name ?? "")
        case .message, .group:
            let name = field.typeName ?? ""
            if let known = WellKnownType(rawValue: name) { return wellKnown(known, depth: depth) }
            guard depth < 3, let descriptor = codec.pool.messages[name] else { return .object([:]) }
            return message(descriptor, depth: depth + 1)
        }
    }

    mutating func nonzeroDouble(_ allowDefault: Bool) -> Double {
        let value = Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 64
        return value == 0 && !allowDefault ? 0.5 : value
    }

    mutating func wellKnown(_ type: WellKnownType, depth: Int) -> JSONValue {
        switch type {
        case .timestamp:
            let seconds = Int64.random(in: ProtoTimeText.minimumSeconds...ProtoTimeText.maximumSeconds, using: &random)
            return .string(ProtoTimeText.timestamp(seconds: seconds, nanos: Int32.random(in: 0...999_999_999, using: &random) / 1000 * 1000)!)
        case .duration:
            let seconds = Int64.random(in: -100_000...100_000, using: &random)
            let nanos = seconds == 0 ? Int32.random(in: -999_999_999...999_999_999, using: &random) : Int32.random(in: 0...999_999_999, using: &random) * (seconds < 0 ? -1 : 1)
            return .string(ProtoTimeText.duration(seconds: seconds, nanos: nanos)!)
        case .empty: return .object([:])
        case .struct: return structValue(depth: depth)
        case .listValue: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in anyValue(depth: depth + 1) })
        case .value: return anyValue(depth: depth)
        default:
            guard let wrapped = type.wrappedField else { return .object([:]) }
            return value(wrapped, allowDefault: true, depth: depth)
        }
    }

    mutating func structValue(depth: Int) -> JSONValue {
        var object = JSONObject()
        for _ in 0..<Int.random(in: 0...3, using: &random) { object[word()] = anyValue(depth: depth + 1) }
        return .object(object)
    }

    mutating func anyValue(depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random) {
        case 0: return .null
        case 1: return ProtoJSONCodec.json(nonzeroDouble(true))
        case 2: return .string(word())
        case 3: return .bool(chance(50))
        case 4: return structValue(depth: depth)
        default: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in anyValue(depth: depth + 1) })
        }
    }
}
