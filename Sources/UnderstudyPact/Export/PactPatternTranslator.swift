import Foundation
import UnderstudyJSON

/// Turns a stub's request pattern, as WireMock JSON, into a Pact request's matching rules,
/// noting each pattern that Pact has no rule for (a ``PactGap``).
///
/// - `equalTo` needs no rule: the contract's example is the request as sent, and Pact compares
///   by equality unless a rule says otherwise (ignoring case becomes a `(?i)` regex).
/// - `matches` becomes `regex` (anchored: Pact's regex searches, WireMock's matches the whole
///   value); `contains` becomes `include`; `anything` becomes `type`; `and` and `or` combine.
/// - `urlPathPattern` is the path's regex, `urlPathTemplate` a regex with one segment per
///   variable (narrowed by its `pathParameters`), and any URL the regex `.*`.
/// - An `equalToJson` body with `ignoreExtraElements` becomes `type` rules on its objects and
///   arrays (extra members allowed) and `equality` on its values; JsonUnit placeholders become
///   `type`, `number`, `boolean` or `regex`.
/// - An `absent` query parameter needs no rule (Pact refuses query parameters its example lacks).
struct PactPatternTranslator {
    let interaction: String
    private(set) var gaps: [PactGap] = []
    private(set) var rules = PactMatchingRules()

    init(interaction: String) { self.interaction = interaction }

    /// What one string-value pattern is in Pact.
    enum Translation {
        /// The example says it: no rule.
        case example
        case rule(PactRule)
        case gap(String)
    }

    /// Reads `pattern` (a mapping's `request` object), given whether the request it answered
    /// had a query string.
    mutating func translate(_ pattern: JSONObject, requestHadQuery: Bool) {
        urlRule(pattern, requestHadQuery: requestHadQuery)
        if let method = pattern["method"], method.objectValue != nil {
            gap("method", method, "the contract holds the method as sent; Pact has no rule for a set of methods")
        }
        named(pattern["queryParameters"], category: .query, field: "query")
        named(pattern["headers"], category: .header, field: "header")
        if let cookies = pattern["cookies"]?.objectValue {
            for member in cookies {
                gap("cookie \(member.key)", member.value, "Pact has no cookie rules; the Cookie header as sent is the example")
            }
        }
        for element in pattern["bodyPatterns"]?.arrayValue ?? [] { body(element) }
        let other: [(String, String)] = [
            ("formParameters", "Pact has no rules for form fields; the body as sent is the example"),
            ("multipartPatterns", "Pact has no rules for multipart parts; the body as sent is the example"),
            ("host", "a Pact request has no host: the verifier sends it to the provider it is given"),
            ("port", "a Pact request has no port: the verifier sends it to the provider it is given"),
            ("scheme", "a Pact request has no scheme: the verifier sends it to the provider it is given"),
            ("clientIp", "a Pact request has no client address"),
            ("customMatcher", "Pact cannot run Understudy's custom matchers"),
            ("operationId", "an OpenAPI operation is Understudy's own, known in process only"),
        ]
        for (key, reason) in other {
            if let value = pattern[key] { gap(key, value, reason) }
        }
    }

    // MARK: URL

