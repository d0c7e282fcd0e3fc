import Foundation
package import UnderstudyJSON
import UnderstudySupport

/// A value inside a template: what paths resolve to and helpers take and return.
package enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case decimal(Double)
    case string(String)
    case list([TemplateValue])
    case object(JSONObjectValue)
    /// A value that prints as `text` but can also be indexed (`.[1]`) or have named members:
    /// `request.path` (segments and path parameters) and multi-valued headers and queries.
    case composite(text: String, items: [TemplateValue], members: [String: TemplateValue])

    /// A multi-valued field (headers, query parameters): prints its first value, or
    /// `[a, b]` when it has several, and indexes with `.[n]`.
    package static func values(_ values: [String]) -> TemplateValue {
        let text = values.count == 1 ? values[0] : "[" + values.joined(separator: ", ") + "]"
        return .composite(text: text, items: values.map(TemplateValue.string), members: [:])
    }

    /// Handlebars truthiness: `false`, `null`, `""`, `0` and empty lists are false.
    package var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .integer(let value): value != 0
        case .decimal(let value): value != 0
        case .string(let text): !text.isEmpty
        case .list(let items): !items.isEmpty
        case .object: true
        case .composite(let text, let items, _): !text.isEmpty || !items.isEmpty
        }
    }

    /// The text a template prints for the value.
    package var text: String {
        switch self {
        case .null: ""
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .decimal(let value): Self.format(value)
        case .string(let text): text
        case .list(let items): "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .object: json.jsonText()
        case .composite(let text, _, _): text
        }
    }

    /// Whether the value is text (a string, or a request field that prints as one), not a
    /// number, list or object that helpers received from another helper.
    package var isText: Bool {
        switch self {
        case .string: true
        case .composite(_, let items, _): items.count <= 1
        default: false
        }
    }

    /// A number, when the value is one or is text that reads as one.
    package var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): value
        case .string(let text): Double(text.trimmingCharacters(in: .whitespaces))
        case .composite(let text, _, _): Double(text)
        case .bool, .null, .list, .object: nil
        }
    }

    /// An integer, when the value is one or is text that reads as one.
    package var integer: Int? {
        switch self {
        case .integer(let value): value
        case .decimal(let value): value.rounded() == value && abs(value) < 9e15 ? Int(value) : nil
        case .string(let text): Int(text.trimmingCharacters(in: .whitespaces))
        case .composite(let text, _, _): Int(text)
        default: nil
        }
    }

    /// The items, when the value is a list (a single value is a list of one).
    package var items: [TemplateValue] {
        switch self {
        case .list(let items): items
        case .composite(_, let items, _): items
        case .null: []
        default: [self]
        }
    }

    /// The value as JSON.
    package var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .number(JSONNumber(value))
        case .decimal(let value): .number(JSONNumber(text: Self.format(value)))
        case .string(let text): .string(text)
        case .list(let items): .array(items.map(\.json))
        case .object(let object): .object(JSONObject(zip(object.keys, object.values).map { JSONObject.Member(key: $0, value: $1.json) }))
        case .composite(let text, let items, _): items.count > 1 ? .array(items.map(\.json)) : .string(text)
        }
    }

    /// The value of JSON.
    package init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let number):
            if let integer = Int(number.text) { self = .integer(integer) } else { self = .decimal(Double(number.text) ?? 0) }
        case .string(let text): self = .string(text)
        case .array(let items): self = .list(items.map(TemplateValue.init))
        case .object(let object):
            var result = JSONObjectValue()
            for member in object.members { result.set(member.key, TemplateValue(member.value)) }
            self = .object(result)
        }
    }

    /// The member `key` (object member, named part, or index when `key` is a number).
    package func member(_ key: String) -> TemplateValue? {
        switch self {
        case .object(let object):
            // Exact first; then ignoring case, as header names need.
            return object[key] ?? object.keys.first { $0.caseInsensitiveEquals(key) }.flatMap { object[$0] }
        case .composite(_, let items, let members):
            if let value = members[key] { return value }
            return Int(key).flatMap { $0 >= 0 && $0 < items.count ? items[$0] : nil }
        case .list(let items):
            if key == "length" || key == "size" { return .integer(items.count) }
            return Int(key).flatMap { index in
                let position = index < 0 ? items.count + index : index
                return position >= 0 && position < items.count ? items[position] : nil
            }
        default:
            return nil
        }
    }

    /// `1.5`, and whole numbers without a fraction (`2`, not `2.0`).
    package static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// Name → values, in first-seen order; with `ignoringCase`, `content-type` and
    /// `Content-Type` are one field (and lookups ignore case anyway, see ``TemplateValue/member(_:)``).
    package static func grouped(_ pairs: [(String, String)], ignoringCase: Bool) -> TemplateValue {
        var groups: [(name: String, key: String, values: [String])] = []
        groups.reserveCapacity(pairs.count)
        // Few fields are found by a linear search; many through a dictionary, so that a
        // request with thousands of headers stays linear.
        var positions: [String: Int]? = pairs.count > 16 ? [:] : nil
        for (name, value) in pairs {
            let key = ignoringCase ? name.lowercased() : name
            let position = positions.map { $0[key] } ?? groups.firstIndex { $0.key == key }
            if let position {
                groups[position].values.append(value)
            } else {
                positions?[key] = groups.count
                groups.append((name, key, [value]))
            }
        }
        var object = TemplateValue.JSONObjectValue(capacity: groups.count)
        for (name, _, values) in groups { object.append(name, .values(values)) }
        return .object(object)
    }
}
