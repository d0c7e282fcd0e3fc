import Foundation

/// Evaluates parsed JSONPath segments over a document.
struct JSONPathEvaluator {
    let root: JSONValue

    /// Applies the segments in turn, starting from `nodes`.
    func select(_ segments: [JSONPathSyntax.Segment], from nodes: [JSONValue]) -> [JSONValue] {
        var current = nodes
        for segment in segments {
            var next: [JSONValue] = []
            for node in current {
                let targets = segment.descendant ? Self.descendantsAndSelf(of: node) : [node]
                for target in targets {
                    for selector in segment.selectors { select(selector, in: target, into: &next) }
                }
            }
            current = next
            if current.isEmpty { break }
        }
        return current
    }

    private func select(_ selector: JSONPathSyntax.Selector, in node: JSONValue, into result: inout [JSONValue]) {
        switch (selector, node) {
        case let (.name(name), .object(object)):
            if let value = object[name] { result.append(value) }
        case let (.wildcard, .object(object)):
            result += object.members.map(\.value)
        case let (.wildcard, .array(items)):
            result += items
        case let (.index(index), .array(items)):
            let resolved = index < 0 ? items.count + index : index
            if items.indices.contains(resolved) { result.append(items[resolved]) }
        case let (.slice(start, end, step), .array(items)):
            result += Self.slice(items, start: start, end: end, step: step ?? 1)
        case let (.filter(filter), .object(object)):
            result += object.members.map(\.value).filter { test(filter, current: $0) }
        case let (.filter(filter), .array(items)):
            result += items.filter { test(filter, current: $0) }
        default:
            break
        }
    }

    /// RFC 9535 slice semantics, negative steps included.
    private static func slice(_ items: [JSONValue], start: Int?, end: Int?, step: Int) -> [JSONValue] {
        let count = items.count
        guard step != 0, count > 0 else { return [] }
        func normalize(_ value: Int) -> Int { value >= 0 ? value : count + value }
        var result: [JSONValue] = []
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), count)
            let upper = min(max(normalize(end ?? count), 0), count)
            var index = lower
            while index < upper { result.append(items[index]); index += step }
        } else {
            let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
            let lower = min(max(end.map(normalize) ?? -1, -1), count - 1)
            var index = upper
            while lower < index { result.append(items[index]); index += step }
        }
        return result
    }

    /// The node and everything below it, in document order, without recursion.
    private static func descendantsAndSelf(of node: JSONValue) -> [JSONValue] {
        var result: [JSONValue] = []
        var stack = [node]
        while let current = stack.popLast() {
            result.append(current)
            switch current {
            case .object(let object): stack += object.members.map(\.value).reversed()
            case .array(let items): stack += items.reversed()
            default: break
            }
        }
        return result
    }

    // MARK: Filters

    private func test(_ filter: JSONPathSyntax.Filter, current: JSONValue) -> Bool {
        switch filter {
        case let .or(left, right): return test(left, current: current) || test(right, current: current)
        case let .and(left, right): return test(left, current: current) && test(right, current: current)
        case let .not(inner): return !test(inner, current: current)
        case let .exists(operand):
            switch operand {
            case .query(let query): return !nodes(query, current: current).isEmpty
            case .function: return value(operand, current: current).map(Self.isTruthy) ?? false
            case .literal(let literal): return Self.isTruthy(literal)
            case .array: return true
            }
        case let .comparison(left, op, right):
            return compare(value(left, current: current), op, value(right, current: current))
        case let .regex(operand, regex):
            guard case .string(let text)? = value(operand, current: current) else { return false }
            return regex.matches(text)
        case let .empty(operand, expected):
            guard let value = value(operand, current: current), let length = Self.length(value)?.intValue else { return false }
            return (length == 0) == expected
        }
    }

    private func nodes(_ query: JSONPathSyntax.Query, current: JSONValue) -> [JSONValue] {
        select(query.segments, from: [query.relative ? current : root])
    }

    /// An operand's value, or `nil` for RFC 9535's "Nothing".
    private func value(_ operand: JSONPathSyntax.Operand, current: JSONValue) -> JSONValue? {
        switch operand {
        case .literal(let literal):
            return literal
        case .array(let items):
            return .array(items.compactMap { value($0, current: current) })
        case .query(let query):
            let selected = nodes(query, current: current)
            if selected.isEmpty { return nil }
            return selected.count == 1 ? selected[0] : .array(selected)
        case let .function(name, arguments):
            return call(name, arguments, current: current)
        }
    }

    private func call(_ name: String, _ arguments: [JSONPathSyntax.Operand], current: JSONValue) -> JSONValue? {
        switch name {
        case "length":
            return value(arguments[0], current: current).flatMap(Self.length)
        case "count":
            if case .query(let query) = arguments[0] { return .number(JSONNumber(nodes(query, current: current).count)) }
            return .number(JSONNumber(value(arguments[0], current: current) == nil ? 0 : 1))
        case "match", "search":
            guard case .string(let text)? = value(arguments[0], current: current),
                  case .string(let pattern)? = value(arguments[1], current: current) else { return false }
            let regex = RegexPattern(name == "match" ? pattern : ".*(?:\(pattern)).*")
            return .bool(regex.matches(text))
        default: // value
            if case .query(let query) = arguments[0] {
                let selected = nodes(query, current: current)
                return selected.count == 1 ? selected[0] : nil
            }
            return value(arguments[0], current: current)
        }
    }

    private func compare(_ left: JSONValue?, _ op: JSONPathSyntax.ComparisonOperator, _ right: JSONValue?) -> Bool {
        switch op {
        case .equal: return left == right
        case .notEqual: return left != right
        case .in, .nin:
            guard let left, case .array(let items)? = right else { return op == .nin }
            return items.contains(left) == (op == .in)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let left, let right else { return false }
            let order: ComparisonResult
            switch (left, right) {
            case let (.number(a), .number(b)):
                order = a.doubleValue < b.doubleValue ? .orderedAscending : (a.doubleValue > b.doubleValue ? .orderedDescending : .orderedSame)
            case let (.string(a), .string(b)):
                order = a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
            default:
                return false
            }
            switch op {
            case .less: return order == .orderedAscending
            case .lessOrEqual: return order != .orderedDescending
            case .greater: return order == .orderedDescending
            default: return order != .orderedAscending
            }
        }
    }

    private static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .bool(let bool): bool
        case .null: false
        default: true
        }
    }

    /// The length of a string (characters), array or object; `nil` for anything else.
    static func length(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .string(let text): .number(JSONNumber(text.count))
        case .array(let items): .number(JSONNumber(items.count))
        case .object(let object): .number(JSONNumber(object.count))
        default: nil
        }
    }
}