    private mutating func urlRule(_ pattern: JSONObject, requestHadQuery: Bool) {
        if let regex = pattern["urlPathPattern"]?.stringValue {
            rules.path = PactRule(matchers: [PactRule.regex(PactRegex.anchored(regex))])
        } else if let regex = pattern["urlPattern"]?.stringValue {
            if requestHadQuery {
                gap("url", .string(regex), "urlPattern covers the query string, and Pact's path rule sees the path only; the path and query as sent are the example")
            } else {
                rules.path = PactRule(matchers: [PactRule.regex(PactRegex.anchored(regex))])
            }
        } else if let template = pattern["urlPathTemplate"]?.stringValue {
            var variables: [String: String] = [:]
            for member in pattern["pathParameters"]?.objectValue ?? [:] {
                switch translation(member.value, field: "path parameter \(member.key)") {
                case .example:
                    if let value = member.value["equalTo"]?.stringValue { variables[member.key] = PactRegex.escaped(value) }
                case .rule(let rule):
                    if rule.matchers.count == 1, let regex = rule.matchers[0]["regex"]?.stringValue {
                        variables[member.key] = String(regex.dropFirst().dropLast())
                    } else {
                        gap("path parameter \(member.key)", member.value, "Pact's path rule is one regular expression; this parameter is matched as any one segment")
                    }
                case .gap(let reason):
                    gap("path parameter \(member.key)", member.value, reason)
                }
            }
            rules.path = PactRule(matchers: [PactRule.regex(PactRegex.template(template, variables: variables))])
        } else if pattern["url"] == nil && pattern["urlPath"] == nil {
            rules.path = PactRule(matchers: [PactRule.regex(".*")])
        }
    }

    // MARK: Named values

    private mutating func named(_ patterns: JSONValue?, category: PactMatchingRules.Category, field: String) {
        for member in patterns?.objectValue ?? [:] {
            let name = "\(field) \(member.key)"
            if category == .query, member.value["absent"] != nil { continue }
            switch translation(member.value, field: name) {
            case .example: break
            case .rule(let rule): rules.add(category, member.key, rule)
            case .gap(let reason): gap(name, member.value, reason)
            }
        }
    }

    /// The Pact rule of one WireMock string-value (or multi-value) pattern.
    func translation(_ pattern: JSONValue, field: String) -> Translation {
        guard let object = pattern.objectValue else { return .gap("not a WireMock pattern") }
        if let value = object["equalTo"] {
            guard object["caseInsensitive"]?.boolValue == true else { return .example }
            guard let text = value.stringValue else { return .example }
            return .rule(PactRule(matchers: [PactRule.regex("(?i)^\(PactRegex.escaped(text))$")]))
        }
        if let regex = object["matches"]?.stringValue { return .rule(PactRule(matchers: [PactRule.regex(PactRegex.anchored(regex))])) }
        if let text = object["contains"]?.stringValue { return .rule(PactRule(matchers: [PactRule.include(text)])) }
        if object["anything"] != nil { return .rule(PactRule(matchers: [PactRule.type])) }
        if let template = object["matchesPathTemplate"]?.stringValue {
            return .rule(PactRule(matchers: [PactRule.regex(PactRegex.template(template))]))
        }
        if object["absent"] != nil {
            return .gap("Pact cannot require a header to be missing (a provider's verifier never sends one the contract lacks)")
        }
        if let parts = object["and"]?.arrayValue ?? object["or"]?.arrayValue {
            let combine = object["and"] != nil ? "AND" : "OR"
            var matchers: [JSONValue] = []
            for part in parts {
                switch translation(part, field: field) {
                case .example:
                    guard let text = part["equalTo"]?.stringValue else { return .gap("part of \(combine.lowercased()) has no Pact rule") }
                    matchers.append(PactRule.regex("^\(PactRegex.escaped(text))$"))
                case .rule(let rule):
                    guard rule.combine == "AND" || rule.matchers.count == 1 else { return .gap("nested and/or has no Pact rule") }
                    if combine == "OR" && rule.matchers.count > 1 { return .gap("an or of ands has no Pact rule") }
                    matchers += rule.matchers
                case .gap(let reason):
                    return .gap("part of \(combine.lowercased()): \(reason)")
                }
            }
            return .rule(PactRule(matchers: matchers, combine: combine))
        }
        if let parts = object["hasExactly"]?.arrayValue {
            if parts.allSatisfy({ if case .example = translation($0, field: field) { true } else { false } }) { return .example }
            return .gap("Pact applies one rule to every value; hasExactly with patterns other than equalTo has no Pact rule")
        }
        if object["includes"] != nil {
            return .gap("Pact applies one rule to every value, and cannot ask for some values among others")
        }
        for key in ["doesNotMatch", "doesNotContain", "not"] where object[key] != nil {
            return .gap("Pact has no negative rules")
        }
        for key in ["before", "after", "equalToDateTime"] where object[key] != nil {
            return .gap("Pact's date-time rules check a format, not a point in time")
        }
        for key in ["equalToNumber", "greaterThanNumber", "greaterThanOrEqualToNumber", "lessThanNumber", "lessThanOrEqualToNumber"]
        where object[key] != nil {
            return .gap("Pact has no numeric comparisons")
        }
        let name = object.keys.first ?? "?"
        return .gap("Pact has no rule like \(name)")
    }

