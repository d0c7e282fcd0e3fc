import Foundation
import Understudy
import UnderstudyJSON

/// Reads a Pact file (v2, v3 or v4) as WireMock mappings, one per HTTP interaction, as
/// MockServer's importer does: a consumer's contract becomes a mock for the next team.
///
/// - The request's method, path, query and headers become `equalTo` patterns, except where a
///   matching rule says otherwise: `regex` becomes `matches` (Pact's regex searches, so an
///   expression not anchored is widened with `.*`), `include` `contains`, `type` `anything`.
///   A path rule's regex becomes `urlPathPattern`.
/// - A JSON body becomes `equalToJson`: a value under a `type` (or `number`, `integer`,
///   `decimal`, `boolean`) rule becomes a JsonUnit placeholder, under a `regex` rule
///   `${json-unit.regex}`, and a `type` rule on an object or array allows extra elements.
///   Another body becomes `equalTo` (text) or `binaryEqualTo` (bytes).
/// - The response is the contract's example; its rules (what a provider may vary) are kept in
///   the stub's `metadata.pact.responseMatchingRules`, and a contract written again from the
///   stub's traffic carries them.
/// - A provider state with `scenario` and `state` parameters (as Understudy writes them), or
///   named `<scenario> is in state <state>`, becomes the stub's scenario state; other states
///   are noted and ignored.
/// - Messages and other non-HTTP interactions are skipped with a warning.
enum PactImporter {
    /// The mappings and the warnings of one Pact document.
    static func mappings(from data: Data, file: String?) throws(PactImportError) -> (mappings: [JSONValue], warnings: [String]) {
        let name = file ?? "the Pact file"
        let document: JSONValue
        do {
            document = try JSONValue(parsing: data)
        } catch {
            throw PactImportError("\(name) is not JSON: \(error)")
        }
        guard let interactions = document["interactions"]?.arrayValue else {
            throw PactImportError("\(name) is not a Pact contract: it has no \"interactions\" (a message pact's \"messages\" are not HTTP)")
        }
        let version = document["metadata"]?["pactSpecification"]?["version"]?.stringValue
            ?? document["metadata"]?["pact-specification"]?["version"]?.stringValue ?? "2.0.0"
        let consumer = document["consumer"]?["name"]?.stringValue
        let provider = document["provider"]?["name"]?.stringValue
        var mappings: [JSONValue] = []
        var warnings: [String] = []
        for (index, interaction) in interactions.enumerated() {
            let description = interaction["description"]?.stringValue ?? "interaction \(index + 1)"
            let type = interaction["type"]?.stringValue ?? "Synchronous/HTTP"
            guard type == "Synchronous/HTTP", let request = interaction["request"], let response = interaction["response"] else {
                warnings.append("\(name): \"\(description)\" is \(type), not an HTTP request and response; skipped")
                continue
            }
            var reader = InteractionReader(description: description, version: version)
            var mapping: JSONObject = ["name": .string(description)]
            mapping["request"] = .object(reader.request(request))
            mapping["response"] = .object(reader.response(response))
            reader.providerStates(interaction, into: &mapping)
            var metadata: JSONObject = ["interaction": .string(description)]
            if let consumer { metadata["consumer"] = .string(consumer) }
            if let provider { metadata["provider"] = .string(provider) }
            // Kept so that the contract written again from this stub's traffic keeps them.
            if let rules = response["matchingRules"], rules != .null { metadata["responseMatchingRules"] = rules }
            mapping["metadata"] = ["pact": .object(metadata)]
            mappings.append(.object(mapping))
            warnings += reader.warnings.map { "\(name): \"\(description)\": \($0)" }
        }
        return (mappings, warnings)
    }
}

/// Reads one interaction.
private struct InteractionReader {
    let description: String
    let version: String
    var warnings: [String] = []

    init(description: String, version: String) {
        self.description = description
        self.version = version
    }

    var isV4: Bool { version.hasPrefix("4") }

    // MARK: Request

