/// The 64-bit FNV-1a hash of bytes, fed one byte at a time: stable across runs and platforms,
/// unlike `hashValue`, for ids and seeds that must repeat; and cheap to feed straight from a
/// request's UTF-8, which the route index hashes path segments and prefixes with, building no
/// strings. Public and inlinable (this target is no product) so that the per-request hashing
/// does not call across the module boundary.
public struct FNV1a: Hashable, Sendable {
    /// The hash of the bytes added so far.
    public var value: UInt64

    /// Starts from `seed` (FNV's offset basis by default).
    @inlinable
    public init(seed: UInt64 = 0xcbf2_9ce4_8422_2325) { value = seed }

    @inlinable
    public mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// The hash of a run of bytes.
    @inlinable
    public static func of(_ bytes: some Sequence<UInt8>, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> FNV1a {
        var hash = FNV1a(seed: seed)
        for byte in bytes { hash.add(byte) }
        return hash
    }
}

extension String {
    /// The 64-bit FNV-1a hash of the UTF-8 bytes, from `seed` (FNV's offset basis by default).
    package func fnv1a(seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        FNV1a.of(utf8, seed: seed).value
    }
}
