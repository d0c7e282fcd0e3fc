import Foundation

extension StringValuePattern {
    /// The operators WireMock's JSON uses for string values.
    static let wireMockOperators = [
        "equalTo", "binaryEqualTo", "contains", "doesNotContain", "matches", "doesNotMatch", "absent",
        "and", "or", "not", "before", "after", "equalToDateTime", "equalToJson", "matchesJsonPath",
        "equalToXml", "matchesXPath", "matchesJsonSchema",
    ]

    /// Operators WireMock has that Understudy does not support yet, with the reason.
    private static let unsupportedOperators: [String: String] = [:]

    /// The pattern as WireMock JSON, for example `{"equalTo": "a", "caseInsensitive": true}`.
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
        case .and(let patterns): object["and"] = .array(patterns.map(\.wireMockJSON))
        case .or(let patterns): object["or"] = .array(patterns.map(\.wireMockJSON))
        case .not(let pattern): object["not"] = pattern.wireMockJSON
        case .dateTime(let pattern): object = pattern.jsonMembers
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
        case let .invalid(op, operand, _):
            object[op] = .string(operand)
        case .equalToXml, .matchesXPath: object = xmlWireMockMembers ?? object
        case .matchesJsonSchema: object = jsonSchemaWireMockMembers ?? object
        }
        return .object(object)
    }

    /// Decodes a WireMock string-value pattern object.
    init(wireMock reader: JSONReader) throws {
        let object = try reader.object()
        let operators = try reader.members().filter { Self.wireMockOperators.contains($0.key) || Self.unsupportedOperators[$0.key] != nil }
        guard operators.count == 1, let (op, operand) = operators.first else {
            if operators.count > 1 {
                throw reader.error("a pattern has exactly one operator, found \(operators.map { "\"\($0.key)\"" }.joined(separator: " and ")); combine them with \"and\": [...]")
            }
            let unknown = object.keys.first ?? ""
            throw reader.error(at: unknown, object.isEmpty
                ? "empty pattern; give one operator such as {\"equalTo\": \"value\"}"
                : "unknown operator \"\(unknown)\"\(JSONReader.suggestion(for: unknown, among: Self.wireMockOperators)); known operators: \(Self.wireMockOperators.joined(separator: ", "))")
        }
        if let reason = Self.unsupportedOperators[op] {
            throw operand.error("\"\(op)\" is not supported: \(reason)")
        }
        switch op {
        case "equalToXml": self = try Self.decodeEqualToXml(reader)
        case "matchesXPath": self = try Self.decodeMatchesXPath(reader)
        case "matchesJsonSchema": self = try Self.decodeMatchesJsonSchema(reader)
        case "equalTo":
            try reader.rejectUnknownKeys(["equalTo", "caseInsensitive"], in: "an equalTo pattern")
            self = .equalTo(try operand.string(), caseInsensitive: try reader.optionalBool("caseInsensitive") ?? false)
        case "binaryEqualTo":
            try reader.rejectUnknownKeys([op], in: "a binaryEqualTo pattern")
            guard let data = Data(base64Encoded: try operand.string()) else {
                throw operand.error("binaryEqualTo takes base64 text; this is not valid base64")
            }
            self = .binaryEqualTo(data)
        case "contains", "doesNotContain", "matches", "doesNotMatch":
            try reader.rejectUnknownKeys([op], in: "a \(op) pattern")
            let text = try operand.string()
            switch op {
            case "contains": self = .contains(text)
            case "doesNotContain": self = .doesNotContain(text)
            case "matches": self = .matches(text)
            default: self = .doesNotMatch(text)
            }
            if let problem = problems.first { throw operand.error(problem) }
        case "absent":
            try reader.rejectUnknownKeys([op], in: "an absent pattern")
            guard try operand.bool() else {
                throw operand.error("\"absent\": false is meaningless; remove the pattern or use {\"absent\": true}")
            }
            self = .absent
        case "and", "or":
            try reader.rejectUnknownKeys([op], in: "an \(op) pattern")
            var patterns: [StringValuePattern] = []
            for element in try operand.elements() { patterns.append(try StringValuePattern(wireMock: element)) }
            guard !patterns.isEmpty else { throw operand.error("\"\(op)\" needs at least one pattern") }
            self = op == "and" ? .and(patterns) : .or(patterns)
        case "not":
            try reader.rejectUnknownKeys([op], in: "a not pattern")
            self = .not(try StringValuePattern(wireMock: operand))
        case "before", "after", "equalToDateTime":
            do {
                self = .dateTime(try DateTimePattern(jsonObject: object))
            } catch {
                throw operand.error(error.description)
            }
        case "equalToJson":
            try reader.rejectUnknownKeys(["equalToJson", "ignoreArrayOrder", "ignoreExtraElements", "enablePlaceholders"], in: "an equalToJson pattern")
            let expected: JSONValue
            var wasString = false
            if case .string(let text) = operand.value {
                do {
                    expected = try JSONParser.parse(text)
                } catch {
                    throw operand.error("equalToJson holds a string that is not valid JSON (\(error)); write the JSON inline or fix the string")
                }
                wasString = true
            } else {
                expected = operand.value
            }
            self = StringValuePattern(.equalToJson(EqualToJsonPattern(
                expected: expected,
                ignoreArrayOrder: try reader.optionalBool("ignoreArrayOrder") ?? false,
                ignoreExtraElements: try reader.optionalBool("ignoreExtraElements") ?? false,
                expectedWasString: wasString)))
        default: // matchesJsonPath
            try reader.rejectUnknownKeys([op], in: "a matchesJsonPath pattern")
            if case .string(let expression) = operand.value {
                self = .matchesJsonPath(expression)
            } else {
                let expression = try operand.requiredString("expression")
                var nestedObject = try operand.object()
                nestedObject["expression"] = nil
                let nested = try StringValuePattern(wireMock: JSONReader(.object(nestedObject), path: operand.path, source: operand.source))
                self = .matchesJsonPath(expression, nested)
            }
            if let problem = problems.first { throw operand.error(problem) }
        }
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
