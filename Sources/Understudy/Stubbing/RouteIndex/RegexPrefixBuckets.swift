/// `urlPattern` and `urlPathPattern` stubs of one method, bucketed by the literal text their
/// expression must start with (``RegexPattern/literalPrefix``, cut before any `?`, so that it
/// is a prefix of the path whenever it is one of the URL). A path looks up one bucket per
/// distinct prefix length, so a request is tried only against the expressions whose prefix it
/// starts with. The expressions still match the path themselves afterwards.
struct RegexPrefixBuckets: Sendable {
    private var buckets: [Substring: [StubRegistry.Entry]] = [:]
    /// How many buckets have a prefix of each length (in UTF-8 bytes).
    private var lengthCounts: [Int: Int] = [:]
    /// The distinct prefix lengths, shortest first.
    private var lengths: [Int] = []

    var isEmpty: Bool { buckets.isEmpty }

    /// Adds a stub under a non-empty ASCII prefix.
    mutating func insert(_ entry: StubRegistry.Entry, prefix: String) {
        let key = Substring(prefix)
        if buckets[key] == nil {
            lengthCounts[prefix.utf8.count, default: 0] += 1
            lengths = lengthCounts.keys.sorted()
        }
        buckets[key, default: []].insertInMatchingOrder(entry)
    }

    /// Removes a stub added under the same prefix.
    mutating func remove(_ entry: StubRegistry.Entry, prefix: String) {
        let key = Substring(prefix)
        buckets[key]?.removeAll { $0 === entry }
        guard buckets[key]?.isEmpty == true else { return }
        buckets[key] = nil
        let length = prefix.utf8.count
        lengthCounts[length, default: 1] -= 1
        if lengthCounts[length] == 0 { lengthCounts[length] = nil }
        lengths = lengthCounts.keys.sorted()
    }

    /// Calls `body` with the bucket of each prefix the path starts with; the path must be ASCII.
    func forEachCandidateList(ofASCIIPath path: String, _ body: ([StubRegistry.Entry]) -> Void) {
        let utf8 = path.utf8
        let available = utf8.count
        for length in lengths {
            guard length <= available else { return }
            if let bucket = buckets[path[..<utf8.index(utf8.startIndex, offsetBy: length)]] { body(bucket) }
        }
    }
}