    // MARK: Body

    private mutating func body(_ pattern: JSONValue) {
        guard let object = pattern.objectValue else { return }
        if let expected = object["equalToJson"] {
            let document = expected.stringValue.flatMap { try? JSONValue(parsing: $0) } ?? expected
            if object["ignoreArrayOrder"]?.boolValue == true {
                gap("body", pattern, "Pact compares arrays in order (v4's arrayContains needs every variant spelled out); ignoreArrayOrder is not carried")
            }
            jsonRules(document, at: "$", ignoringExtraElements: object["ignoreExtraElements"]?.boolValue == true)
            return
        }
        if object["equalTo"] != nil {
            if object["caseInsensitive"]?.boolValue == true { gap("body", pattern, "Pact compares a text body exactly") }
            return
        }
        if object["binaryEqualTo"] != nil { return }
        if object["equalToXml"] != nil {
            if object["enablePlaceholders"]?.boolValue == true {
                gap("body", pattern, "Pact has no XMLUnit placeholders; the XML body as sent is the example")
            }
            return
        }
        let reason = switch object.keys.first ?? "" {
        case "matchesJsonPath": "Pact has no JSONPath conditions; the body as sent is the example"
        case "matchesXPath": "Pact has no XPath conditions; the body as sent is the example"
        case "matchesJsonSchema": "Pact has no JSON Schema rule; the body as sent is the example"
        default: "Pact has no body rule like this; the body as sent is the example"
        }
        gap("body", pattern, reason)
    }

    /// The rules an `equalToJson` document means, at `path`.
    private mutating func jsonRules(_ value: JSONValue, at path: String, ignoringExtraElements: Bool) {
        switch value {
        case .object(let object):
            if ignoringExtraElements { rules.add(.body, path, PactRule(matchers: [PactRule.type])) }
            for member in object { jsonRules(member.value, at: PactJSONPath.member(path, member.key), ignoringExtraElements: ignoringExtraElements) }
        case .array(let elements):
            if ignoringExtraElements { rules.add(.body, path, PactRule(matchers: [PactRule.type])) }
            for (index, element) in elements.enumerated() {
                jsonRules(element, at: "\(path)[\(index)]", ignoringExtraElements: ignoringExtraElements)
            }
        case .string(let text) where text.hasPrefix("${json-unit.") || text.hasPrefix("#{json-unit."):
            let body = text.dropFirst(2)
            if body.hasPrefix("json-unit.any-number}") {
                rules.add(.body, path, PactRule(matchers: [PactRule.number]))
            } else if body.hasPrefix("json-unit.any-boolean}") {
                rules.add(.body, path, PactRule(matchers: [PactRule.boolean]))
            } else if body.hasPrefix("json-unit.regex}") {
                rules.add(.body, path, PactRule(matchers: [PactRule.regex(PactRegex.anchored(String(body.dropFirst("json-unit.regex}".count))))]))
            } else if body.hasPrefix("json-unit.matches:") {
                gap("body \(path)", value, "a named JsonUnit matcher has no Pact rule")
            } else {
                rules.add(.body, path, PactRule(matchers: [PactRule.type]))
            }
        default:
            if ignoringExtraElements { rules.add(.body, path, PactRule(matchers: [PactRule.equality])) }
        }
    }

    private mutating func gap(_ field: String, _ pattern: JSONValue, _ reason: String) {
        gaps.append(PactGap(interaction: interaction, field: field, pattern: pattern.jsonText(), reason: reason))
    }
}
