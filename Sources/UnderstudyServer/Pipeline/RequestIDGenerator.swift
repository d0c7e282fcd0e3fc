/// A fast generator for request ids (SplitMix64), one per connection, seeded from the system.
///
/// Ids only need to be unique within a journal, not unpredictable; a system random draw per
/// request cost a syscall on every request.
struct RequestIDGenerator: RandomNumberGenerator {
    private var state: UInt64

    init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
