import Foundation
import UnderstudyJSON

/// One operator of WireMock's string-value pattern JSON, as one row of
/// `StringValuePatternJsonDeserializer`'s table: its key, the other keys of the pattern object
/// it reads (wherever they sit), and how it builds the pattern.
///
/// Adding an operator is one `static let` (in the file of its matcher if it likes) and one
/// line in ``all``.
struct WireMockPatternOperator: Sendable {
    /// The operator key, for example `equalTo`.
    let key: String
    /// The other keys it reads, for example `caseInsensitive`.
    let modifiers: [String]
    /// Builds the pattern from the operator's value (`operand`) and the whole pattern object.
    let decode: @Sendable (_ operand: JSONReader, _ pattern: JSONReader) throws -> StringValuePattern

    init(_ key: String, modifiers: [String] = [],
         decode: @escaping @Sendable (_ operand: JSONReader, _ pattern: JSONReader) throws -> StringValuePattern) {
        self.key = key
        self.modifiers = modifiers
        self.decode = decode
    }

    /// Every operator Understudy decodes. `binaryEqualTo` is ContentPattern-only in WireMock
    /// (body patterns), where it wins wherever it sits; elsewhere Understudy also accepts it.
    static let all: [WireMockPatternOperator] = [
        .equalTo, .binaryEqualTo, .contains, .doesNotContain, .matches, .doesNotMatch, .absent, .anything,
        .and, .or, .not, .before, .after, .equalToDateTime, .equalToJson, .matchesJsonPath, .matchesPathTemplate,
        .equalToXml, .matchesXPath, .matchesJsonSchema,
    ] + NumberPattern.Comparison.allCases.map(number)

    /// The operators by key.
    static let byKey: [String: WireMockPatternOperator] = Dictionary(all.map { ($0.key, $0) }) { first, _ in first }

    /// Every operator key, in table order (WireMock 3.13's whole deserializer table).
    static let operatorKeys: [String] = all.map(\.key)

    /// Every modifier key of every operator.
    static let modifierKeys: [String] = {
        var keys: [String] = []
        for op in all { for key in op.modifiers where !keys.contains(key) { keys.append(key) } }
        return keys
    }()

    /// Whether `key` is an operator.
    static func isOperator(_ key: String) -> Bool { byKey[key] != nil }
}

// MARK: The operators

extension WireMockPatternOperator {
    /// `{"equalTo": "a", "caseInsensitive": true}` (WireMock's `EqualToPattern`).
    static let equalTo = WireMockPatternOperator("equalTo", modifiers: ["caseInsensitive"]) { operand, pattern in
        .equalTo(try operand.operandString("equalTo"),
                 caseInsensitive: pattern.member("caseInsensitive")?.lenientBool() ?? false)
    }

    /// `{"binaryEqualTo": "<base64>"}`.
    static let binaryEqualTo = WireMockPatternOperator("binaryEqualTo") { operand, _ in
        guard let data = Data(base64Encoded: try operand.operandString("binaryEqualTo")) else {
            throw operand.error("binaryEqualTo takes base64 text; this is not valid base64")
        }
        return .binaryEqualTo(data)
    }

    static let contains = text("contains") { text, _ in .contains(text) }
    static let doesNotContain = text("doesNotContain") { text, _ in .doesNotContain(text) }
    static let matches = text("matches") { text, operand in StringValuePattern(.matches(operand.regex(text))) }
    static let doesNotMatch = text("doesNotMatch") { text, operand in StringValuePattern(.doesNotMatch(operand.regex(text))) }

    /// An operator whose value is one string, validated by the pattern's ``StringValuePattern/problems``;
    /// a regular expression that can backtrack catastrophically gets a warning.
    private static func text(_ key: String, _ make: @escaping @Sendable (String, JSONReader) -> StringValuePattern) -> WireMockPatternOperator {
        WireMockPatternOperator(key) { operand, _ in
            let pattern = make(try operand.operandString(key), operand)
            if let problem = pattern.problems.first { throw operand.error(problem) }
            for warning in pattern.regexes().compactMap(\.backtrackingWarning) { operand.warn(warning) }
            return pattern
        }
    }

    /// `{"absent": true}`. WireMock's deserializer returns `AbsentPattern.ABSENT` without reading
    /// the value, so `"absent": false` means absent too.
    static let absent = WireMockPatternOperator("absent") { operand, _ in
        if operand.value != .bool(true) {
            operand.warn("\"absent\": \(operand.value.jsonText()) still means the value must be absent (WireMock ignores the value of \"absent\"); write \"absent\": true, or remove the pattern to accept any value")
        }
        return .absent
    }

    /// `{"anything": "anything"}` (WireMock's `AnythingPattern`): every value, even a missing one.
    static let anything = WireMockPatternOperator("anything") { operand, _ in
        _ = try operand.operandString("anything")
        return .anything
    }

