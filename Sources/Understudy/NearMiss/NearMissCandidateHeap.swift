/// What near-miss ranking has yet to look at, by lower bound, smallest first: a binary
/// min-heap of stubs and of groups of stubs (``NearMissSearch``) from which the ranking takes
/// only as many as it needs.
///
/// Among equal bounds, groups come first (a stub inside one may precede any stub), then stubs
/// in matching order, so that once a stub is taken every one left is after it, by bound or by
/// matching order.
struct NearMissCandidateHeap {
    /// A stub, or a group of stubs none of which is nearer than its bound. Plain values, so
    /// that ordering and moving them counts no references.
    enum Item {
        /// The stub at `index` in the search's list, with its place in matching order.
        case stub(index: Int, priority: Int, sequence: Int)
        /// A node of the trie at `trie` in ``NearMissIndex/tries``, with the row of its prefix.
        case node(trie: Int, node: Int, row: Int)
        /// Every stub of a trie, each as near as the class's bound with a matching URL.
        case wholeTrie(Int)
        /// The regexes of ``NearMissIndex/regexes`` whose literal start the request lacks.
        case regexRest
        /// The regexes of the trie at `trie` whose literal start the request lacks.
        case regexPrefixRest(trie: Int)
    }

    struct Candidate {
        let bound: Double
        let item: Item

        func precedes(_ other: Candidate) -> Bool {
            if bound != other.bound { return bound < other.bound }
            switch (item, other.item) {
            case let (.stub(_, priority, sequence), .stub(_, otherPriority, otherSequence)):
                // As `StubRegistry.Entry.precedes`: priority 1 first, then the newest.
                return priority != otherPriority ? priority < otherPriority : sequence > otherSequence
            case (.stub, _): return false
            case (_, .stub): return true
            default: return false
            }
        }
    }

    private var items: [Candidate] = []

    mutating func push(_ candidate: Candidate) {
        items.append(candidate)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { return }
            items.swapAt(parent, child)
            child = parent
        }
    }

    /// Takes the candidate with the smallest bound.
    mutating func popFirst() -> Candidate? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            siftDown(from: 0)
        }
        return first
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < items.count else { return }
            let right = left + 1
            let child = right < items.count && items[right].precedes(items[left]) ? right : left
            guard items[child].precedes(items[parent]) else { return }
            items.swapAt(parent, child)
            parent = child
        }
    }
}
