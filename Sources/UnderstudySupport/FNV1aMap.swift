/// A map from FNV-1a hashes to values (the core's route index uses it), open-addressed and probed
/// linearly. A request looks up a hash for each path segment or prefix length it walks, and a
/// `Dictionary` hashed each of those hashes again with SipHash (~100 instructions a lookup);
/// here the slot comes from one multiplication.
///
/// Public and inlinable (this target is no product), as ``FNV1a`` is, so that the route index's
/// lookups are specialised for their values rather than called across the module boundary.
public struct FNV1aMap<Value: Sendable>: Sendable {
    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline let key: UInt64
        @usableFromInline var value: Value

        @inlinable
        init(key: UInt64, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// A power of two in length (or empty), at most half full.
    @usableFromInline var slots: [Slot?] = []
    @usableFromInline var storedCount = 0
    /// How many keys have a value.
    @inlinable
    public var count: Int { storedCount }

    /// An empty map.
    @inlinable
    public init() {}

    /// Whether no key has a value.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The value of `key`, if any.
    @inlinable
    public subscript(key: FNV1a) -> Value? {
        guard count > 0, let index = index(of: key.value) else { return nil }
        return slots[index]?.value
    }

    /// Runs `body` on the value of `key`; `nil`, running nothing, when there is none.
    @inlinable
    public mutating func update<Result>(for key: FNV1a, _ body: (inout Value) -> Result) -> Result? {
        guard let index = index(of: key.value) else { return nil }
        return body(&slots[index]!.value)
    }

    /// Runs `body` on the value of `key`, added as `makeDefault()` first when there is none.
    @inlinable
    public mutating func withValue<Result>(for key: FNV1a, default makeDefault: @autoclosure () -> Value,
                                    _ body: (inout Value) -> Result) -> Result {
        if let result = update(for: key, body) { return result }
        if (count + 1) * 2 > slots.count { grow() }
        var index = home(of: key.value)
        while slots[index] != nil { index = (index + 1) & (slots.count - 1) }
        slots[index] = Slot(key: key.value, value: makeDefault())
        storedCount += 1
        return body(&slots[index]!.value)
    }

    /// Removes the value of `key`, if there is one.
    @inlinable
    public mutating func removeValue(for key: FNV1a) {
        guard count > 0, var hole = index(of: key.value) else { return }
        slots[hole] = nil
        storedCount -= 1
        // Backward-shift deletion: a later slot of the same run moves into the hole when its
        // home is not between the hole and itself, so every key stays reachable from its home
        // without tombstones.
        let mask = slots.count - 1
        var next = (hole + 1) & mask
        while let slot = slots[next] {
            let home = home(of: slot.key)
            let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !stays {
                slots[hole] = slot
                slots[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    @inlinable
    func index(of key: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        var index = home(of: key)
        while let slot = slots[index] {
            if slot.key == key { return index }
            index = (index + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Where a key's run starts: Fibonacci hashing of the key's bits (FNV-1a's low bits
    /// alone cluster for paths that differ only in their last bytes).
    @inlinable
    func home(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: ((key ^ (key >> 32)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slots.count - 1)
    }

    @inlinable
    mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: max(8, old.count * 2))
        for slot in old {
            guard let slot else { continue }
            var index = home(of: slot.key)
            while slots[index] != nil { index = (index + 1) & (slots.count - 1) }
            slots[index] = slot
        }
    }
}
