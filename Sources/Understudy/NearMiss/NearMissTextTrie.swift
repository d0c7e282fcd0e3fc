/// The ASCII texts that stubs of one kind are graded against (exact URLs, or templates' texts),
/// in a trie over their bytes, so that near-miss ranking bounds the edit distance of a whole
/// subtree of stubs at once and works out each shared start once.
///
/// Every node knows, for the texts below it, the shortest and longest rest (what follows the
/// node's prefix) and, for each byte, the most times it occurs in one rest. With the edit
/// distances of the node's prefix to every start of the request's text (a row of the classic
/// dynamic programme, which children extend by one byte), that bounds the distance of every
/// text below (``lowerBound(of:row:in:text:scratch:)``); at a node where texts end, the row's last
/// cell is their exact distance.
///
/// A value type over a flat array of nodes, so that a snapshot of the registry never sees a
/// later change.
struct NearMissTextTrie: Sendable {
    /// How often a byte occurs.
    struct ByteCount: Sendable {
        let byte: UInt8
        var count: Int
    }

    struct Node: Sendable {
        /// The byte of the edge that leads here.
        let byte: UInt8
        /// The length of the node's prefix.
        let depth: Int
        var children: [Int] = []
        /// The stubs whose text ends here, in insertion order.
        var entries: [StubRegistry.Entry] = []
        /// How many stubs are below (here included).
        var count = 0
        var shortestRest = 0
        var longestRest = 0
        /// For each byte, the most times it occurs in the rest of one text below.
        var restCounts: [ByteCount] = []
    }

    private(set) var nodes = [Node(byte: 0, depth: 0)]

    var isEmpty: Bool { nodes[0].count == 0 }

    /// Adds a stub under its text, which must be ASCII.
    mutating func insert(_ entry: StubRegistry.Entry, text: [UInt8]) {
        var path = [0]
        for byte in text {
            let node = path[path.count - 1]
            path.append(child(of: node, byte) ?? addChild(to: node, byte))
        }
        nodes[path[text.count]].entries.append(entry)
        // The rest's byte counts, from the end of the text back to the root.
        var counts = [Int](repeating: 0, count: 128)
        var distinct: [UInt8] = []
        for depth in stride(from: text.count, through: 0, by: -1) {
            if depth < text.count {
                let byte = text[depth]
                if counts[Int(byte)] == 0 { distinct.append(byte) }
                counts[Int(byte)] += 1
            }
            let rest = text.count - depth
            let node = path[depth]
            if nodes[node].count == 0 {
                nodes[node].shortestRest = rest
                nodes[node].longestRest = rest
                nodes[node].restCounts = []
            } else {
                nodes[node].shortestRest = min(nodes[node].shortestRest, rest)
                nodes[node].longestRest = max(nodes[node].longestRest, rest)
            }
            nodes[node].count += 1
            for byte in distinct {
                if let position = nodes[node].restCounts.firstIndex(where: { $0.byte == byte }) {
                    nodes[node].restCounts[position].count = max(nodes[node].restCounts[position].count, counts[Int(byte)])
                } else {
                    nodes[node].restCounts.append(ByteCount(byte: byte, count: counts[Int(byte)]))
                }
            }
        }
    }

    /// Removes a stub added with the same text.
    mutating func remove(_ entry: StubRegistry.Entry, text: [UInt8]) {
        var path = [0]
        for byte in text {
            guard let next = child(of: path[path.count - 1], byte) else { return }
            path.append(next)
        }
        let end = path[text.count]
        guard let position = nodes[end].entries.firstIndex(where: { $0 === entry }) else { return }
        nodes[end].entries.remove(at: position)
        if nodes[0].count == 1 {
            self = NearMissTextTrie()
            return
        }
        // Nodes are not pruned; their figures are worked out again from what is left below.
        for node in path.reversed() { recount(node) }
    }

