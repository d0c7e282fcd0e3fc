public import UnderstudyJSON

/// WireMock's `equalToJson`: the value parses as JSON equal to `expected`.
///
/// - Objects compare regardless of member order; numbers by value (`1` equals `1.0`).
/// - `ignoreArrayOrder`: arrays match as multisets.
/// - `ignoreExtraElements`: the actual value may carry extra object members *and* extra
///   array items (WireMock's semantics).
/// - JsonUnit placeholders in expected strings: `${json-unit.ignore}`, `${json-unit.any-string}`,
///   `${json-unit.any-number}`, `${json-unit.any-boolean}`, `${json-unit.any-array}`,
///   `${json-unit.regex}<regex>` (also written `#{…}`). `${json-unit.matches:name}` never
///   matches: it names a custom JsonUnit matcher, and WireMock registers none.
public struct EqualToJsonPattern: Sendable, Hashable {
    /// The expected document.
    public var expected: JSONValue
    /// Whether arrays may be in any order.
    public var ignoreArrayOrder: Bool
    /// Whether the actual document may contain extra members and array items.
    public var ignoreExtraElements: Bool
    /// Whether the JSON mapping wrote the expected document as a string (`"equalToJson": "{...}"`),
    /// kept so that a decoded mapping encodes back to the same shape.
    public var expectedWasString: Bool

    /// Creates the pattern.
    public init(expected: JSONValue, ignoreArrayOrder: Bool = false, ignoreExtraElements: Bool = false, expectedWasString: Bool = false) {
        self.expected = expected
        self.ignoreArrayOrder = ignoreArrayOrder
        self.ignoreExtraElements = ignoreExtraElements
        self.expectedWasString = expectedWasString
    }

    /// Compares a JSON text with the expected document.
    public func match(_ text: String) -> MatchResult {
        guard let actual = try? JSONParser.parse(text) else { return .noMatch }
        return match(actual)
    }

    /// Compares a parsed document with the expected document; the distance is the share of
    /// expected nodes that differ.
    public func match(_ actual: JSONValue) -> MatchResult {
        var tally = Tally()
        compare(expected, actual, &tally)
        if tally.differences == 0 { return .exactMatch }
        return .partialMatch(distance: Double(tally.differences) / Double(max(tally.nodes, tally.differences)))
    }

    /// Counts compared nodes and differing nodes.
    private struct Tally {
        var nodes = 0
        var differences = 0
    }

    private func compare(_ expected: JSONValue, _ actual: JSONValue, _ tally: inout Tally) {
        tally.nodes += 1
        if case .string(let text) = expected, let placeholder = JsonUnitPlaceholder(text) {
            if !placeholder.accepts(actual) { tally.differences += 1 }
            return
        }
        switch (expected, actual) {
        case let (.object(expectedObject), .object(actualObject)):
            for member in expectedObject {
                if let actualValue = actualObject[member.key] {
                    compare(member.value, actualValue, &tally)
                } else if case .string(let text) = member.value, JsonUnitPlaceholder(text) == .ignore {
                    tally.nodes += 1
                } else {
                    tally.nodes += 1
                    tally.differences += 1
                }
            }
            if !ignoreExtraElements {
                let extra = actualObject.keys.filter { expectedObject[$0] == nil }.count
                tally.differences += extra
            }
        case let (.array(expectedItems), .array(actualItems)):
            compareArrays(expectedItems, actualItems, &tally)
        default:
            if expected != actual { tally.differences += 1 }
        }
    }

    private func compareArrays(_ expected: [JSONValue], _ actual: [JSONValue], _ tally: inout Tally) {
        let extraAllowed = ignoreExtraElements
        if actual.count < expected.count || (!extraAllowed && actual.count > expected.count) {
            tally.differences += abs(actual.count - expected.count)
        }
        if !ignoreArrayOrder {
            for (index, item) in expected.enumerated() {
                if index < actual.count {
                    compare(item, actual[index], &tally)
                } else {
                    tally.nodes += 1
                }
            }
            return
        }
        // Unordered: pair each expected item with an unused actual item it matches exactly;
        // items left over count as one difference each.
        var unused = Array(actual.indices)
        for item in expected {
            tally.nodes += 1
            if let position = unused.firstIndex(where: { match(item, against: actual[$0]) }) {
                unused.remove(at: position)
            } else {
                tally.differences += 1
            }
        }
    }

    private func match(_ expected: JSONValue, against actual: JSONValue) -> Bool {
        var tally = Tally()
        compare(expected, actual, &tally)
        return tally.differences == 0
    }
}

/// JsonUnit placeholders that WireMock accepts inside `equalToJson` documents. JsonUnit reads
/// them with `$` or `#` before the brace (`${json-unit.any-string}`, `#{json-unit.any-string}`).
package enum JsonUnitPlaceholder: Equatable {
    case ignore
    case anyString
    case anyNumber
    case anyBoolean
    case anyArray
    case regex(RegexPattern)
    /// `${json-unit.matches:name}`: a matcher registered by name. WireMock registers none, so
    /// it never matches there, nor here.
    case neverMatches

    package init?(_ text: String) {
        guard text.hasPrefix("${json-unit.") || text.hasPrefix("#{json-unit.") else { return nil }
        let body = "$" + text.dropFirst()
        switch body {
        case "${json-unit.ignore}", "${json-unit.ignore-element}": self = .ignore
        case "${json-unit.any-string}": self = .anyString
        case "${json-unit.any-number}": self = .anyNumber
        case "${json-unit.any-boolean}": self = .anyBoolean
        case "${json-unit.any-array}": self = .anyArray
        default:
            let regexPrefix = "${json-unit.regex}"
            if body.hasPrefix(regexPrefix) {
                self = .regex(RegexPattern(String(body.dropFirst(regexPrefix.count))))
            } else if body.hasPrefix("${json-unit.matches:"), body.contains("}") {
                self = .neverMatches
            } else {
                return nil
            }
        }
    }

    package func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.ignore, _): true
        case (.anyString, .string): true
        case (.anyNumber, .number): true
        case (.anyBoolean, .bool): true
        case (.anyArray, .array): true
        case let (.regex(regex), .string(text)): regex.matches(text)
        case let (.regex(regex), .number(number)): regex.matches(number.text)
        default: false
        }
    }
}
