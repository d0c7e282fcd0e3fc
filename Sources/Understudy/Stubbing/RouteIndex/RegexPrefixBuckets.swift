import UnderstudySupport

/// `urlPattern` and `urlPathPattern` stubs of one method, bucketed by the literal text their
/// expression must start with (``RegexPattern/literalPrefix``, cut before any `?`, so that it
/// is a prefix of the path whenever it is one of the URL). A path is hashed once, byte by byte,
/// and looks up one bucket at each distinct prefix length on the way, so a request is tried
/// only against the expressions whose prefix it starts with. The expressions still match the
/// path themselves afterwards.
struct RegexPrefixBuckets: Sendable {
    private struct Bucket: Sendable {
        var prefix: [UInt8]
        var entries: [StubRegistry.Entry]
    }

    /// Buckets by the hash of their prefix (several when prefixes share a hash).
    private var buckets = FNV1aMap<[Bucket]>()
    /// How many buckets have a prefix of each length (in UTF-8 bytes).
    private var lengthCounts: [Int: Int] = [:]
    /// The distinct prefix lengths, shortest first.
    private var lengths: [Int] = []

    var isEmpty: Bool { buckets.isEmpty }

    /// Adds a stub under a non-empty ASCII prefix.
    mutating func insert(_ entry: StubRegistry.Entry, prefix: String) {
        let bytes = Array(prefix.utf8)
        let hash = FNV1a.of(bytes)
        let added = buckets.withValue(for: hash, default: []) { chain in
            if let index = chain.firstIndex(where: { $0.prefix == bytes }) {
                chain[index].entries.insertInMatchingOrder(entry)
                return false
            }
            chain.append(Bucket(prefix: bytes, entries: [entry]))
            return true
        }
        guard added else { return }
        lengthCounts[bytes.count, default: 0] += 1
        lengths = lengthCounts.keys.sorted()
    }

    /// Removes a stub added under the same prefix.
    mutating func remove(_ entry: StubRegistry.Entry, prefix: String) {
        let bytes = Array(prefix.utf8)
        let hash = FNV1a.of(bytes)
        guard let (emptied, chainEmpty) = buckets.update(for: hash, { chain -> (Bool, Bool) in
            guard let index = chain.firstIndex(where: { $0.prefix == bytes }) else { return (false, false) }
            chain[index].entries.removeAll { $0 === entry }
            guard chain[index].entries.isEmpty else { return (false, false) }
            chain.remove(at: index)
            return (true, chain.isEmpty)
        }) else { return }
        if chainEmpty { buckets.removeValue(for: hash) }
        guard emptied else { return }
        lengthCounts[bytes.count, default: 1] -= 1
        if lengthCounts[bytes.count] == 0 { lengthCounts[bytes.count] = nil }
        lengths = lengthCounts.keys.sorted()
    }

    /// Calls `body` with the bucket of each prefix the path starts with; the path must be ASCII.
    func forEachCandidateList(ofASCIIPath path: String, _ body: ([StubRegistry.Entry]) -> Void) {
        guard !buckets.isEmpty else { return }
        var path = path
        path.withUTF8 { bytes in
            var hash = FNV1a()
            var hashed = 0
            for length in lengths {
                guard length <= bytes.count else { return }
                while hashed < length {
                    hash.add(bytes[hashed])
                    hashed += 1
                }
                guard let chain = buckets[hash] else { continue }
                for bucket in chain where bucket.prefix.elementsEqual(bytes[..<length]) { body(bucket.entries) }
            }
        }
    }
}
