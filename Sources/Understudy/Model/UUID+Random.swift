public import Foundation
import UnderstudySupport

extension UUID {
    /// A random (version 4) UUID drawn from the system's generator.
    ///
    /// `UUID()` on Linux opens `/dev/urandom` for every id, which showed up as a tenth of the
    /// server's time per request; this draws the same randomness with one `getrandom` call.
    @usableFromInline
    package static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return version4(using: &generator)
    }

    /// A version-4-shaped UUID derived from text (two FNV-1a hashes): the same text always
    /// gives the same id (recorded traffic, stubs read from files).
    package static func stable(_ text: String) -> UUID {
        let high = text.fnv1a()
        let low = text.fnv1a(seed: 0x84222325_cbf29ce4)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
