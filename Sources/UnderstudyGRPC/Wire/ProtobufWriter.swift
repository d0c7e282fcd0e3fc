/// Writes protobuf fields: tags, varints, fixed-width values and length-prefixed runs.
package struct ProtobufWriter {
    /// The bytes written so far.
    package internal(set) var bytes: [UInt8] = []

    package init() {}

    /// A field's tag.
    package mutating func writeTag(_ field: Int, _ wireType: WireType) {
        writeVarint(UInt64(field) << 3 | UInt64(wireType.rawValue))
    }

    /// A base-128 varint.
    package mutating func writeVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Four bytes, little-endian.
    package mutating func writeFixed32(_ value: UInt32) {
        for shift in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(shift)))) }
    }

    /// Eight bytes, little-endian.
    package mutating func writeFixed64(_ value: UInt64) {
        for shift in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(shift)))) }
    }

    /// A length prefix, then `run`.
    package mutating func writeLengthDelimited(_ run: some Collection<UInt8>) {
        writeVarint(UInt64(run.count))
        bytes.append(contentsOf: run)
    }
}

extension ProtobufWriter {
    /// Bytes as they are (a value already encoded).
    package mutating func append(_ run: some Sequence<UInt8>) { bytes.append(contentsOf: run) }
}