    mutating func request(_ request: JSONValue) -> JSONObject {
        let rules = Rules(request["matchingRules"])
        var pattern: JSONObject = ["method": .string((request["method"]?.stringValue ?? "GET").uppercased())]
        let path = request["path"]?.stringValue ?? "/"
        if let rule = rules.path, let regex = rule.first?["regex"]?.stringValue, rule.count == 1 {
            pattern["urlPathPattern"] = .string(PactRegex.wholeValue(regex))
        } else {
            pattern["urlPath"] = .string(path)
            if rules.path != nil { warnings.append("the path's rule is not one regex; the path must be \(path)") }
        }
        let query = Self.values(request["query"], splittingText: true)
        if !query.isEmpty { pattern["queryParameters"] = .object(named(query, rules: rules.query, field: "query")) }
        let headers = Self.values(request["headers"], splittingText: false)
        if !headers.isEmpty { pattern["headers"] = .object(named(headers, rules: rules.header, field: "header")) }
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.values.first
        if let body = bodyPattern(request["body"], contentType: contentType, rules: rules.body) {
            pattern["bodyPatterns"] = [body]
        }
        return pattern
    }

    /// Names and values: `{"a": ["1", "2"]}`, `{"a": "1"}`, or (v2) a query string `a=1&a=2`.
    static func values(_ value: JSONValue?, splittingText: Bool) -> [(name: String, values: [String])] {
        var result: [(name: String, values: [String])] = []
        if case .string(let text)? = value, splittingText {
            for pair in text.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                let name = parts[0], item = parts.count > 1 ? parts[1] : ""
                if let index = result.firstIndex(where: { $0.name == name }) { result[index].values.append(item) } else { result.append((name, [item])) }
            }
            return result
        }
        for member in value?.objectValue ?? [:] {
            switch member.value {
            case .array(let items): result.append((member.key, items.map { $0.stringValue ?? $0.jsonText() }))
            case .string(let text): result.append((member.key, [text]))
            default: result.append((member.key, [member.value.jsonText()]))
            }
        }
        return result
    }

    /// The patterns of query parameters or headers.
    private mutating func named(_ entries: [(name: String, values: [String])], rules: [String: [JSONValue]], field: String) -> JSONObject {
        var object = JSONObject()
        for entry in entries {
            let rule = rules.first { field == "header" ? $0.key.lowercased() == entry.name.lowercased() : $0.key == entry.name }?.value
            if let rule, let pattern = valuePattern(rule, field: "\(field) \(entry.name)") {
                object[entry.name] = pattern
            } else if entry.values.count == 1 || field == "header" {
                object[entry.name] = ["equalTo": .string(entry.values.joined(separator: ", "))]
            } else {
                object[entry.name] = ["hasExactly": .array(entry.values.map { ["equalTo": .string($0)] })]
            }
        }
        return object
    }

    /// A WireMock pattern for a value under `matchers`; `nil` (the example then) when none fits.
    private mutating func valuePattern(_ matchers: [JSONValue], field: String, combine: String = "AND") -> JSONValue? {
        var patterns: [JSONValue] = []
        for matcher in matchers {
            switch matcher["match"]?.stringValue ?? (matcher["regex"] != nil ? "regex" : "type") {
            case "regex":
                if let regex = matcher["regex"]?.stringValue { patterns.append(["matches": .string(PactRegex.wholeValue(regex))]) }
            case "include":
                if let value = matcher["value"]?.stringValue { patterns.append(["contains": .string(value)]) }
            case "type", "notEmpty":
                patterns.append(["matches": ".+"])
            case "number", "decimal":
                patterns.append(["matches": "-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?"])
            case "integer":
                patterns.append(["matches": "-?[0-9]+"])
            case "boolean":
                patterns.append(["matches": "true|false"])
            case "equality":
                break
            default:
                warnings.append("\(field): Understudy has no pattern like Pact's \(matcher.jsonText()); the example's value is required")
            }
        }
        switch patterns.count {
        case 0: return nil
        case 1: return patterns[0]
        default: return [combine == "OR" ? "or" : "and": .array(patterns)]
        }
    }

    // MARK: Body

    /// The body's content and content type, as v4 (`{"content": …}`) or v2/v3 (bare) write it.
    static func content(_ body: JSONValue?, contentType: String?, isV4: Bool) -> (json: JSONValue?, text: String?, bytes: Data?)? {
        guard let body, body != .null else { return nil }
        if isV4, let object = body.objectValue, object["content"] != nil || object["encoded"] != nil {
            let content = object["content"] ?? .null
            let encoded = object["encoded"]?.stringValue?.lowercased()
            let type = (object["contentType"]?.stringValue ?? contentType ?? "").lowercased()
            if encoded == "base64", let text = content.stringValue, let data = Data(base64Encoded: text) {
                if type.contains("json"), let json = try? JSONValue(parsing: data) { return (json, nil, nil) }
                if let text = String(data: data, encoding: .utf8), !type.contains("octet") && !type.hasPrefix("image/") { return (nil, text, nil) }
                return (nil, nil, data)
            }
            if encoded == "json", let text = content.stringValue, let json = try? JSONValue(parsing: text) { return (json, nil, nil) }
            if case .string(let text) = content, !type.contains("json") { return (nil, text, nil) }
            return (content, nil, nil)
        }
        if case .string(let text) = body {
            if (contentType ?? "").lowercased().contains("json"), let json = try? JSONValue(parsing: text), json.objectValue != nil || json.arrayValue != nil {
                return (json, nil, nil)
            }
            return (nil, text, nil)
        }
        return (body, nil, nil)
    }

    private mutating func bodyPattern(_ body: JSONValue?, contentType: String?, rules: [String: [JSONValue]]) -> JSONValue? {
        guard let content = Self.content(body, contentType: contentType, isV4: isV4) else { return nil }
        if let text = content.text { return ["equalTo": .string(text)] }
        if let bytes = content.bytes { return ["binaryEqualTo": .string(bytes.base64EncodedString())] }
        guard let json = content.json else { return nil }
        let parsedRules = rules.compactMap { rule in PactRulePath(rule.key).map { ($0, rule.value) } }
        var ignoreExtraElements = false
        let expected = placeholders(json, at: [], rules: parsedRules, ignoreExtraElements: &ignoreExtraElements)
        var pattern: JSONObject = ["equalToJson": expected]
        if ignoreExtraElements { pattern["ignoreExtraElements"] = true }
        return .object(pattern)
    }

    /// The rule that applies to the value at `path`: the heaviest whose path leads there.
    private static func rule(at path: [PactRulePath.Segment], in rules: [(PactRulePath, [JSONValue])]) -> [JSONValue]? {
        var best: (weight: Int, matchers: [JSONValue])?
        for (rulePath, matchers) in rules {
            let weight = rulePath.weight(for: path)
            if weight > 0, weight > (best?.weight ?? 0) { best = (weight, matchers) }
        }
        return best?.matchers
    }

    /// `value` with JsonUnit placeholders where a rule lets the value vary.
    private mutating func placeholders(_ value: JSONValue, at path: [PactRulePath.Segment], rules: [(PactRulePath, [JSONValue])],
                                       ignoreExtraElements: inout Bool) -> JSONValue {
        let matchers = Self.rule(at: path, in: rules) ?? []
        let kinds = matchers.map { $0["match"]?.stringValue ?? ($0["regex"] != nil ? "regex" : "type") }
        switch value {
        case .object(let object):
            if kinds.contains("type") || kinds.contains("values") { ignoreExtraElements = true }
            var result = JSONObject()
            for member in object {
                result[member.key] = placeholders(member.value, at: path + [.key(member.key)], rules: rules, ignoreExtraElements: &ignoreExtraElements)
            }
            return .object(result)
        case .array(let elements):
            if kinds.contains("type") { ignoreExtraElements = true }
            return .array(elements.enumerated().map { index, element in
                placeholders(element, at: path + [.index(index)], rules: rules, ignoreExtraElements: &ignoreExtraElements)
            })
        default:
            guard let kind = kinds.first else { return value }
            switch kind {
            case "regex":
                if let regex = matchers.first?["regex"]?.stringValue { return .string("${json-unit.regex}" + PactRegex.wholeValue(regex)) }
                return value
            case "number", "integer", "decimal": return "${json-unit.any-number}"
            case "boolean": return "${json-unit.any-boolean}"
            case "type", "notEmpty":
                switch value {
                case .string: return "${json-unit.any-string}"
                case .number: return "${json-unit.any-number}"
                case .bool: return "${json-unit.any-boolean}"
                default: return value
                }
            case "equality": return value
            default:
                warnings.append("body \(path): Understudy has no pattern like Pact's \(matchers.first?.jsonText() ?? kind); it accepts any value there")
                return "${json-unit.ignore}"
            }
        }
    }

    // MARK: Response

    mutating func response(_ response: JSONValue) -> JSONObject {
        var object: JSONObject = ["status": .number(JSONNumber(response["status"]?.intValue ?? 200))]
        let headers = Self.values(response["headers"], splittingText: false)
        if !headers.isEmpty {
            var fields = JSONObject()
            for entry in headers { fields[entry.name] = .string(entry.values.joined(separator: ", ")) }
            object["headers"] = .object(fields)
        }
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.values.first
        if let content = Self.content(response["body"], contentType: contentType, isV4: isV4) {
            if let json = content.json {
                object["jsonBody"] = json
            } else if let text = content.text {
                object["body"] = .string(text)
            } else if let bytes = content.bytes {
                object["base64Body"] = .string(bytes.base64EncodedString())
            }
        }
        return object
    }

    // MARK: Provider states

    mutating func providerStates(_ interaction: JSONValue, into mapping: inout JSONObject) {
        var states = interaction["providerStates"]?.arrayValue ?? []
        if let single = interaction["providerState"]?.stringValue ?? interaction["provider_state"]?.stringValue { states.append(["name": .string(single)]) }
        for state in states {
            let name = state["name"]?.stringValue ?? ""
            if let scenario = state["params"]?["scenario"]?.stringValue, let value = state["params"]?["state"]?.stringValue {
                mapping["scenarioName"] = .string(scenario)
                mapping["requiredScenarioState"] = .string(value)
            } else if let range = name.range(of: " is in state ") {
                mapping["scenarioName"] = .string(String(name[..<range.lowerBound]))
                mapping["requiredScenarioState"] = .string(String(name[range.upperBound...]))
            } else {
                warnings.append("provider state \"\(name)\" is not a scenario state; the stub answers in any state")
            }
        }
    }
}

