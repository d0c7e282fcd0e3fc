import Testing
import UnderstudySupport

/// FNV-1a's published 64-bit test vectors (draft-eastlake-fnv): recorded stub ids and seeded
/// answers derive from these hashes, so they must not drift; fed byte by byte (the route
/// index's way) the hash is the same.
struct FNV1aTests {
    @Test(arguments: [("", 0xcbf2_9ce4_8422_2325 as UInt64), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8)])
    func theHashIsFNV1a(text: String, hash: UInt64) {
        #expect(text.fnv1a() == hash)
        var fed = FNV1a()
        for byte in text.utf8 { fed.add(byte) }
        #expect(fed == FNV1a.of(text.utf8))
        #expect(fed.value == hash)
    }
}
