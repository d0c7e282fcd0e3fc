import Foundation
import UnderstudyJSON

/// WireMock's `jsonSort` helper, which arrived after 3.13.2 (4.0.0-beta.38's
/// `JsonSortHelper`): `{{jsonSort json '$.users[*].name' order='desc' nulls='last'}}` sorts the
/// array before the first `[*]` by the value the rest of the path selects in each item.
///
/// The values must all be numbers, all text or all booleans (nulls and missing values aside);
/// the sort is stable; `nulls` (`first` by default) places nulls for ascending order, and
/// `order='desc'` reverses the whole order, nulls included, as Java's `Comparator.reversed()`
/// does. The result is compact JSON.
struct JSONSort {
    private let arguments: TemplateRenderer.Arguments

    init(_ arguments: TemplateRenderer.Arguments) { self.arguments = arguments }

    func sorted() throws -> TemplateValue {
        guard arguments[0].isText else { throw HelperFailure("the input JSON must be a string") }
        guard arguments[0].text != "null" else { throw HelperFailure("cannot sort a JSON null value; the input must be a JSON array") }
        guard arguments.params.count == 2 else { throw HelperFailure("a single JSONPath expression parameter must be supplied") }
        guard arguments[1].isText else { throw HelperFailure("the JSONPath parameter must be a string") }
        let descending = try option("order", values: ["asc", "desc"]) == "desc"
        let nullsLast = try option("nulls", values: ["first", "last"]) == "last"
        let expression = arguments[1].text
        guard let wildcard = expression.range(of: "[*]") else {
            throw HelperFailure("the JSONPath must include [*] to say where the array is (e.g. '$[*].name' or '$.users[*].name')")
        }
        let arrayExpression = expression[..<wildcard.lowerBound].isEmpty ? "$" : String(expression[..<wildcard.lowerBound])
        let arrayPath: JSONPath
        let itemPath: JSONPath
        do {
            arrayPath = try JSONPath(arrayExpression)
            itemPath = try JSONPath("$" + expression[wildcard.upperBound...])
        } catch {
            throw HelperFailure("invalid JSONPath expression ('\(expression)'): \(error)")
        }
        let document = try TemplateRenderer.json(arguments[0], what: "the input JSON")
        guard let target = arrayPath.evaluate(document).first else {
            throw HelperFailure("the JSONPath expression did not match any values ('\(expression)')")
        }
        guard case .array(let items) = target else { throw HelperFailure("the JSONPath does not reference an array ('\(arrayExpression)')") }
        var keys: [JSONValue] = []
        for item in items {
            let found = itemPath.evaluate(item)
            guard found.count <= 1 else {
                throw HelperFailure("\(expression) selects several values in one item; only single-level array sorting is supported")
            }
            keys.append(found.first ?? .null)
        }
        guard !items.isEmpty else { return .string(document.jsonText()) }
        let kinds = Set(keys.compactMap(Self.kind))
        guard kinds.count <= 1, !keys.contains(where: { $0 != .null && Self.kind($0) == nil }) else {
            throw HelperFailure("all sort values must be of the same comparable type (Number, String or Boolean)")
        }
        guard items.count > 1 else { return .string(document.jsonText()) }
        let order = keys.indices.sorted { left, right in
            let result = descending ? Self.compare(keys[right], keys[left], nullsLast: nullsLast)
                : Self.compare(keys[left], keys[right], nullsLast: nullsLast)
            return result == .orderedSame ? left < right : result == .orderedAscending
        }
        let sortedItems = JSONValue.array(order.map { items[$0] })
        if arrayExpression == "$" { return .string(sortedItems.jsonText()) }
        guard let updated = arrayPath.updating(document, { _ in sortedItems }) else {
            throw HelperFailure("the JSONPath does not reference one array ('\(arrayExpression)')")
        }
        return .string(updated.jsonText())
    }

    private func option(_ name: String, values: [String]) throws -> String {
        guard let value = arguments.hash[name] else { return values[0] }
        guard value.isText, values.contains(value.text) else {
            throw HelperFailure("\(name) must be " + values.map { "'\($0)'" }.joined(separator: " or "))
        }
        return value.text
    }

    private enum Kind { case number, text, bool }

    private static func kind(_ value: JSONValue) -> Kind? {
        switch value {
        case .number: .number
        case .string: .text
        case .bool: .bool
        case .null, .array, .object: nil
        }
    }

    /// Java's comparators: numbers as `BigDecimal`, text by UTF-16 code units, false before
    /// true, nulls first unless `nullsLast`.
    private static func compare(_ lhs: JSONValue, _ rhs: JSONValue, nullsLast: Bool) -> ComparisonResult {
        switch (lhs, rhs) {
        case (.null, .null): return .orderedSame
        case (.null, _): return nullsLast ? .orderedDescending : .orderedAscending
        case (_, .null): return nullsLast ? .orderedAscending : .orderedDescending
        case let (.number(left), .number(right)):
            let posix = Locale(identifier: "en_US_POSIX")
            let (a, b) = (Decimal(string: left.text, locale: posix) ?? 0, Decimal(string: right.text, locale: posix) ?? 0)
            return a == b ? .orderedSame : (a < b ? .orderedAscending : .orderedDescending)
        case let (.string(left), .string(right)):
            if left.utf16.elementsEqual(right.utf16) { return .orderedSame }
            return left.utf16.lexicographicallyPrecedes(right.utf16) ? .orderedAscending : .orderedDescending
        case let (.bool(left), .bool(right)):
            return left == right ? .orderedSame : (!left ? .orderedAscending : .orderedDescending)
        default:
            return .orderedSame
        }
    }
}
