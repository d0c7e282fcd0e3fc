public import Foundation

extension UUID {
    /// A random (version 4) UUID drawn from `generator`; servers pass a fast generator of
    /// their own, seeded from the system, for request ids. Inlinable, so that it is specialised
    /// for the caller's generator.
    @inlinable
    public static func version4(using generator: inout some RandomNumberGenerator) -> UUID {
        let high = generator.next() as UInt64
        // The version (4) in the high nibble of byte 6, the RFC 4122 variant in the top bits
        // of byte 8; built in registers, with no byte array to allocate.
        let low = (generator.next() as UInt64) & ~0xC0 | 0x80
        func byte(_ word: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * index)) }
        return UUID(uuid: (byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                           byte(high, 6) & 0x0F | 0x40, byte(high, 7),
                           byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)))
    }
}
