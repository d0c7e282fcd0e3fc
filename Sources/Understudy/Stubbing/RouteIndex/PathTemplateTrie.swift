import UnderstudySupport

/// `urlPathTemplate` stubs of one method in a trie over path segments: a template's literal
/// segments are edges of their own, a segment with a variable in it (`{id}`, `{name}.json`) is
/// the node's one variable edge. A path walks both edges where both exist and collects the
/// stubs whose templates have as many segments as it has, so a request is tried only against
/// the templates whose literal segments it has. The templates still match the path themselves
/// afterwards: the trie only narrows.
///
/// A value type over a flat array of nodes, so that a snapshot of the registry never sees a
/// later change. Literal edges are found by a hash of the segment's bytes (no string is built
/// per request); nodes whose labels share a hash are chained.
struct PathTemplateTrie: Sendable {
    private struct Node: Sendable {
        /// The literal edge that leads here (empty for the root and variable nodes).
        var label: [UInt8] = []
        /// The next child of the same parent whose label has the same hash.
        var sameHash: Int?
        var literals = FNV1aMap<Int>()
        var variable: Int?
        /// The stubs whose templates end here, in matching order.
        var entries: [StubRegistry.Entry] = []
    }

    private var nodes = [Node()]
    private var count = 0

    var isEmpty: Bool { count == 0 }

    /// Adds a stub under its template's segments (``PathTemplate/segmentLiterals``).
    mutating func insert(_ entry: StubRegistry.Entry, segments: [String?]) {
        var node = 0
        for segment in segments {
            node = child(of: node, segment) ?? addChild(to: node, segment)
        }
        nodes[node].entries.insertInMatchingOrder(entry)
        count += 1
    }

    /// Removes a stub added with the same segments.
    mutating func remove(_ entry: StubRegistry.Entry, segments: [String?]) {
        var node = 0
        for segment in segments {
            guard let next = child(of: node, segment) else { return }
            node = next
        }
        let before = nodes[node].entries.count
        nodes[node].entries.removeAll { $0 === entry }
        count -= before - nodes[node].entries.count
        // Nodes are not pruned one by one; an empty trie starts afresh.
        if count == 0 { self = PathTemplateTrie() }
    }

    /// The child along a literal segment, or along the variable edge for `nil`.
    private func child(of node: Int, _ segment: String?) -> Int? {
        guard let segment else { return nodes[node].variable }
        return child(of: node, label: segment.utf8)
    }

    /// The child along the literal edge with these bytes.
    private func child(of node: Int, label: some Collection<UInt8>) -> Int? {
        guard !nodes[node].literals.isEmpty else { return nil }
        var candidate = nodes[node].literals[FNV1a.of(label)]
        while let current = candidate {
            if nodes[current].label.elementsEqual(label) { return current }
            candidate = nodes[current].sameHash
        }
        return nil
    }

    private mutating func addChild(to node: Int, _ segment: String?) -> Int {
        let child = nodes.count
        nodes.append(Node(label: segment.map { Array($0.utf8) } ?? []))
        guard let segment else {
            nodes[node].variable = child
            return child
        }
        let hash = FNV1a.of(segment.utf8)
        if var last = nodes[node].literals[hash] {
            while let next = nodes[last].sameHash { last = next }
            nodes[last].sameHash = child
        } else {
            nodes[node].literals.withValue(for: hash, default: child) { _ in }
        }
        return child
    }

    /// Calls `body` with each list of stubs whose template could fit the path, which must be
    /// ASCII (so that a `/` byte always ends a character, as it does for ``PathTemplate``).
    func forEachCandidateList(ofASCIIPath path: String, _ body: ([StubRegistry.Entry]) -> Void) {
        guard count > 0 else { return }
        var path = path
        path.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return }
            walk(from: 0, bytes, at: 1, body)
        }
    }

    private func walk(from node: Int, _ path: UnsafeBufferPointer<UInt8>, at start: Int, _ body: ([StubRegistry.Entry]) -> Void) {
        var end = start
        while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
        let isLast = end == path.count
        func visit(_ child: Int) {
            if isLast {
                if !nodes[child].entries.isEmpty { body(nodes[child].entries) }
            } else {
                walk(from: child, path, at: end + 1, body)
            }
        }
        if let child = child(of: node, label: path[start..<end]) { visit(child) }
        // A variable never fits an empty segment.
        if start < end, let child = nodes[node].variable { visit(child) }
    }
}
