import Foundation
import UnderstudyJSON
import UnderstudySupport
import UnderstudyXML

extension StringValuePattern: CustomStringConvertible {
    /// A short, deterministic rendering used in near-miss reports:
    /// `equalTo "a"`, `matches /[0-9]+/`, `not(absent)`.
    public var description: String {
        switch kind {
        case let .equalTo(value, caseInsensitive):
            caseInsensitive ? "equalToIgnoringCase \(quoted(value))" : "equalTo \(quoted(value))"
        case .binaryEqualTo(let data): "binaryEqualTo \(data.base64EncodedString())"
        case .contains(let value): "contains \(quoted(value))"
        case .doesNotContain(let value): "doesNotContain \(quoted(value))"
        case .matches(let regex): "matches \(regex)"
        case .doesNotMatch(let regex): "doesNotMatch \(regex)"
        case .absent: "absent"
        case .and(let patterns): "and(\(patterns.map(\.description).joined(separator: ", ")))"
        case .or(let patterns): "or(\(patterns.map(\.description).joined(separator: ", ")))"
        case .not(let pattern): "not(\(pattern))"
        case .dateTime(let pattern): pattern.jsonMembers.members.map { "\($0.key) \($0.value.jsonText())" }.joined(separator: " ")
        case .equalToJson(let pattern):
            "equalToJson \(pattern.expected.jsonText())"
                + (pattern.ignoreArrayOrder ? " ignoringArrayOrder" : "")
                + (pattern.ignoreExtraElements ? " ignoringExtraElements" : "")
        case let .matchesJsonPath(path, nested):
            "matchesJsonPath \(quoted(path.expression))" + (nested.map { " \($0)" } ?? "")
        case .equalToXml(let pattern):
            "equalToXml \(quoted(pattern.expected))"
                + (pattern.enablePlaceholders == true ? " withPlaceholders" : "")
                + (pattern.exemptedComparisons.map { $0.isEmpty ? "" : " exempting " + $0.map(\.rawValue).sorted().joined(separator: ",") } ?? "")
                + (pattern.namespaceAwareness.map { " namespaceAwareness \($0.rawValue)" } ?? "")
        case let .matchesXPath(expression, nested):
            "matchesXPath \(quoted(expression.source))"
                + (expression.namespaces.map { " with " + $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") } ?? "")
                + (nested.map { " \($0)" } ?? "")
        case .matchesJsonSchema(let pattern):
            "matchesJsonSchema \(pattern.schema.document.jsonText())" + (pattern.schemaVersion.map { " (\($0.rawValue))" } ?? "")
        case .anything: "anything"
        case .number(let pattern): "\(pattern.comparison.rawValue) \(JSONNumber(pattern.expected).text)"
        case .matchesPathTemplate(let template): "matchesPathTemplate \(quoted(template.template))"
        case let .invalid(op, operand, _): "\(op) \(quoted(operand)) (invalid)"
        }
    }
}
