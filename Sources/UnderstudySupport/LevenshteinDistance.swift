/// Normalised Levenshtein edit distance, used to grade how close a value is to a pattern.
///
/// Strings are compared as sequences of **Unicode scalars**: an emoji counts as one unit (not
/// two UTF-16 units), and `é` written as one scalar differs from `e` + combining accent even
/// though Swift's `==` calls them equal (no normalisation is applied).
///
/// The common prefix and suffix are removed first (this never changes the result). The
/// remaining middles are compared exactly with the classic dynamic programme — O(n·m) time,
/// O(min(n, m)) memory — as long as `n·m ≤ 10 000 · 10 000`. Beyond that (in particular
/// whenever both middles exceed 10 000 scalars) a cheap **estimate** is used instead so a huge
/// body cannot stall matching: the smaller of the two Hamming distances of the middles aligned
/// at their start and at their end, plus the length difference. This is an upper bound of the
/// true distance, exact when the middles differ by substitutions only, and it rates long
/// unrelated texts as far apart (never as falsely close).
package enum LevenshteinDistance {
    /// `; did you mean "name"?` for the known name closest to `word` (ignoring case), or
    /// nothing when none is close (normalised distance over 0.4): the tail of an "unknown …" error.
    package static func suggestion(for word: String, among known: [String]) -> String {
        let scored = known.map { ($0, normalized(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 0.4 else { return "" }
        return "; did you mean \"\(best.0)\"?"
    }

    /// Largest number of dynamic-programming cells computed exactly (10 000 × 10 000).
    static let exactCellLimit = 10_000 * 10_000

    /// Edit distance divided by the longer length: 0 for identical scalar sequences (and for two empty
    /// strings), 1 for strings with nothing in common.
    package static func normalized(_ a: String, _ b: String) -> Double {
        let first = Array(a.unicodeScalars)
        let second = Array(b.unicodeScalars)
        let longest = max(first.count, second.count)
        guard longest > 0 else { return 0 }
        return Double(distance(first, second)) / Double(longest)
    }

    /// ``normalized(_:_:)`` of two ASCII texts given as bytes (on ASCII, a byte is a scalar),
    /// without building strings or scalar arrays.
    package static func normalized(ascii a: [UInt8], _ b: [UInt8]) -> Double {
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 0 }
        return Double(distance(a, b)) / Double(longest)
    }

    /// The edit distance of two scalar (or byte) sequences (estimated above the cell limit, see
    /// the type's notes).
    static func distance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        var start = 0
        var endA = a.count
        var endB = b.count
        while start < endA, start < endB, a[start] == b[start] { start += 1 }
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
            endA -= 1
            endB -= 1
        }
        let middleA = a[start..<endA]
        let middleB = b[start..<endB]
        if middleA.isEmpty { return middleB.count }
        if middleB.isEmpty { return middleA.count }
        let (longer, shorter) = middleA.count >= middleB.count ? (middleA, middleB) : (middleB, middleA)
        let cells = longer.count.multipliedReportingOverflow(by: shorter.count)
        if !cells.overflow, cells.partialValue <= exactCellLimit {
            return exactDistance(longer, shorter)
        }
        return estimatedDistance(longer, shorter)
    }

    /// Wagner–Fischer with one row of `shorter.count + 1` cells (on the stack when it is small).
    private static func exactDistance<Element: Equatable>(_ longer: ArraySlice<Element>, _ shorter: ArraySlice<Element>) -> Int {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: shorter.count + 1) { row in
            for column in 0...shorter.count { row[column] = column }
            for (i, element) in longer.enumerated() {
                var diagonal = row[0]
                row[0] = i + 1
                for (j, column) in shorter.enumerated() {
                    let above = row[j + 1]
                    row[j + 1] = min(diagonal + (column == element ? 0 : 1), min(above, row[j]) + 1)
                    diagonal = above
                }
            }
            return row[shorter.count]
        }
    }

    /// An upper bound in O(n + m): substitutions along the better end-aligned diagonal plus the length gap.
    private static func estimatedDistance<Element: Equatable>(_ longer: ArraySlice<Element>, _ shorter: ArraySlice<Element>) -> Int {
        let gap = longer.count - shorter.count
        var mismatchesFromStart = 0
        var mismatchesFromEnd = 0
        for (offset, scalar) in shorter.enumerated() {
            if longer[longer.startIndex + offset] != scalar { mismatchesFromStart += 1 }
            if longer[longer.startIndex + gap + offset] != scalar { mismatchesFromEnd += 1 }
        }
        return gap + min(mismatchesFromStart, mismatchesFromEnd)
    }
}
