/// The 64-bit FNV-1a hash of bytes, fed one byte at a time: the route index hashes path
/// segments and prefixes straight from a request's UTF-8 without building strings. Equal
/// hashes are always confirmed by comparing the bytes.
struct FNV1aHash: Hashable, Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// The hash of a run of bytes.
    static func of(_ bytes: some Sequence<UInt8>) -> FNV1aHash {
        var hash = FNV1aHash()
        for byte in bytes { hash.add(byte) }
        return hash
    }
}
