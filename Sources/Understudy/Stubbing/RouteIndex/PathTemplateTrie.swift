/// `urlPathTemplate` stubs of one method in a trie over path segments: a template's literal
/// segments are edges of their own, a segment with a variable in it (`{id}`, `{name}.json`) is
/// the node's one variable edge. A path walks both edges where both exist and collects the
/// stubs whose templates have as many segments as it has, so a request is tried only against
/// the templates whose literal segments it has. The templates still match the path themselves
/// afterwards: the trie only narrows.
///
/// A value type over a flat array of nodes, so that a snapshot of the registry never sees a
/// later change.
struct PathTemplateTrie: Sendable {
    private struct Node: Sendable {
        var literals: [Substring: Int] = [:]
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
            let existing = segment.map { nodes[node].literals[Substring($0)] } ?? nodes[node].variable
            if let existing {
                node = existing
                continue
            }
            nodes.append(Node())
            if let segment { nodes[node].literals[Substring(segment)] = nodes.count - 1 } else { nodes[node].variable = nodes.count - 1 }
            node = nodes.count - 1
        }
        nodes[node].entries.insertInMatchingOrder(entry)
        count += 1
    }

    /// Removes a stub added with the same segments.
    mutating func remove(_ entry: StubRegistry.Entry, segments: [String?]) {
        var node = 0
        for segment in segments {
            guard let next = segment.map({ nodes[node].literals[Substring($0)] }) ?? nodes[node].variable else { return }
            node = next
        }
        let before = nodes[node].entries.count
        nodes[node].entries.removeAll { $0 === entry }
        count -= before - nodes[node].entries.count
        // Nodes are not pruned one by one; an empty trie starts afresh.
        if count == 0 { self = PathTemplateTrie() }
    }

    /// Calls `body` with each list of stubs whose template could fit the path, which must be
    /// ASCII (so that a `/` byte always ends a character, as it does for ``PathTemplate``).
    func forEachCandidateList(ofASCIIPath path: String, _ body: ([StubRegistry.Entry]) -> Void) {
        guard count > 0, path.utf8.first == UInt8(ascii: "/") else { return }
        walk(from: 0, path, at: path.utf8.index(after: path.utf8.startIndex), body)
    }

    private func walk(from node: Int, _ path: String, at start: String.Index, _ body: ([StubRegistry.Entry]) -> Void) {
        let end = path.utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.utf8.endIndex
        let isLast = end == path.utf8.endIndex
        func visit(_ child: Int) {
            if isLast {
                if !nodes[child].entries.isEmpty { body(nodes[child].entries) }
            } else {
                walk(from: child, path, at: path.utf8.index(after: end), body)
            }
        }
        if let child = nodes[node].literals[path[start..<end]] { visit(child) }
        // A variable never fits an empty segment.
        if start < end, let child = nodes[node].variable { visit(child) }
    }
}
