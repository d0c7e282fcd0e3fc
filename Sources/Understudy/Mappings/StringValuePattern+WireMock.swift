import Foundation
import UnderstudySupport
public import UnderstudyJSON

extension StringValuePattern {
    /// The pattern as WireMock JSON, for example `{"equalTo": "a", "caseInsensitive": true}`:
    /// the one operator the pattern has, with its modifiers.
    public var wireMockJSON: JSONValue {
        var object = JSONObject()
        switch kind {
        case let .equalTo(value, caseInsensitive):
            object["equalTo"] = .string(value)
            if caseInsensitive { object["caseInsensitive"] = true }
        case .binaryEqualTo(let data): object["binaryEqualTo"] = .string(data.base64EncodedString())
        case .contains(let value): object["contains"] = .string(value)
        case .doesNotContain(let value): object["doesNotContain"] = .string(value)
        case .matches(let regex): object["matches"] = .string(regex.source)
        case .doesNotMatch(let regex): object["doesNotMatch"] = .string(regex.source)
        case .absent: object["absent"] = true
        case .anything: object["anything"] = "anything"
        case .and(let patterns): object["and"] = .array(patterns.map(\.wireMockJSON))
        case .or(let patterns): object["or"] = .array(patterns.map(\.wireMockJSON))
        case .not(let pattern): object["not"] = pattern.wireMockJSON
        case .dateTime(let pattern): object = pattern.jsonMembers
        case .number(let pattern): object[pattern.comparison.rawValue] = .number(JSONNumber(pattern.expected))
        case .equalToJson(let pattern):
            object["equalToJson"] = pattern.expectedWasString ? .string(pattern.expected.jsonText()) : pattern.expected
            if pattern.ignoreArrayOrder { object["ignoreArrayOrder"] = true }
            if pattern.ignoreExtraElements { object["ignoreExtraElements"] = true }
        case let .matchesJsonPath(path, nested):
            if let nested, case .object(var nestedObject) = nested.wireMockJSON {
                nestedObject = JSONObject([JSONObject.Member(key: "expression", value: .string(path.expression))] + nestedObject.members)
                object["matchesJsonPath"] = .object(nestedObject)
            } else {
                object["matchesJsonPath"] = .string(path.expression)
            }
        case .matchesPathTemplate(let template): object["matchesPathTemplate"] = .string(template.template)
        case .equalToXml, .matchesXPath: object = xmlWireMockMembers ?? object
        case .matchesJsonSchema: object = jsonSchemaWireMockMembers ?? object
        case let .invalid(op, operand, _):
            object[op] = .string(operand)
        }
        return .object(object)
    }

    /// Decodes a WireMock pattern object as `StringValuePatternJsonDeserializer` does: the
    /// operator key that comes first in the text is the pattern; later operator keys are
    /// ignored entirely (not matched, not validated) and get a warning; modifiers apply
    /// wherever they sit; other keys are ignored with a warning (a likely typo names the key
    /// meant). In a body pattern (`content`, WireMock's `ContentPatternDeserialiser`),
    /// `binaryEqualTo` wins wherever it sits. `besides` are keys that belong to an enclosing
    /// object (the `expression` of `matchesJsonPath`).
    package init(wireMock reader: JSONReader, content: Bool = false, besides: Set<String> = []) throws {
        let members = try reader.members().filter { !besides.contains($0.key) }
        let chosenKey = (content ? members.first { $0.key == "binaryEqualTo" } : nil)
            ?? members.first { WireMockPatternOperator.isOperator($0.key) }
        guard let (key, operand) = chosenKey, let op = WireMockPatternOperator.byKey[key] else {
            throw Self.missingOperator(reader, members.map(\.key))
        }
        for (other, member) in members where other != key && !op.modifiers.contains(other) {
            member.warn(Self.ignoredKeyMessage(other, chosen: key, content: content && key == "binaryEqualTo"))
        }
        self = try op.decode(operand, reader)
    }

    /// The error for a pattern object without an operator key.
    private static func missingOperator(_ reader: JSONReader, _ keys: [String]) -> MappingDecodingError {
        let modifiers = WireMockPatternOperator.modifierKeys
        guard let blamed = keys.first(where: { !modifiers.contains($0) }) else {
            return reader.error(keys.isEmpty
                ? "empty pattern; give one operator such as {\"equalTo\": \"value\"}"
                : "a pattern needs an operator such as \"equalTo\" besides \(keys.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let known = WireMockPatternOperator.operatorKeys
        return reader.error(at: blamed, "unknown operator \"\(blamed)\"\(LevenshteinDistance.suggestion(for: blamed, among: known)); known operators: \(known.joined(separator: ", "))")
    }

    /// Why a key of a pattern object other than its operator is ignored.
    private static func ignoredKeyMessage(_ key: String, chosen: String, content: Bool) -> String {
        if WireMockPatternOperator.isOperator(key) {
            if content {
                return "\"\(key)\" is ignored: a body pattern with \"binaryEqualTo\" uses it wherever it sits (WireMock's ContentPatternDeserialiser); keep one operator, or combine them with \"and\": [...]"
            }
            return "\"\(key)\" is ignored: a pattern uses only its first operator, here \"\(chosen)\" (WireMock's StringValuePatternJsonDeserializer); keep one, or combine them with \"and\": [...]"
        }
        if WireMockPatternOperator.modifierKeys.contains(key) {
            return "\"\(key)\" is ignored: \"\(chosen)\" does not read it"
        }
        let known = WireMockPatternOperator.operatorKeys + WireMockPatternOperator.modifierKeys
        return "unknown key \"\(key)\" is ignored\(LevenshteinDistance.suggestion(for: key, among: known))"
    }
}

extension MultiValuePattern {
    /// The pattern as WireMock JSON.
    public var wireMockJSON: JSONValue {
        switch kind {
        case .single(let pattern): pattern.wireMockJSON
        case .hasExactly(let patterns): ["hasExactly": .array(patterns.map(\.wireMockJSON))]
        case .includes(let patterns): ["includes": .array(patterns.map(\.wireMockJSON))]
        }
    }

    /// Decodes a single pattern or a `hasExactly` / `includes` list.
    init(wireMock reader: JSONReader) throws {
        for op in ["hasExactly", "includes"] {
            guard let list = reader.member(op) else { continue }
            try reader.rejectUnknownKeys([op], in: "a \(op) pattern")
            var patterns: [StringValuePattern] = []
            for element in try list.elements() { patterns.append(try StringValuePattern(wireMock: element)) }
            self = op == "hasExactly" ? .hasExactly(patterns) : .includes(patterns)
            return
        }
        self = .single(try StringValuePattern(wireMock: reader))
    }
}

extension [NamedPattern] {
    /// `{"Accept": {...}, "X-Id": {...}}`
    var wireMockJSON: JSONValue {
        .object(JSONObject(map { JSONObject.Member(key: $0.name, value: $0.pattern.wireMockJSON) }))
    }

    /// Decodes a name → pattern object.
    init(wireMock reader: JSONReader) throws {
        var result: [NamedPattern] = []
        for (name, member) in try reader.members() {
            result.append(NamedPattern(name: name, pattern: try MultiValuePattern(wireMock: member)))
        }
        self = result
    }
}