    /// Works a node's figures out again from its own stubs and its children's figures.
    private mutating func recount(_ node: Int) {
        var count = nodes[node].entries.count
        var shortest = count > 0 ? 0 : Int.max
        var longest = 0
        var restCounts: [ByteCount] = []
        for child in nodes[node].children where nodes[child].count > 0 {
            let below = nodes[child]
            count += below.count
            shortest = min(shortest, below.shortestRest + 1)
            longest = max(longest, below.longestRest + 1)
            var childCounts = below.restCounts
            if let position = childCounts.firstIndex(where: { $0.byte == below.byte }) {
                childCounts[position].count += 1
            } else {
                childCounts.append(ByteCount(byte: below.byte, count: 1))
            }
            for item in childCounts {
                if let position = restCounts.firstIndex(where: { $0.byte == item.byte }) {
                    restCounts[position].count = max(restCounts[position].count, item.count)
                } else {
                    restCounts.append(item)
                }
            }
        }
        nodes[node].count = count
        nodes[node].shortestRest = count > 0 ? shortest : 0
        nodes[node].longestRest = longest
        nodes[node].restCounts = restCounts
    }

    /// The child along the edge with this byte.
    func child(of node: Int, _ byte: UInt8) -> Int? {
        nodes[node].children.first { nodes[$0].byte == byte }
    }

    private mutating func addChild(to node: Int, _ byte: UInt8) -> Int {
        let child = nodes.count
        nodes.append(Node(byte: byte, depth: nodes[node].depth + 1))
        nodes[node].children.append(child)
        return child
    }

    /// A buffer a ranking reuses from node to node: byte counts indexed by byte, those a rest
    /// below may have in its first half, those of the request's text seen so far in the second.
    struct Scratch {
        var counts = [Int](repeating: 0, count: 256)
    }

    /// A lower bound of the edit distance from an ASCII `text` to any text below `node`, given
    /// the node's row in `rows` at `row` (the edit distances of its prefix to each start of
    /// `text`).
    ///
    /// A text below is the prefix and a rest; its distance is the smallest, over the places `k`
    /// where the prefix's part of `text` may end, of `row[k]` and the distance of the rest to
    /// `text[k...]`. That is at least the difference of their lengths, and at least the longer
    /// length less the bytes they can have in common (the bag distance), counted with the most
    /// times each byte occurs in a rest below.
    func lowerBound(of node: Int, row: Int, in rows: [Int], text: [UInt8], scratch: inout Scratch) -> Int {
        let shortest = nodes[node].shortestRest
        let longest = nodes[node].longestRest
        let restCounts = nodes[node].restCounts
        return scratch.counts.withUnsafeMutableBufferPointer { counts in
            for item in restCounts { counts[Int(item.byte)] = item.count }
            defer {
                for item in restCounts { counts[Int(item.byte)] = 0 }
                for byte in text { counts[128 + Int(byte)] = 0 }
            }
            return rows.withUnsafeBufferPointer { rows in
                text.withUnsafeBufferPointer { text in
                    var best = Int.max
                    var common = 0
                    var start = text.count
                    while true {
                        let rest = text.count - start
                        let gap = rest < shortest ? shortest - rest : rest > longest ? rest - longest : 0
                        let bag = max(shortest, rest) - common
                        best = min(best, rows[row + start] + max(gap, bag))
                        if start == 0 { return best }
                        start -= 1
                        let byte = Int(text[start])
                        if counts[128 + byte] < counts[byte] { common += 1 }
                        counts[128 + byte] += 1
                    }
                }
            }
        }
    }

    /// Writes into `rows` at `start` the row of `child`, from its parent's row at `parentRow`
    /// (each row has `text.count + 1` cells; `rows` must have room).
    func writeRow(of child: Int, parentRow: Int, text: [UInt8], into rows: inout [Int], at start: Int) {
        let byte = nodes[child].byte
        rows.withUnsafeMutableBufferPointer { rows in
            text.withUnsafeBufferPointer { text in
                var left = rows[parentRow] + 1
                rows[start] = left
                for offset in 0..<text.count {
                    let diagonal = rows[parentRow + offset] + (text[offset] == byte ? 0 : 1)
                    left = min(diagonal, min(rows[parentRow + offset + 1], left) + 1)
                    rows[start + offset + 1] = left
                }
            }
        }
    }

    /// The longest text below a node.
    func longestText(below node: Int) -> Int { nodes[node].depth + nodes[node].longestRest }

    /// Calls `body` with every stub below a node.
    func forEachEntry(below node: Int, _ body: (StubRegistry.Entry) -> Void) {
        var stack = [node]
        while let current = stack.popLast() {
            guard nodes[current].count > 0 else { continue }
            nodes[current].entries.forEach(body)
            stack += nodes[current].children
        }
    }
}
