import Testing
import UnderstudySupport
@testable import Understudy

/// The route index's hash map behaves as a `Dictionary` through any run of additions, updates
/// and removals (removals shift later keys of a run back, which is where such maps go wrong).
struct FNV1aMapTests {
    @Test(arguments: 0..<10)
    func theMapAgreesWithADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Few distinct keys, so that runs collide, wrap around the table and are taken apart.
        let keys = (0..<48).map { FNV1a(seed: $0 % 3 == 0 ? $0 : random.next()) }
        var map = FNV1aMap<Int>()
        var expected: [UInt64: Int] = [:]
        for step in 0..<3_000 {
            let key = keys[Int(random.next() % UInt64(keys.count))]
            if random.next() % 3 == 0 {
                map.removeValue(for: key)
                expected[key.value] = nil
            } else {
                map.withValue(for: key, default: 0) { $0 += step }
                expected[key.value, default: 0] += step
            }
            #expect(map.count == expected.count)
            for key in keys where map[key] != expected[key.value] {
                Issue.record("after step \(step): \(key.value) is \(String(describing: map[key])), not \(String(describing: expected[key.value]))")
                return
            }
        }
    }
}
