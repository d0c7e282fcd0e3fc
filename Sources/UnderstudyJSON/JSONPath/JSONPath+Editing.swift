/// Editing a document at the places a path selects: what WireMock's `jsonRemove` and
/// `jsonArrayAdd` helpers do through Jayway's `DocumentContext`.
extension JSONPath {
    /// Why a path cannot delete from a document.
    package enum DeletionFailure: Error, Equatable {
        /// `$` (or a path ending in a function such as `.length()`) selects no member or element.
        case notAMemberOrElement
    }

    /// The document without the members and elements the path selects, as Jayway's
    /// `DocumentContext.delete` removes them (WireMock's `jsonRemove` helper), or `nil` when the
    /// path selects nothing. Array elements are removed from the highest index down, as
    /// Jayway's `PathRef` ordering does, so that removing one does not shift the next.
    package func deleting(from root: JSONValue) throws(DeletionFailure) -> JSONValue? {
        guard query.trailingFunction == nil, !query.segments.isEmpty else { throw .notAMemberOrElement }
        let evaluator = JSONPathEvaluator(root: root)
        let found = evaluator.locations(of: query)
        guard !found.isEmpty else { return nil }
        // Descending order: a later index (or a deeper path) is removed before an earlier one.
        let ordered = found.sorted { JSONPathLocation.precedes($1, $0) }
        var document = root
        for location in ordered { document = Self.removing(location[...], from: document) }
        return document
    }

    /// The document with the node a definite path selects replaced by `transform` of it, or
    /// `nil` when the path selects nothing (Jayway reads such a node by reference and edits it
    /// in place, as WireMock's `jsonArrayAdd` with `jsonPath=` does).
    package func updating(_ root: JSONValue, _ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONValue? {
        guard query.trailingFunction == nil, isDefinite else { return nil }
        guard let location = JSONPathEvaluator(root: root).locations(of: query).first else { return nil }
        return try Self.replacing(location[...], in: root, transform)
    }

    private static func replacing(
        _ location: ArraySlice<JSONPathLocation>, in value: JSONValue, _ transform: (JSONValue) throws -> JSONValue
    ) rethrows -> JSONValue {
        guard let step = location.first else { return try transform(value) }
        switch (step, value) {
        case (.member(let key), .object(var object)):
            guard let child = object[key] else { return value }
            object[key] = try replacing(location.dropFirst(), in: child, transform)
            return .object(object)
        case (.element(let index), .array(var items)):
            guard items.indices.contains(index) else { return value }
            items[index] = try replacing(location.dropFirst(), in: items[index], transform)
            return .array(items)
        default:
            return value
        }
    }

    private static func removing(_ location: ArraySlice<JSONPathLocation>, from value: JSONValue) -> JSONValue {
        guard let step = location.first else { return value }
        let rest = location.dropFirst()
        switch (step, value) {
        case (.member(let key), .object(var object)):
            guard let child = object[key] else { return value }
            // JSONValue is ExpressibleByNilLiteral: `nil` must be the Optional's, to remove the member.
            if rest.isEmpty { object[key] = JSONValue?.none } else { object[key] = removing(rest, from: child) }
            return .object(object)
        case (.element(let index), .array(var items)):
            guard items.indices.contains(index) else { return value }
            if rest.isEmpty { items.remove(at: index) } else { items[index] = removing(rest, from: items[index]) }
            return .array(items)
        default:
            return value
        }
    }
}

/// One step from a node to its child: a member name or an array index.
enum JSONPathLocation: Hashable {
    case member(String)
    case element(Int)

    /// Orders locations step by step; indexes by value, names by text, a prefix first.
    static func precedes(_ lhs: [JSONPathLocation], _ rhs: [JSONPathLocation]) -> Bool {
        for (left, right) in zip(lhs, rhs) where left != right {
            switch (left, right) {
            case let (.element(a), .element(b)): return a < b
            case let (.member(a), .member(b)): return a < b
            case (.member, .element): return true
            case (.element, .member): return false
            }
        }
        return lhs.count < rhs.count
    }
}

extension JSONPathEvaluator {
    /// Where the nodes `query` selects sit in the document, as steps from the root; a node
    /// selected twice is listed once.
    func locations(of query: JSONPathQuery) -> [[JSONPathLocation]] {
        var nodes: [(value: JSONValue, location: [JSONPathLocation])] = [(root, [])]
        for segment in query.segments {
            var next: [(value: JSONValue, location: [JSONPathLocation])] = []
            for node in nodes {
                if segment.isDescendant {
                    var pending = [node]
                    while let current = pending.popLast() {
                        for selector in segment.selectors { select(selector, in: current, isDescendant: true, into: &next) }
                        pending.append(contentsOf: Self.children(of: current).reversed())
                    }
                } else {
                    for selector in segment.selectors { select(selector, in: node, isDescendant: false, into: &next) }
                }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        var seen = Set<[JSONPathLocation]>()
        return nodes.map(\.location).filter { seen.insert($0).inserted }
    }

    private static func children(of node: (value: JSONValue, location: [JSONPathLocation])) -> [(value: JSONValue, location: [JSONPathLocation])] {
        switch node.value {
        case .object(let object): object.members.map { ($0.value, node.location + [.member($0.key)]) }
        case .array(let items): items.enumerated().map { ($1, node.location + [.element($0)]) }
        case .null, .bool, .number, .string: []
        }
    }

    /// The located twin of the evaluator's `select`: the same selections, with their places.
    private func select(
        _ selector: JSONPathSelector, in node: (value: JSONValue, location: [JSONPathLocation]), isDescendant: Bool,
        into result: inout [(value: JSONValue, location: [JSONPathLocation])]
    ) {
        switch (selector, node.value) {
        case let (.name(name), .object(object)):
            if let value = object[name] { result.append((value, node.location + [.member(name)])) }
        case (.wildcard, .object), (.wildcard, .array):
            result.append(contentsOf: Self.children(of: node))
        case let (.index(index), .array(items)):
            let resolved = index < 0 ? items.count + index : index
            if items.indices.contains(resolved) { result.append((items[resolved], node.location + [.element(resolved)])) }
        case let (.slice(slice), .array(items)):
            for index in slice.indices(count: items.count) { result.append((items[index], node.location + [.element(index)])) }
        case let (.filter(filter, isJaywayForm), .object(object)):
            if isJaywayForm, !isDescendant {
                if holds(filter, current: node.value) { result.append(node) }
            } else {
                for member in object.members where holds(filter, current: member.value) {
                    result.append((member.value, node.location + [.member(member.key)]))
                }
            }
        case let (.filter(filter, _), .array(items)):
            for (index, item) in items.enumerated() where holds(filter, current: item) {
                result.append((item, node.location + [.element(index)]))
            }
        default:
            break
        }
    }
}
