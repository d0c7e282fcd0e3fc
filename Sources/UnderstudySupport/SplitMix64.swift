/// A small seeded generator (SplitMix64) whose sequence is the same on every platform and
/// Swift version. Seeded fakes (`Fake`), seeded templates and per-connection request ids use it.
/// Public and inlinable (this target is no product) so that the server's per-request ids do
/// not call across the module boundary.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    @usableFromInline var state: UInt64

    /// Starts the sequence of `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A value in `0..<bound` by Lemire's multiply-shift (with rejection), defined here so the
    /// result does not depend on the standard library's algorithm.
    package mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        while true {
            let product = next().multipliedFullWidth(by: bound)
            if product.low >= (0 &- bound) % bound { return product.high }
        }
    }
}
