import Foundation
import UnderstudyClient

/// The stubs of one mock, ordered the way WireMock picks them: priority 1 first, and among
/// equal priorities the newest first.
///
/// Stubs whose URL is an exact `url` or `urlPath` are also indexed by method and URL, so a
/// request only looks at the stubs for its own path plus the stubs that use patterns;
/// thousands of exact-path stubs cost about as much as one. Stubs with no such URL but an
/// exact OpenAPI operation (`.operation("getPetById")`) are indexed by that operation.
struct StubRegistry: Sendable {
    /// A stub with its insertion sequence number. A class so that index buckets share it.
    final class Entry: Sendable {
        let mapping: StubMapping
        let sequence: Int
        /// Whether the stub's response lists the `response-template` transformer, worked out
        /// once here so that serving a static stub does not copy its response to find out.
        let listsTemplating: Bool
        /// The answer of a static stub, planned once.
        let staticAnswer: StaticAnswer?

        init(mapping: StubMapping, sequence: Int) {
            self.mapping = mapping
            self.sequence = sequence
            if case .definition(let response) = mapping.response {
                listsTemplating = response.transformers.contains(ResponseTemplater.transformerName)
            } else {
                listsTemplating = false
            }
            staticAnswer = StaticAnswer(mapping, listsTemplating: listsTemplating)
        }

        /// Sorts before `other` when it should be tried first.
        func precedes(_ other: Entry) -> Bool {
            let (lhs, rhs) = (mapping.effectivePriority, other.mapping.effectivePriority)
            return lhs != rhs ? lhs < rhs : sequence > other.sequence
        }
    }

    private struct IndexKey: Hashable {
        var method: HTTPMethod
        var includesQuery: Bool
        var value: String
    }

    private var byID: [UUID: Entry] = [:]
    private var ordered: [Entry] = []
    private var index: [IndexKey: [Entry]] = [:]
    private var byOperation: [String: [Entry]] = [:]
    private var unindexed: [Entry] = []
    private var nextSequence = 0

    /// All stubs in matching order.
    var mappings: [StubMapping] { ordered.map(\.mapping) }

    /// The number of stubs.
    var count: Int { ordered.count }

    /// The stub with the id.
    func mapping(id: UUID) -> StubMapping? { byID[id]?.mapping }

    /// The insertion sequence number of the stub with the id.
    func sequence(of id: UUID) -> Int? { byID[id]?.sequence }

    /// Adds a stub, replacing any stub with the same id (which keeps its place among equals).
    mutating func add(_ mapping: StubMapping) {
        let sequence: Int
        if let existing = byID[mapping.id] {
            sequence = existing.sequence
            remove(id: mapping.id)
        } else {
            sequence = nextSequence
            nextSequence += 1
        }
        let entry = Entry(mapping: mapping, sequence: sequence)
        byID[mapping.id] = entry
        Self.insert(entry, into: &ordered)
        if let key = Self.indexKey(mapping.request) {
            Self.insert(entry, into: &index[key, default: []])
        } else if let operation = mapping.request.exactOperationId {
            Self.insert(entry, into: &byOperation[operation, default: []])
        } else {
            Self.insert(entry, into: &unindexed)
        }
    }

    /// Removes the stub with the id; returns it when there was one.
    @discardableResult
    mutating func remove(id: UUID) -> StubMapping? {
        guard let entry = byID.removeValue(forKey: id) else { return nil }
        ordered.removeAll { $0 === entry }
        if let key = Self.indexKey(entry.mapping.request) {
            index[key]?.removeAll { $0 === entry }
            if index[key]?.isEmpty == true { index[key] = nil }
        } else if let operation = entry.mapping.request.exactOperationId {
            byOperation[operation]?.removeAll { $0 === entry }
            if byOperation[operation]?.isEmpty == true { byOperation[operation] = nil }
        } else {
            unindexed.removeAll { $0 === entry }
        }
        return entry.mapping
    }

    /// Removes every stub.
    mutating func removeAll() { self = StubRegistry() }

    /// The stubs that could match the request, in matching order. Most requests hit one
    /// bucket, which is then walked as it is, without merging or allocating.
    func candidates(for request: RecordedRequest) -> CandidateSequence {
        var lists: [[Entry]] = []
        var only: [Entry]?
        func consider(_ list: [Entry]?) {
            guard let list, !list.isEmpty else { return }
            if only == nil && lists.isEmpty {
                only = list
            } else {
                if let first = only {
                    lists.append(first)
                    only = nil
                }
                lists.append(list)
            }
        }
        consider(unindexed)
        if let operation = request.operationId { consider(byOperation[operation]) }
        let url = request.url
        for method in [request.method, HTTPMethod.any] {
            consider(index[IndexKey(method: method, includesQuery: false, value: request.path)])
            consider(index[IndexKey(method: method, includesQuery: true, value: url)])
        }
        if let only { return CandidateSequence(single: only) }
        return CandidateSequence(merging: lists)
    }

    /// All stubs in matching order, as entries.
    var entries: [Entry] { ordered }

    private static func indexKey(_ pattern: RequestPattern) -> IndexKey? {
        switch pattern.url.kind {
        case .url(let value): IndexKey(method: pattern.method, includesQuery: true, value: value)
        case .urlPath(let value): IndexKey(method: pattern.method, includesQuery: false, value: value)
        default: nil
        }
    }

    /// Inserts keeping the list in matching order (binary search for the position).
    private static func insert(_ entry: Entry, into list: inout [Entry]) {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].precedes(entry) { low = middle + 1 } else { high = middle }
        }
        list.insert(entry, at: low)
    }
}

/// The candidate stubs of one request in matching order: one list walked as it is, or
/// several lists (each in matching order) merged on the fly.
struct CandidateSequence: Sequence, IteratorProtocol {
    private var lists: [[StubRegistry.Entry]]
    private var positions: [Int]
    private var single: [StubRegistry.Entry]
    private var singlePosition = 0

    init(single: [StubRegistry.Entry]) {
        self.single = single
        self.lists = []
        self.positions = []
    }

    init(merging lists: [[StubRegistry.Entry]]) {
        self.single = []
        self.lists = lists
        self.positions = Array(repeating: 0, count: lists.count)
    }

    mutating func next() -> StubRegistry.Entry? {
        if singlePosition < single.count {
            defer { singlePosition += 1 }
            return single[singlePosition]
        }
        var best: Int?
        for list in lists.indices where positions[list] < lists[list].count {
            if let current = best {
                if lists[list][positions[list]].precedes(lists[current][positions[current]]) { best = list }
            } else {
                best = list
            }
        }
        guard let best else { return nil }
        defer { positions[best] += 1 }
        return lists[best][positions[best]]
    }
}
