/// The stubs of a ``NearMissIndex`` for one request, smallest lower bound first, found lazily:
/// far groups of stubs are passed over whole, and a trie's subtree is only opened when its
/// bound could still rank.
///
/// A stub comes with its bound: the exact method-and-URL distance for exact URLs and
/// templates that cannot fit the path (the edit distance, from the trie's rows), 0 or 1 for the
/// URL of a regex, and a matching URL for the rest.
struct NearMissSearch {
    private let index: NearMissIndex
    private let subject: NearMissBound.Subject
    private var heap = NearMissCandidateHeap()
    /// The stubs pushed, which the heap names by their place here.
    private var entries: [StubRegistry.Entry] = []
    /// The trie rows of the nodes in the heap, one after another, up to `rowsEnd`; the room
    /// after it is reused.
    private var rows: [Int] = []
    private var rowsEnd = 0
    /// The last kept distance of the ranking, once it has as many as it keeps: what is further
    /// can never rank (the last kept distance only falls), so it is not even pushed.
    private var cutoff: Double?
    private var scratch = NearMissTextTrie.Scratch()
    /// The templates that may fit the path (a few): graded as 0 away, not by their text.
    private var fitting: [StubRegistry.Entry] = []
    /// What the search reads of each class of ``NearMissIndex/classes``, with the method's distance.
    private let classes: [(methodDistance: Double, totalWeight: Double, kind: NearMissIndex.TextClass.Kind, includesQuery: Bool)]

    init(_ index: NearMissIndex, _ subject: NearMissBound.Subject) {
        self.index = index
        self.subject = subject
        classes = index.classes.map {
            (NearMissBound.methodDistance($0.method, subject.method), $0.totalWeight, $0.kind, $0.includesQuery)
        }
        for entry in index.unbounded {
            pushStub(entry, bound: entry.nearMissBound.boundWithMatchingURL(subject))
        }
        var regexRest: Double?
        for entry in index.regexes {
            let bound = entry.nearMissBound
            guard case let .regexPrefix(prefix, includesQuery) = bound.url else { continue }
            if subject.text(includesQuery: includesQuery).bytes.starts(with: prefix) {
                pushStub(entry, bound: bound.boundWithMatchingURL(subject))
            } else {
                // `.of(matches)`: a regex that cannot match is exactly 1 away.
                let far = bound.bound(methodDistance: bound.methodDistance(subject.method), url: 1)
                regexRest = min(regexRest ?? far, far)
            }
        }
        if let regexRest { heap.push(.init(bound: regexRest, item: .regexRest)) }
        if subject.pathIsASCII {
            index.templates.forEachCandidateList(ofASCIIPath: subject.pathText) { entries in
                for entry in entries {
                    fitting.append(entry)
                    pushStub(entry, bound: entry.nearMissBound.boundWithMatchingURL(subject))
                }
            }
        }
        for (position, textClass) in index.classes.enumerated() {
            let (text, isASCII) = subject.text(includesQuery: textClass.includesQuery)
            if textClass.kind == .regexPrefix {
                pushRegexes(of: position, text: text)
                continue
            }
            guard isASCII else {
                heap.push(.init(bound: bound(position, url: 0), item: .wholeTrie(position)))
                continue
            }
            let row = room(for: text.count + 1)
            for cell in 0...text.count { rows[row + cell] = cell }
            rowsEnd += text.count + 1
            let trie = index.tries[position]
            let distance = trie.lowerBound(of: 0, row: row, in: rows, text: text, scratch: &scratch)
            heap.push(.init(bound: bound(position, url: Self.normalized(distance, text.count, trie.longestText(below: 0))),
                            item: .node(trie: position, node: 0, row: row)))
        }
    }

    /// The next stub with its bound, or `nil` when there is none or every one left is further
    /// than `limit` (when given). A limit must never grow from one call to the next: what is
    /// further than it is dropped for good.
    mutating func next(stoppingAbove limit: Double?) -> (entry: StubRegistry.Entry, bound: Double)? {
        cutoff = limit
        while let candidate = heap.popFirst() {
            if case let .stub(index, _, _) = candidate.item { return (entries[index], candidate.bound) }
            if let limit, candidate.bound > limit { return nil }
            switch candidate.item {
            case .stub: break
            case let .node(trie, node, row): open(node, of: trie, row: row)
            case let .wholeTrie(position):
                let bound = bound(position, url: 0)
                let trie = index.tries[position]
                trie.forEachEntry(below: 0) { pushStub($0, bound: bound, cutoff: cutoff) }
            case let .regexPrefixRest(position):
                let trie = index.tries[position]
                let bound = bound(position, url: 1)
                let text = subject.text(includesQuery: classes[position].includesQuery).bytes
                trie.forEachEntry(below: 0) { entry in
                    guard case let .regexPrefix(prefix, _) = entry.nearMissBound.url, !text.starts(with: prefix) else { return }
                    pushStub(entry, bound: bound, cutoff: cutoff)
                }
            case .regexRest:
                for entry in index.regexes {
                    let bound = entry.nearMissBound
                    guard case let .regexPrefix(prefix, includesQuery) = bound.url,
                          !subject.text(includesQuery: includesQuery).bytes.starts(with: prefix) else { continue }
                    pushStub(entry, bound: bound.bound(methodDistance: bound.methodDistance(subject.method), url: 1), cutoff: cutoff)
                }
            }
        }
        return nil
    }

