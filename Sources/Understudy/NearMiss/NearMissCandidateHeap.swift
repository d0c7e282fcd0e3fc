/// The stubs of a near-miss ranking by their lower bounds, smallest first and, among equal
/// bounds, in matching order: a binary min-heap, built in linear time, from which the ranking
/// takes only as many stubs as it needs.
struct NearMissCandidateHeap {
    struct Candidate {
        let bound: Double
        /// The stub's place in matching order.
        let index: Int

        func precedes(_ other: Candidate) -> Bool {
            bound != other.bound ? bound < other.bound : index < other.index
        }
    }

    private var items: [Candidate]

    init(_ candidates: [Candidate]) {
        items = candidates
        var parent = items.count / 2 - 1
        while parent >= 0 {
            siftDown(from: parent)
            parent -= 1
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
