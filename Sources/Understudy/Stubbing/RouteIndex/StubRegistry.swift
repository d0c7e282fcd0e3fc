package import Foundation
import UnderstudySupport
import UnderstudyClient

/// The stubs of one mock, ordered the way WireMock picks them: priority 1 first, and among
/// equal priorities the newest first.
///
/// The stubs are also indexed, so that a request is only tried against the stubs that could
/// match it, still in that order (the index never decides a match, it only narrows):
/// - an exact `url` or `urlPath`: by method and URL, so thousands cost about as much as one;
/// - with no such URL, an exact OpenAPI operation (`.operation("getPetById")`): by operation;
/// - a `urlPathTemplate`: by method, in a ``PathTemplateTrie`` over its literal segments;
/// - a `urlPattern` or `urlPathPattern` whose expression starts with literal text: by method,
///   in ``RegexPrefixBuckets`` by that text.
/// The rest (any URL, expressions such as `.*/items`) are tried for every request. A request
/// whose path is not ASCII is tried against every stub, as before there was an index.
///
/// The stubs are filed once more for near-miss ranking, by what bounds their distance
/// (``NearMissIndex``).
package struct StubRegistry: Sendable {
    /// A stub with its insertion sequence number. A class so that index buckets share it.
    package final class Entry: Sendable {
        package let mapping: StubMapping
        let sequence: Int
        /// Whether the stub's response lists the `response-template` transformer, worked out
        /// once here so that serving a static stub does not copy its response to find out.
        let listsTemplating: Bool
        /// The answer of a static stub, planned once.
        let staticAnswer: StaticAnswer?
        /// What near-miss ranking can tell about the stub without grading it.
        let nearMissBound: NearMissBound
        /// The stub's effective priority, kept so that ordering entries copies no mapping.
        let priority: Int
        /// The webhooks the stub sends after answering (``StubMapping/webhooks``), worked out
        /// once: serving asks for them on every request.
        let webhooks: [WebhookDefinition]
        /// What finding the stub in the index proves about a request's URL.
        let indexProof: IndexProof
        /// The closure of a dynamic stub, so that serving tells static from dynamic stubs
        /// without copying the response.
        let dynamicResponder: DynamicResponder?
        /// The stub's namespace and the scenario state it needs, read by every match without
        /// copying the stub.
        let namespace: String?
        let requiredScenario: (name: String, state: String)?
        /// Whether the stub's request pattern constrains only its method and URL
        /// (``RequestPattern/constrainsOnlyMethodAndURL``).
        let constrainsOnlyMethodAndURL: Bool

        package convenience init(mapping: StubMapping, sequence: Int) {
            self.init(PreparedStub(mapping), sequence: sequence)
        }

        init(_ stub: PreparedStub, sequence: Int) {
            mapping = stub.mapping
            self.sequence = sequence
            listsTemplating = stub.listsTemplating
            staticAnswer = stub.staticAnswer
            nearMissBound = stub.nearMissBound
            priority = stub.mapping.effectivePriority
            webhooks = stub.mapping.webhooks
            indexProof = IndexProof(stub.mapping.request, route: StubRegistry.route(of: stub.mapping.request))
            if case .dynamic(let responder) = stub.mapping.response { dynamicResponder = responder } else { dynamicResponder = nil }
            namespace = stub.mapping.namespace
            constrainsOnlyMethodAndURL = stub.mapping.request.constrainsOnlyMethodAndURL
            if let name = stub.mapping.scenarioName, let state = stub.mapping.requiredScenarioState {
                requiredScenario = (name, state)
            } else {
                requiredScenario = nil
            }
        }

        /// Whether the stub's pattern matches the request, given what the route index proved
        /// about its URL: ``RequestPattern/matches(_:given:)`` with the shortcut decided once
        /// for the stub, not per request.
        func matches(_ request: RecordedRequest, given proof: IndexProof) -> Bool {
            constrainsOnlyMethodAndURL ? mapping.request.matchesMethodAndURL(request, given: proof)
                : mapping.request.matchesFieldByField(request, given: proof)
        }

        /// Sorts before `other` when it should be tried first.
        func precedes(_ other: Entry) -> Bool {
            priority != other.priority ? priority < other.priority : sequence > other.sequence
        }
    }

    /// What an ``Entry`` works out about its stub, worked out before the stub is added, so
    /// that many stubs can be prepared on several threads and added in order.
    package struct PreparedStub: Sendable {
        package let mapping: StubMapping
        let listsTemplating: Bool
        let staticAnswer: StaticAnswer?
        let nearMissBound: NearMissBound

        package init(_ mapping: StubMapping) {
            self.mapping = mapping
            if case .definition(let response) = mapping.response {
                listsTemplating = response.transformers.contains(ResponseTemplater.transformerName)
            } else {
                listsTemplating = false
            }
            staticAnswer = StaticAnswer(mapping, listsTemplating: listsTemplating)
            nearMissBound = NearMissBound(mapping.request)
        }

        /// The stubs prepared, in order; a long list (a root of a thousand mapping files) on
        /// every core, in contiguous slices.
        static func prepare(_ mappings: [StubMapping]) -> [PreparedStub] {
            let slices = min(mappings.count / 64, ProcessInfo.processInfo.activeProcessorCount * 4)
            guard slices > 1 else { return mappings.map(PreparedStub.init) }
            let prepared = Locked([[PreparedStub]](repeating: [], count: slices))
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                let range = mappings.count * slice / slices..<mappings.count * (slice + 1) / slices
                let stubs = mappings[range].map(PreparedStub.init)
                prepared.withLock { $0[slice] = stubs }
            }
            return prepared.withLock { $0.flatMap { $0 } }
        }
    }

    struct IndexKey: Hashable {
        var method: HTTPMethod
        var includesQuery: Bool
        var value: String

        /// Only the URL is hashed: the keys of one URL (its methods, with and without the
        /// query) are few, and equality tells them apart; hashing the method's string too cost
        /// a request a second string hash per lookup.
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    /// Where the index keeps a stub.
    enum Route {
        case exact(IndexKey)
        case operation(String)
        case template(HTTPMethod, segments: [String?])
        case regexPrefix(HTTPMethod, String)
        case scanned
    }

    /// The template and regex stubs of one method.
    fileprivate struct PatternRoutes: Sendable {
        var templates = PathTemplateTrie()
        var regexPrefixes = RegexPrefixBuckets()
        var isEmpty: Bool { templates.isEmpty && regexPrefixes.isEmpty }
    }

    /// Everything the registry holds.
    fileprivate struct Fields: Sendable {
        var byID: [UUID: Entry] = [:]
        var ordered: [Entry] = []
        var index: [IndexKey: [Entry]] = [:]
        /// How many exact stubs give a whole `url` (path and query): requests only build their
        /// URL to look it up when there are some.
        var urlKeyCount = 0
        /// How many exact stubs accept any method: requests only look up `ANY` when there are some.
        var anyMethodKeyCount = 0
        var byOperation: [String: [Entry]] = [:]
        /// Template and regex stubs by method: a short list, searched without hashing the method.
        var patternRoutes: [(method: HTTPMethod, routes: PatternRoutes)] = []
        var unindexed: [Entry] = []
        var nextSequence = 0
        /// The stubs filed for near-miss ranking.
        var nearMissIndex = NearMissIndex()
        /// How many stubs each namespace holds (global stubs are not counted).
        var namespaceCounts: [String: Int] = [:]
        /// How many stubs belong to some namespace.
        var namespacedCount = 0
    }

    /// The fields in one immutable box, so that a copy of the registry (each request's
    /// snapshot) retains one object rather than each of its tables: with several event loops,
    /// every retain of a shared table is a cache line passed between cores.
    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The box of an empty registry, shared (it never changes).
    private static let empty = Storage(Fields())

    private var storage = StubRegistry.empty

    /// Changes the fields. The box is emptied first, so that when this registry held the only
    /// reference, the tables are uniquely referenced again and change in place.
    private mutating func change<Result>(_ body: (inout Fields) -> Result) -> Result {
        var fields = storage.fields
        storage = Self.empty
        defer { storage = Storage(fields) }
        return body(&fields)
    }

    private var byID: [UUID: Entry] { storage.fields.byID }
    private var ordered: [Entry] { storage.fields.ordered }

    /// The stubs filed for near-miss ranking.
    var nearMissIndex: NearMissIndex { storage.fields.nearMissIndex }

    /// An empty registry.
    package init() {}

    /// A registry of `mappings`, each added in turn (a later one with an earlier one's id
    /// replaces it in its place).
    package init(_ mappings: [StubMapping]) {
        for stub in PreparedStub.prepare(mappings) { add(stub) }
    }

    /// Whether some stub belongs to a scenario (only then do scenario states decide a match).
    package var usesScenarios: Bool { ordered.contains { $0.mapping.scenarioName != nil } }

    /// All stubs in matching order.
    package var mappings: [StubMapping] { ordered.map(\.mapping) }

    /// The number of stubs.
    package var count: Int { ordered.count }

    /// The number of stubs a request naming `namespace` (or none) sees: the global ones and
    /// those of its namespace.
    func visibleCount(namespace: String?) -> Int {
        storage.fields.ordered.count - storage.fields.namespacedCount
            + (namespace.map { storage.fields.namespaceCounts[$0, default: 0] } ?? 0)
    }

    /// The namespaces that hold stubs, sorted.
    package var namespaces: [String] { storage.fields.namespaceCounts.keys.sorted() }

    /// The stub with the id.
    package func mapping(id: UUID) -> StubMapping? { byID[id]?.mapping }

    /// The entry of the stub with the id, as matching hands it to ``MockStateStore/commit(_:namespace:journaling:)``.
    package func entry(id: UUID) -> Entry? { byID[id] }

    /// The insertion sequence number of the stub with the id.
    func sequence(of id: UUID) -> Int? { byID[id]?.sequence }

    /// Adds a stub, replacing any stub with the same id (which keeps its place among equals).
    mutating func add(_ mapping: StubMapping) { add(PreparedStub(mapping)) }

    /// Adds a prepared stub, replacing any stub with the same id (which keeps its place among equals).
    mutating func add(_ stub: PreparedStub) {
        change { $0.add(stub) }
    }

    /// Removes the stub with the id; returns it when there was one.
    @discardableResult
    mutating func remove(id: UUID) -> StubMapping? {
        change { $0.remove(id: id) }
    }

    /// Removes every stub.
    mutating func removeAll() { self = StubRegistry() }

    /// The stubs that could match the request, in matching order. Most requests hit one
    /// bucket, which is then walked as it is, without merging or allocating.
    func candidates(for request: RecordedRequest) -> CandidateSequence {
        var found = CandidateLists()
        found.consider(storage.fields.unindexed)
        if let operation = request.operationId { found.consider(storage.fields.byOperation[operation]) }
        let path = request.path
        if !storage.fields.patternRoutes.isEmpty, !path.utf8.isASCII {
            return CandidateSequence(single: storage.fields.ordered, fromIndex: false)
        }
        let fields = storage.fields
        let url = fields.urlKeyCount > 0 ? request.url : path
        var method = request.method
        while true {
            if !fields.index.isEmpty, method != .any || fields.anyMethodKeyCount > 0 {
                found.consider(fields.index[IndexKey(method: method, includesQuery: false, value: path)])
                if fields.urlKeyCount > 0 { found.consider(fields.index[IndexKey(method: method, includesQuery: true, value: url)]) }
            }
            // By index, not `for (method, routes) in`: that copies each method's tables (a
            // retain and a release each) before the method is even compared.
            for position in fields.patternRoutes.indices where fields.patternRoutes[position].method == method {
                fields.patternRoutes[position].routes.templates.forEachCandidateList(ofASCIIPath: path) { found.consider($0) }
                fields.patternRoutes[position].routes.regexPrefixes.forEachCandidateList(ofASCIIPath: path) { found.consider($0) }
            }
            guard method != .any else { break }
            method = .any
        }
        return found.sequence
    }

    /// The candidate lists of one request as they are found: one list is walked as it is,
    /// several are merged. (A struct rather than a nested function over local variables, which
    /// would box them and check each access at run time.)
    private struct CandidateLists {
        private var lists: [[Entry]] = []
        private var only: [Entry]?

        mutating func consider(_ list: [Entry]?) {
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

        var sequence: CandidateSequence {
            if let only { return CandidateSequence(single: only, fromIndex: true) }
            return CandidateSequence(merging: lists)
        }
    }

    /// All stubs in matching order, as entries.
    var entries: [Entry] { ordered }

    static func route(of pattern: RequestPattern) -> Route {
        switch pattern.url.kind {
        case .url(let value): return .exact(IndexKey(method: pattern.method, includesQuery: true, value: value))
        case .urlPath(let value): return .exact(IndexKey(method: pattern.method, includesQuery: false, value: value))
        default: break
        }
        if let operation = pattern.exactOperationId { return .operation(operation) }
        switch pattern.url.kind {
        case .urlPathTemplate(let template):
            return .template(pattern.method, segments: template.segmentLiterals)
        case .urlPattern(let regex), .urlPathPattern(let regex):
            // Cut before a `?`, so that the text starts the path whenever it starts the URL.
            let prefix = regex.literalPrefix.prefix { $0 != "?" }
            return prefix.isEmpty ? .scanned : .regexPrefix(pattern.method, String(prefix))
        default:
            return .scanned
        }
    }
}

/// Adding and removing, on the registry's fields.
extension StubRegistry.Fields {
    mutating func add(_ stub: StubRegistry.PreparedStub) {
        let mapping = stub.mapping
        let sequence: Int
        if let existing = byID[mapping.id] {
            sequence = existing.sequence
            remove(id: mapping.id)
        } else {
            sequence = nextSequence
            nextSequence += 1
        }
        let entry = StubRegistry.Entry(stub, sequence: sequence)
        byID[mapping.id] = entry
        if let namespace = mapping.namespace {
            namespaceCounts[namespace, default: 0] += 1
            namespacedCount += 1
        }
        ordered.insertInMatchingOrder(entry)
        nearMissIndex.insert(entry)
        switch StubRegistry.route(of: mapping.request) {
        case .exact(let key):
            index[key, default: []].insertInMatchingOrder(entry)
            if key.includesQuery { urlKeyCount += 1 }
            if key.method == .any { anyMethodKeyCount += 1 }
        case .operation(let operation): byOperation[operation, default: []].insertInMatchingOrder(entry)
        case let .template(method, segments): changeRoutes(of: method) { $0.templates.insert(entry, segments: segments) }
        case let .regexPrefix(method, prefix): changeRoutes(of: method) { $0.regexPrefixes.insert(entry, prefix: prefix) }
        case .scanned: unindexed.insertInMatchingOrder(entry)
        }
    }

    @discardableResult
    mutating func remove(id: UUID) -> StubMapping? {
        guard let entry = byID.removeValue(forKey: id) else { return nil }
        ordered.removeAll { $0 === entry }
        if let namespace = entry.mapping.namespace {
            namespaceCounts[namespace, default: 1] -= 1
            if namespaceCounts[namespace] == 0 { namespaceCounts[namespace] = nil }
            namespacedCount -= 1
        }
        nearMissIndex.remove(entry)
        switch StubRegistry.route(of: entry.mapping.request) {
        case .exact(let key):
            index[key]?.removeAll { $0 === entry }
            if index[key]?.isEmpty == true { index[key] = nil }
            if key.includesQuery { urlKeyCount -= 1 }
            if key.method == .any { anyMethodKeyCount -= 1 }
        case .operation(let operation):
            byOperation[operation]?.removeAll { $0 === entry }
            if byOperation[operation]?.isEmpty == true { byOperation[operation] = nil }
        case let .template(method, segments):
            changeRoutes(of: method) { $0.templates.remove(entry, segments: segments) }
        case let .regexPrefix(method, prefix):
            changeRoutes(of: method) { $0.regexPrefixes.remove(entry, prefix: prefix) }
        case .scanned:
            unindexed.removeAll { $0 === entry }
        }
        return entry.mapping
    }

    /// Changes the template and regex routes of a method, keeping only methods that have some.
    mutating func changeRoutes(of method: HTTPMethod, _ change: (inout StubRegistry.PatternRoutes) -> Void) {
        if let index = patternRoutes.firstIndex(where: { $0.method == method }) {
            change(&patternRoutes[index].routes)
            if patternRoutes[index].routes.isEmpty { patternRoutes.remove(at: index) }
        } else {
            var routes = StubRegistry.PatternRoutes()
            change(&routes)
            if !routes.isEmpty { patternRoutes.append((method, routes)) }
        }
    }
}

extension [StubRegistry.Entry] {
    /// Inserts keeping the list in matching order (binary search for the position).
    mutating func insertInMatchingOrder(_ entry: StubRegistry.Entry) {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].precedes(entry) { low = middle + 1 } else { high = middle }
        }
        insert(entry, at: low)
    }
}

/// The candidate stubs of one request in matching order: one list walked as it is, or
/// several lists (each in matching order) merged on the fly.
struct CandidateSequence: Sequence, IteratorProtocol {
    private var lists: [[StubRegistry.Entry]]
    private var positions: [Int]
    private var single: [StubRegistry.Entry]
    private var singlePosition = 0
    /// Whether the stubs were found in the index by this request's method and URL (not every
    /// stub, for a path the index cannot walk): then what a stub's
    /// ``StubRegistry/Entry/indexProof`` says of the URL holds.
    let fromIndex: Bool

    init(single: [StubRegistry.Entry], fromIndex: Bool) {
        self.single = single
        self.lists = []
        self.positions = []
        self.fromIndex = fromIndex
    }

    init(merging lists: [[StubRegistry.Entry]]) {
        self.single = []
        self.lists = lists
        self.positions = Array(repeating: 0, count: lists.count)
        fromIndex = true
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