    /// Pushes the regexes of a trie whose literal start the request's text has (the trie is
    /// walked along the text) as matching, and the others as a group 1 away.
    private mutating func pushRegexes(of position: Int, text: [UInt8]) {
        let trie = index.tries[position]
        var node = 0
        var found = 0
        var depth = 0
        while true {
            for entry in trie.nodes[node].entries {
                pushStub(entry, bound: bound(position, url: 0))
                found += 1
            }
            guard depth < text.count, let next = trie.child(of: node, text[depth]) else { break }
            node = next
            depth += 1
        }
        // `.of(matches)`: a regex that cannot match is exactly 1 away.
        if trie.nodes[0].count > found { heap.push(.init(bound: bound(position, url: 1), item: .regexPrefixRest(trie: position))) }
    }

    /// Pushes a node's own stubs with their exact distance, and its children with their bounds
    /// (a child with no children of its own gives its stubs at once).
    private mutating func open(_ node: Int, of position: Int, row: Int) {
        let trie = index.tries[position]
        let text = subject.text(includesQuery: classes[position].includesQuery).bytes
        pushEntries(of: node, in: trie, position, distance: rows[row + text.count], textLength: text.count)
        for child in trie.nodes[node].children where trie.nodes[child].count > 0 {
            let childRow = room(for: text.count + 1)
            trie.writeRow(of: child, parentRow: row, text: text, into: &rows, at: childRow)
            if trie.nodes[child].children.isEmpty {
                // The row is only read here: its room is reused.
                pushEntries(of: child, in: trie, position, distance: rows[childRow + text.count], textLength: text.count)
            } else {
                let distance = trie.lowerBound(of: child, row: childRow, in: rows, text: text, scratch: &scratch)
                let bound = bound(position, url: Self.normalized(distance, text.count, trie.longestText(below: child)))
                if let cutoff, bound > cutoff { continue }
                rowsEnd += text.count + 1
                heap.push(.init(bound: bound, item: .node(trie: position, node: child, row: childRow)))
            }
        }
    }

    /// Where a row of `width` cells can be written after `rowsEnd`, making room when needed.
    private mutating func room(for width: Int) -> Int {
        if rows.count < rowsEnd + width { rows += repeatElement(0, count: max(rows.count, width)) }
        return rowsEnd
    }

    /// Pushes a stub, unless it is further than `cutoff`.
    private mutating func pushStub(_ entry: StubRegistry.Entry, bound: Double, cutoff: Double? = nil) {
        if let cutoff, bound > cutoff { return }
        heap.push(.init(bound: bound, item: .stub(index: entries.count, priority: entry.priority, sequence: entry.sequence)))
        entries.append(entry)
    }

    private mutating func pushEntries(of node: Int, in trie: NearMissTextTrie, _ position: Int, distance: Int, textLength: Int) {
        let entries = trie.nodes[node].entries
        guard !entries.isEmpty else { return }
        // As `LevenshteinDistance.normalized` divides: by the longer of the two texts.
        let bound = bound(position, url: Self.normalized(distance, textLength, trie.nodes[node].depth))
        if let cutoff, bound > cutoff { return }
        let isTemplate = classes[position].kind == .template
        for entry in entries where !isTemplate || !fitting.contains(where: { $0 === entry }) {
            pushStub(entry, bound: bound)
        }
    }

    /// An edit distance (or a bound of it) over the longer length (or a length at least as long).
    private static func normalized(_ distance: Int, _ length: Int, _ otherLength: Int) -> Double {
        let longest = max(length, otherLength)
        return longest > 0 ? Double(distance) / Double(longest) : 0
    }

    /// The bound of a stub of the class at `position` whose URL is `url` away.
    private func bound(_ position: Int, url: Double) -> Double {
        NearMissBound.bound(methodDistance: classes[position].methodDistance, url: url, totalWeight: classes[position].totalWeight)
    }
}
