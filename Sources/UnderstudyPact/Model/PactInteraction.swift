import UnderstudyJSON
import UnderstudySupport

/// One HTTP interaction of a contract: what the consumer sent, what the provider is to answer,
/// the provider states it needs, and its notes.
struct PactInteraction: Sendable {
    var description: String
    var providerStates: [PactProviderState] = []
    var request: PactRequest
    var response: PactResponse
    /// Free-form notes (v4's `comments.text`): the patterns the interaction could not carry.
    var notes: [String] = []

    /// A key stable across runs (v4's `key`): the FNV-1a hash of the description and states.
    var key: String {
        let text = ([description] + providerStates.map(\.name)).joined(separator: "\u{0}")
        return String(text.fnv1a(), radix: 16)
    }

    /// The interaction as an element of a Pact file's `interactions`.
    func json(_ specification: PactSpecification) -> JSONValue {
        var object = JSONObject()
        if specification.isV4 {
            object["type"] = "Synchronous/HTTP"
            object["key"] = .string(key)
        }
        object["description"] = .string(description)
        if !providerStates.isEmpty { object["providerStates"] = .array(providerStates.map(\.json)) }
        object["request"] = request.json(specification)
        object["response"] = response.json(specification)
        if specification.isV4 {
            object["pending"] = false
            if !notes.isEmpty { object["comments"] = ["text": .array(notes.map(JSONValue.string))] }
        }
        return .object(object)
    }
}

/// A provider state: what the provider must hold before the interaction is replayed.
struct PactProviderState: Sendable, Hashable {
    var name: String
    var params: JSONObject = [:]

    var json: JSONValue {
        var object: JSONObject = ["name": .string(name)]
        if !params.isEmpty { object["params"] = .object(params) }
        return .object(object)
    }
}

/// Names with their values in first-seen order, names compared ignoring case (headers) or
/// exactly (query parameters).
struct PactValues: Sendable, Hashable {
    private(set) var entries: [(name: String, values: [String])] = []
    let ignoresCase: Bool

    init(ignoresCase: Bool) { self.ignoresCase = ignoresCase }

    var isEmpty: Bool { entries.isEmpty }

    mutating func add(_ name: String, _ value: String) {
        if let index = entries.firstIndex(where: { same($0.name, name) }) {
            entries[index].values.append(value)
        } else {
            entries.append((name, [value]))
        }
    }

    func values(_ name: String) -> [String] { entries.first { same($0.name, name) }?.values ?? [] }

    private func same(_ a: String, _ b: String) -> Bool { ignoresCase ? a.lowercased() == b.lowercased() : a == b }

    /// `{"name": ["value", …]}`, or with `joined`, `{"name": "value, …"}` (v3's headers).
    func json(joined: Bool = false) -> JSONValue {
        var object = JSONObject()
        for entry in entries {
            object[entry.name] = joined ? .string(entry.values.joined(separator: ", ")) : .array(entry.values.map(JSONValue.string))
        }
        return .object(object)
    }

    static func == (lhs: PactValues, rhs: PactValues) -> Bool {
        lhs.ignoresCase == rhs.ignoresCase && lhs.entries.elementsEqual(rhs.entries) { $0.name == $1.name && $0.values == $1.values }
    }

    func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.name)
            hasher.combine(entry.values)
        }
    }
}

/// The request part of an interaction.
struct PactRequest: Sendable {
    var method: String
    var path: String
    var query = PactValues(ignoresCase: false)
    var headers = PactValues(ignoresCase: true)
    var body: PactBody?
    var rules = PactMatchingRules()

    func json(_ specification: PactSpecification) -> JSONValue {
        var object: JSONObject = ["method": .string(method), "path": .string(path)]
        if !query.isEmpty { object["query"] = query.json() }
        if !headers.isEmpty { object["headers"] = headers.json(joined: !specification.isV4) }
        if let body { object["body"] = specification.isV4 ? body.v4JSON : body.v3JSON }
        if let rules = rules.json { object["matchingRules"] = rules }
        return .object(object)
    }
}

/// The response part of an interaction.
struct PactResponse: Sendable {
    var status: Int
    var headers = PactValues(ignoresCase: true)
    var body: PactBody?
    var rules = PactMatchingRules()

    func json(_ specification: PactSpecification) -> JSONValue {
        var object: JSONObject = ["status": .number(JSONNumber(status))]
        if !headers.isEmpty { object["headers"] = headers.json(joined: !specification.isV4) }
        if let body { object["body"] = specification.isV4 ? body.v4JSON : body.v3JSON }
        if let rules = rules.json { object["matchingRules"] = rules }
        return .object(object)
    }
}