/// A request's matching rules by category, as v3 and v4 (`{"header": {"A": {"matchers": […]}}}`)
/// and v2 (`{"$.headers.A": {"match": …}}`) write them.
private struct Rules {
    var path: [JSONValue]?
    var query: [String: [JSONValue]] = [:]
    var header: [String: [JSONValue]] = [:]
    var body: [String: [JSONValue]] = [:]

    init(_ value: JSONValue?) {
        guard let object = value?.objectValue else { return }
        func matchers(_ rule: JSONValue) -> [JSONValue] { rule["matchers"]?.arrayValue ?? [rule] }
        for member in object {
            switch member.key {
            case "path": path = matchers(member.value)
            case "query": for rule in member.value.objectValue ?? [:] { query[rule.key] = matchers(rule.value) }
            case "header", "headers": for rule in member.value.objectValue ?? [:] { header[rule.key] = matchers(rule.value) }
            case "body": for rule in member.value.objectValue ?? [:] { body[rule.key] = matchers(rule.value) }
            default:
                // v2: `$.path`, `$.query.name`, `$.headers.Name`, `$.body.x`.
                let key = member.key
                if key == "$.path" {
                    path = [member.value]
                } else if key.hasPrefix("$.query.") {
                    query[String(key.dropFirst("$.query.".count))] = [member.value]
                } else if key.hasPrefix("$.headers.") {
                    header[String(key.dropFirst("$.headers.".count))] = [member.value]
                } else if key.hasPrefix("$.body") {
                    body["$" + key.dropFirst("$.body".count)] = [member.value]
                }
            }
        }
    }
}
