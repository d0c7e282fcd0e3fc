import Foundation
import Testing
import UnderstudySupport

/// Request ids drawn from a generator (`UUID.version4(using:)`) and stub ids as dictionary keys
/// (`UUIDKey`).
struct UUIDTests {
    /// Two fixed words in, so the byte order and the version and variant bits are pinned.
    private struct FixedWords: RandomNumberGenerator {
        var words: [UInt64]
        mutating func next() -> UInt64 { words.removeFirst() }
    }

    @Test func aVersion4UUIDTakesItsBytesFromTwoWordsLowByteFirst() {
        var generator = FixedWords(words: [0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908])
        let uuid = UUID.version4(using: &generator)
        // Bytes 0...15 are 0x00...0x0F but for byte 6 (version 4: 0x4_) and byte 8 (variant 10__).
        #expect(uuid.uuidString == "00010203-0405-4607-8809-0A0B0C0D0E0F")
    }

    @Test func everyVersion4UUIDCarriesTheVersionAndVariantBits() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<256 {
            let uuid = UUID.version4(using: &generator)
            #expect(uuid.uuid.6 >> 4 == 4)
            #expect(uuid.uuid.8 >> 6 == 0b10)
            #expect(UUID(uuidString: uuid.uuidString) == uuid)
        }
    }

    @Test func keysOfEqualUUIDsAreEqualAndHashAlike() {
        var generator = SplitMix64(seed: 11)
        let uuids = (0..<64).map { _ in UUID.version4(using: &generator) }
        var counts: [UUIDKey: Int] = [:]
        for uuid in uuids + uuids { counts[UUIDKey(uuid), default: 0] += 1 }
        #expect(counts.count == 64)
        #expect(counts.values.allSatisfy { $0 == 2 })
        #expect(UUIDKey(uuids[0]) != UUIDKey(uuids[1]))
        #expect(UUIDKey(uuids[0]).hashValue == UUIDKey(UUID(uuid: uuids[0].uuid)).hashValue)
    }
}
