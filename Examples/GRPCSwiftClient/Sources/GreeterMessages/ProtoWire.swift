public import GRPCCore

/// A message that encodes and decodes itself in protobuf's binary wire format.
public protocol ProtoWireMessage: Sendable {
    /// Decodes a message; unknown fields are skipped.
    init(wire: [UInt8]) throws
    /// The message's encoding (proto3: fields holding their default value are left out).
    var wire: [UInt8] { get }
}

/// grpc-swift's serializer for a hand-written message.
public struct ProtoSerializer<Message: ProtoWireMessage>: MessageSerializer {
    /// A serializer; it holds nothing.
    public init() {}

    /// The message's wire bytes.
    public func serialize<Bytes: GRPCContiguousBytes>(_ message: Message) throws -> Bytes { Bytes(message.wire) }
}

/// grpc-swift's deserializer for a hand-written message.
public struct ProtoDeserializer<Message: ProtoWireMessage>: MessageDeserializer {
    /// A deserializer; it holds nothing.
    public init() {}

    /// The message the wire bytes encode.
    public func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> Message {
        try Message(wire: serializedMessageBytes.withUnsafeBytes { Array($0) })
    }
}

/// Bytes that are not a protobuf message.
public struct MalformedMessage: Error {}

/// Writes fields: a tag (`number << 3 | wire type`), then a varint or a length and its bytes.
struct ProtoWireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ number: Int, _ value: UInt64) {
        guard value != 0 else { return }
        raw(UInt64(number << 3))
        raw(value)
    }

    mutating func string(_ number: Int, _ value: String) {
        guard !value.isEmpty else { return }
        raw(UInt64(number << 3 | 2))
        raw(UInt64(value.utf8.count))
        bytes += value.utf8
    }

    private mutating func raw(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}

/// Reads fields one by one; fixed-width fields are skipped.
struct ProtoWireReader {
    /// A field read: its number and value.
    enum Field {
        case varint(Int, UInt64)
        case lengthDelimited(Int, ArraySlice<UInt8>)
        case skipped
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() throws -> Field? {
        guard index < bytes.count else { return nil }
        let tag = try varint()
        let number = Int(tag >> 3)
        switch tag & 7 {
        case 0: return .varint(number, try varint())
        case 2:
            let length = Int(try varint())
            guard length <= bytes.count - index else { throw MalformedMessage() }
            defer { index += length }
            return .lengthDelimited(number, bytes[index ..< index + length])
        case 1: try skip(8)
        case 5: try skip(4)
        default: throw MalformedMessage()
        }
        return .skipped
    }

    private mutating func skip(_ count: Int) throws {
        guard count <= bytes.count - index else { throw MalformedMessage() }
        index += count
    }

    private mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard index < bytes.count else { throw MalformedMessage() }
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte < 0x80 { return value }
        }
        throw MalformedMessage()
    }
}