    static let and = list("and") { .and($0) }
    static let or = list("or") { .or($0) }

    /// `{"and": [...]}` / `{"or": [...]}`.
    private static func list(_ key: String, _ make: @escaping @Sendable ([StringValuePattern]) -> StringValuePattern) -> WireMockPatternOperator {
        WireMockPatternOperator(key) { operand, _ in
            guard case .array = operand.value else { throw operand.error("\"\(key)\" takes an array of patterns") }
            var patterns: [StringValuePattern] = []
            for element in try operand.elements() { patterns.append(try StringValuePattern(wireMock: element)) }
            guard !patterns.isEmpty else { throw operand.error("\"\(key)\" needs at least one pattern") }
            return make(patterns)
        }
    }

    /// `{"greaterThanNumber": 1}` or `{"greaterThanNumber": "0001.0"}` (WireMock 4's numeric
    /// patterns: a JSON number, or a string that reads as one).
    private static func number(_ comparison: NumberPattern.Comparison) -> WireMockPatternOperator {
        WireMockPatternOperator(comparison.rawValue) { operand, _ in
            let expected: Double? = switch operand.value {
            case .number(let number): number.doubleValue
            case .string(let text): NumberPattern.number(text)
            default: nil
            }
            guard let expected, expected.isFinite else {
                throw operand.error("\"\(comparison.rawValue)\" takes a number, such as 10 or \"2.5\"")
            }
            operand.warn("\"\(comparison.rawValue)\" is WireMock 4's: WireMock 3.13 will not load this mapping")
            return StringValuePattern(.number(NumberPattern(comparison, expected)))
        }
    }

    /// `{"not": {...}}`.
    static let not = WireMockPatternOperator("not") { operand, _ in
        .not(try StringValuePattern(wireMock: operand))
    }

    /// The members a date-time operator reads besides its own.
    static let dateTimeModifiers = ["actualFormat", "truncateExpected", "truncateActual", "applyTruncationLast", "expectedOffset", "expectedOffsetUnit"]

    static let before = dateTime("before")
    static let after = dateTime("after")
    static let equalToDateTime = dateTime("equalToDateTime")

    /// `{"before": "now +3 days", "truncateExpected": "first day of month", ...}`.
    private static func dateTime(_ key: String) -> WireMockPatternOperator {
        WireMockPatternOperator(key, modifiers: dateTimeModifiers) { operand, pattern in
            var members = JSONObject()
            for member in try pattern.object() where member.key == key || dateTimeModifiers.contains(member.key) {
                members[member.key] = member.value
            }
            do {
                return .dateTime(try DateTimePattern(jsonObject: members))
            } catch {
                throw operand.error("\(error)")
            }
        }
    }

    /// `{"equalToJson": {...} or "<json text>", "ignoreArrayOrder": true, "ignoreExtraElements": true}`.
    /// WireMock 3 always applies JsonUnit placeholders, so it does not read `enablePlaceholders` here.
    static let equalToJson = WireMockPatternOperator("equalToJson", modifiers: ["ignoreArrayOrder", "ignoreExtraElements"]) { operand, pattern in
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
        return StringValuePattern(.equalToJson(EqualToJsonPattern(
            expected: expected,
            ignoreArrayOrder: pattern.member("ignoreArrayOrder")?.lenientBool() ?? false,
            ignoreExtraElements: pattern.member("ignoreExtraElements")?.lenientBool() ?? false,
            expectedWasString: wasString)))
    }

    /// `{"matchesJsonPath": "$.a"}` or `{"matchesJsonPath": {"expression": "$.a", <a pattern>}}`.
    static let matchesJsonPath = WireMockPatternOperator("matchesJsonPath") { operand, _ in
        let pattern: StringValuePattern
        if case .string(let expression) = operand.value {
            pattern = .matchesJsonPath(expression)
        } else {
            let expression = try operand.requiredString("expression")
            pattern = .matchesJsonPath(expression, try StringValuePattern(wireMock: operand, besides: ["expression"]))
        }
        if let problem = pattern.problems.first { throw operand.error(problem) }
        return pattern
    }

    /// `{"matchesPathTemplate": "/users/{id}"}` (WireMock's `PathTemplatePattern`).
    static let matchesPathTemplate = WireMockPatternOperator("matchesPathTemplate") { operand, _ in
        let pattern = StringValuePattern.matchesPathTemplate(try operand.operandString("matchesPathTemplate"))
        if let problem = pattern.problems.first { throw operand.error(problem) }
        return pattern
    }
}

extension JSONReader {
    /// The text of an operator that takes a string; WireMock says "operand must be a non-null string".
    fileprivate func operandString(_ key: String) throws -> String {
        guard case .string(let text) = value else {
            throw typeError("a string (the \(key) operand)")
        }
        return text
    }
}
