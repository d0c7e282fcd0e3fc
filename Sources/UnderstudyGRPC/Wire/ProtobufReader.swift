/// Reads the fields of one protobuf message from its bytes, one tag and value at a time. Every
/// read is bounds-checked: malformed input throws ``ProtobufWireError``, it never traps.
package struct ProtobufReader {
    private let bytes: [UInt8]
    private var index: Int
    private let end: Int

    /// A reader over `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.index = 0
        self.end = bytes.count
    }

    /// A reader over part of `bytes`.
    package init(_ bytes: ArraySlice<UInt8>) {
        self.init(Array(bytes))
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { index >= end }

    /// The offset of the next byte to read.
    package var offset: Int { index }

    /// The next field's number and wire type.
    package mutating func readTag() throws(ProtobufWireError) -> (field: Int, wireType: WireType) {
        let start = index
        let key = try readVarint()
        guard let wireType = WireType(rawValue: UInt8(key & 7)) else {
            throw ProtobufWireError(offset: start, "wire type \(key & 7) does not exist")
        }
        let field = key >> 3
        guard field >= 1, field <= 536_870_911 else { throw ProtobufWireError(offset: start, "field number \(field) is out of range") }
        return (Int(field), wireType)
    }

    /// A base-128 varint of at most ten bytes.
    package mutating func readVarint() throws(ProtobufWireError) -> UInt64 {
        let start = index
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < end else { throw ProtobufWireError(offset: start, "the message ends inside a varint") }
            let byte = bytes[index]
            index += 1
            if shift == 63 && byte > 1 { throw ProtobufWireError(offset: start, "a varint is longer than 64 bits") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 { throw ProtobufWireError(offset: start, "a varint is longer than ten bytes") }
        }
    }

    /// Four bytes, little-endian.
    package mutating func readFixed32() throws(ProtobufWireError) -> UInt32 {
        guard end - index >= 4 else { throw ProtobufWireError(offset: index, "the message ends inside a 32-bit value") }
        var value: UInt32 = 0
        for shift in 0..<4 { value |= UInt32(bytes[index + shift]) << (8 * UInt32(shift)) }
        index += 4
        return value
    }

    /// Eight bytes, little-endian.
    package mutating func readFixed64() throws(ProtobufWireError) -> UInt64 {
        guard end - index >= 8 else { throw ProtobufWireError(offset: index, "the message ends inside a 64-bit value") }
        var value: UInt64 = 0
        for shift in 0..<8 { value |= UInt64(bytes[index + shift]) << (8 * UInt64(shift)) }
        index += 8
        return value
    }

    /// A length-prefixed run of bytes (a string, bytes, an embedded message or a packed array).
    package mutating func readLengthDelimited() throws(ProtobufWireError) -> ArraySlice<UInt8> {
        let start = index
        let length = try readVarint()
        guard length <= UInt64(end - index) else {
            throw ProtobufWireError(offset: start, "a length of \(length) runs past the end of the message")
        }
        let slice = bytes[index..<(index + Int(length))]
        index += Int(length)
        return slice
    }

    /// Skips the value of a field of `wireType` (a group up to its end tag, nested at most 64 deep).
    package mutating func skip(_ wireType: WireType, field: Int, depth: Int = 0) throws(ProtobufWireError) {
        switch wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: _ = try readLengthDelimited()
        case .endGroup: throw ProtobufWireError(offset: index, "an end-group tag for field \(field) has no start")
        case .startGroup:
            guard depth < 64 else { throw ProtobufWireError(offset: index, "groups are nested more than 64 deep") }
            while true {
                guard !isAtEnd else { throw ProtobufWireError(offset: index, "group \(field) has no end tag") }
                let (inner, innerType) = try readTag()
                if innerType == .endGroup {
                    guard inner == field else { throw ProtobufWireError(offset: index, "group \(field) ends with the end tag of \(inner)") }
                    return
                }
                try skip(innerType, field: inner, depth: depth + 1)
            }
        }
    }
}
