import UnderstudyJSON

/// The rules of one value in a Pact file: matchers combined with `AND` or `OR`.
struct PactRule: Sendable, Hashable {
    var matchers: [JSONValue]
    var combine: String = "AND"

    /// `{"combine": "AND", "matchers": [...]}`.
    var json: JSONValue { ["combine": .string(combine), "matchers": .array(matchers)] }

    static func regex(_ expression: String) -> JSONValue { ["match": "regex", "regex": .string(expression)] }
    static let type: JSONValue = ["match": "type"]
    static let equality: JSONValue = ["match": "equality"]
    static let number: JSONValue = ["match": "number"]
    static let boolean: JSONValue = ["match": "boolean"]
    static func include(_ value: String) -> JSONValue { ["match": "include", "value": .string(value)] }
}

/// A request's or a response's `matchingRules`: the path's rule, and the rules of query
/// parameters and headers by name and of body values by Pact's JSON path (`$.items[0].id`),
/// each in the order it was added.
struct PactMatchingRules: Sendable, Hashable {
    var path: PactRule?
    private(set) var query: [Keyed] = []
    private(set) var header: [Keyed] = []
    private(set) var body: [Keyed] = []

    struct Keyed: Sendable, Hashable {
        var key: String
        var rule: PactRule
    }

    enum Category: Sendable {
        case query
        case header
        case body
    }

    var isEmpty: Bool { path == nil && query.isEmpty && header.isEmpty && body.isEmpty }

    /// The rule of `key` in `category`, if any.
    func rule(_ category: Category, _ key: String) -> PactRule? {
        list(category).first { $0.key == key }?.rule
    }

    /// Sets the rule of `key` in `category`; a rule already there gets the new matchers too
    /// (combined with `AND`).
    mutating func add(_ category: Category, _ key: String, _ rule: PactRule) {
        var entries = list(category)
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].rule.matchers += rule.matchers
        } else {
            entries.append(Keyed(key: key, rule: rule))
        }
        switch category {
        case .query: query = entries
        case .header: header = entries
        case .body: body = entries
        }
    }

    private func list(_ category: Category) -> [Keyed] {
        switch category {
        case .query: query
        case .header: header
        case .body: body
        }
    }

    /// Adds the rules of a `matchingRules` object as v3 and v4 write it (a stub loaded from a
    /// contract keeps its response's rules, so that writing the contract again keeps them).
    mutating func merge(_ json: JSONValue) {
        guard let object = json.objectValue else { return }
        func rule(_ value: JSONValue) -> PactRule? {
            guard let matchers = value["matchers"]?.arrayValue else { return nil }
            return PactRule(matchers: matchers, combine: value["combine"]?.stringValue ?? "AND")
        }
        if let value = object["path"], let path = rule(value) { self.path = path }
        for (name, category) in [("query", Category.query), ("header", .header), ("body", .body)] {
            for member in object[name]?.objectValue ?? [:] {
                if let rule = rule(member.value) { add(category, member.key, rule) }
            }
        }
    }

    /// The `matchingRules` object; `nil` when there is no rule.
    var json: JSONValue? {
        guard !isEmpty else { return nil }
        var object = JSONObject()
        if let path { object["path"] = path.json }
        for (name, entries) in [("query", query), ("header", header), ("body", body)] where !entries.isEmpty {
            var rules = JSONObject()
            for entry in entries { rules[entry.key] = entry.rule.json }
            object[name] = .object(rules)
        }
        return .object(object)
    }
}
