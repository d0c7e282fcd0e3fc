extension String {
    /// The 64-bit FNV-1a hash of the UTF-8 bytes, from `seed` (FNV's offset basis by default):
    /// stable across runs and platforms, unlike `hashValue`, for ids and seeds that must repeat.
    package func fnv1a(seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        utf8.reduce(seed) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }
}
