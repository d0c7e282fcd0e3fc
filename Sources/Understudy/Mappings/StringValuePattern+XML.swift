import UnderstudyJSON
import UnderstudySupport
import UnderstudyXML

/// WireMock JSON for the XML operators, `equalToXml` and `matchesXPath`
/// (`StringValuePatternJsonDeserializer`, `XPathPatternJsonSerializer` in WireMock 3.13).
extension WireMockPatternOperator {
    /// `{"equalToXml": "<a/>", "enablePlaceholders": true, ...}` (WireMock's `EqualToXmlPattern`).
    static let equalToXml = WireMockPatternOperator("equalToXml", modifiers: [
        "enablePlaceholders", "placeholderOpeningDelimiterRegex", "placeholderClosingDelimiterRegex",
        "exemptedComparisons", "ignoreOrderOfSameNode", "namespaceAwareness",
    ]) { _, pattern in try StringValuePattern.decodeEqualToXml(pattern) }

    /// `{"matchesXPath": "/a"}` or `{"matchesXPath": {"expression": "/a", <pattern>}}`, with
    /// `xPathNamespaces` (WireMock's `MatchesXPathPattern`).
    static let matchesXPath = WireMockPatternOperator("matchesXPath", modifiers: ["xPathNamespaces"]) { _, pattern in
        try StringValuePattern.decodeMatchesXPath(pattern)
    }
}

extension StringValuePattern {
    /// Decodes `{"equalToXml": "<a/>", "enablePlaceholders": true, ...}`.
    static func decodeEqualToXml(_ reader: JSONReader) throws -> StringValuePattern {
        let expected = try reader.requiredString("equalToXml")
        var exempted: Set<EqualToXmlPattern.ComparisonType>?
        if let list = reader.member("exemptedComparisons"), list.value != .null {
            var types = Set<EqualToXmlPattern.ComparisonType>()
            for element in try list.elements() {
                let name = try element.string()
                guard let type = EqualToXmlPattern.ComparisonType(rawValue: name) else {
                    let known = EqualToXmlPattern.ComparisonType.allCases.map(\.rawValue)
                    throw element.error("unknown comparison type \"\(name)\"\(LevenshteinDistance.suggestion(for: name, among: known)); "
                        + "XMLUnit's types are \(known.joined(separator: ", "))")
                }
                types.insert(type)
            }
            exempted = types
        }
        var awareness: EqualToXmlPattern.NamespaceAwareness?
        if let member = reader.member("namespaceAwareness"), member.value != .null {
            let name = try member.string()
            guard let value = EqualToXmlPattern.NamespaceAwareness(rawValue: name) else {
                throw member.error("namespaceAwareness is one of STRICT, LEGACY, NONE, not \"\(name)\"")
            }
            awareness = value
        }
        do {
            return try .equalToXml(
                expected,
                enablePlaceholders: try reader.optionalBool("enablePlaceholders"),
                placeholderOpeningDelimiterRegex: try reader.optionalString("placeholderOpeningDelimiterRegex"),
                placeholderClosingDelimiterRegex: try reader.optionalString("placeholderClosingDelimiterRegex"),
                exemptedComparisons: exempted,
                ignoreOrderOfSameNode: try reader.optionalBool("ignoreOrderOfSameNode"),
                namespaceAwareness: awareness)
        } catch let error as EqualToXmlPatternError {
            throw (reader.member("equalToXml") ?? reader).error(error.message)
        }
    }

    /// Decodes `{"matchesXPath": "/a"}`, `{"matchesXPath": {"expression": "/a", "equalTo": "x"}}`,
    /// with `xPathNamespaces` beside the operator (or inside the nested object, where WireMock
    /// also finds it).
    static func decodeMatchesXPath(_ reader: JSONReader) throws -> StringValuePattern {
        guard let operand = reader.member("matchesXPath") else { throw reader.error("matchesXPath is missing") }
        var namespacesReader = reader.member("xPathNamespaces")
        let expression: String
        var nested: StringValuePattern?
        if case .string(let text) = operand.value {
            expression = text
        } else {
            expression = try operand.requiredString("expression")
            if namespacesReader == nil, let inner = operand.member("xPathNamespaces") { namespacesReader = inner }
            nested = try StringValuePattern(wireMock: operand, besides: ["expression", "xPathNamespaces"])
        }
        var namespaces: [String: String]?
        if let namespacesReader, namespacesReader.value != .null {
            var map: [String: String] = [:]
            for (prefix, uri) in try namespacesReader.members() { map[prefix] = try uri.string() }
            namespaces = map
        }
        let pattern = StringValuePattern.matchesXPath(expression, nested, namespaces: namespaces)
        if let problem = pattern.problems.first { throw operand.error(problem) }
        for warning in RequestPattern.xPathWarnings(pattern) { operand.warn(warning) }
        return pattern
    }

    /// The members of an `equalToXml` or `matchesXPath` pattern object; `nil` for other operators.
    var xmlWireMockMembers: JSONObject? {
        switch kind {
        case .equalToXml(let pattern):
            var object = JSONObject()
            object["equalToXml"] = .string(pattern.expected)
            if let flag = pattern.enablePlaceholders { object["enablePlaceholders"] = .bool(flag) }
            if let regex = pattern.placeholderOpeningDelimiterRegex { object["placeholderOpeningDelimiterRegex"] = .string(regex) }
            if let regex = pattern.placeholderClosingDelimiterRegex { object["placeholderClosingDelimiterRegex"] = .string(regex) }
            if let types = pattern.exemptedComparisons { object["exemptedComparisons"] = .array(types.map(\.rawValue).sorted().map(JSONValue.string)) }
            if let flag = pattern.ignoreOrderOfSameNode { object["ignoreOrderOfSameNode"] = .bool(flag) }
            if let awareness = pattern.namespaceAwareness { object["namespaceAwareness"] = .string(awareness.rawValue) }
            return object
        case let .matchesXPath(expression, nested):
            var object = JSONObject()
            if let nested, case .object(let nestedObject) = nested.wireMockJSON {
                object["matchesXPath"] = .object(JSONObject([JSONObject.Member(key: "expression", value: .string(expression.source))] + nestedObject.members))
            } else {
                object["matchesXPath"] = .string(expression.source)
            }
            if let namespaces = expression.namespaces {
                object["xPathNamespaces"] = .object(JSONObject(namespaces.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: .string($0.value)) }))
            }
            return object
        default:
            return nil
        }
    }
}
