import Foundation

extension TemplateRenderer {
    static let logicHelperNames: Set<String> = [
        "eq", "ne", "neq", "gt", "gte", "lt", "lte", "and", "or", "not", "contains", "matches", "size", "range",
        "array", "isOdd", "isEven", "lookup", "val", "log",
    ]

    /// `ContainsHelper` and `MatchesRegexHelper` as blocks render their body when they hold and
    /// nothing otherwise: they have no `{{else}}`.
    static let blockWithoutElseHelperNames: Set<String> = ["contains", "matches"]

    /// Comparisons, boolean logic and collections.
    mutating func logicHelper(_ name: String, _ arguments: Arguments) throws -> TemplateValue? {
        switch name {
        case "eq": return .bool(Self.compare(arguments[0], arguments[1]) == .orderedSame)
        case "ne", "neq": return .bool(Self.compare(arguments[0], arguments[1]) != .orderedSame)
        case "gt": return .bool(Self.compare(arguments[0], arguments[1]) == .orderedDescending)
        case "gte": return .bool(Self.compare(arguments[0], arguments[1]) != .orderedAscending)
        case "lt": return .bool(Self.compare(arguments[0], arguments[1]) == .orderedAscending)
        case "lte": return .bool(Self.compare(arguments[0], arguments[1]) != .orderedDescending)
        case "and": return .bool(!arguments.params.isEmpty && arguments.params.allSatisfy(\.isTruthy))
        case "or": return .bool(arguments.params.contains(where: \.isTruthy))
        case "not": return .bool(!arguments[0].isTruthy)
        case "contains":
            let haystack = arguments[0]
            let needle = arguments[1]
            if case .list(let items) = haystack {
                return .bool(items.contains { Self.compare($0, needle) == .orderedSame })
            }
            if case .composite(_, let items, _) = haystack, items.count > 1 {
                return .bool(items.contains { Self.compare($0, needle) == .orderedSame })
            }
            return .bool(haystack.text.contains(needle.text))
        case "matches":
            return .bool(try TemplateRegex(arguments[1].text).fullMatch(arguments[0].text))
        case "size":
            switch arguments[0] {
            case .list(let items): return .integer(items.count)
            case .object(let object): return .integer(object.keys.count)
            case .composite(_, let items, _) where items.count > 1: return .integer(items.count)
            case .null: return .integer(0)
            case let value: return .integer(value.text.count)
            }
        case "range":
            guard let lower = arguments[0].integer, let upper = arguments[1].integer else {
                throw HelperFailure("takes two whole numbers: {{range 1 5}}")
            }
            guard upper >= lower else { return .list([]) }
            guard upper - lower < Self.maxItems else { throw HelperFailure("\(upper - lower + 1) numbers is over the limit of \(Self.maxItems)") }
            return .list((lower...upper).map(TemplateValue.integer))
        case "array":
            return .list(arguments.params)
        case "isOdd", "isEven":
            guard let number = arguments[0].integer else { throw HelperFailure("takes a whole number") }
            return .bool((number % 2 != 0) == (name == "isOdd"))
        case "lookup":
            return arguments[0].member(arguments[1].text) ?? .null
        case "log":
            // Handlebars' LogHelper writes to the server's log and renders nothing; a template
            // cannot write to Understudy's output, so it only renders nothing.
            return .null
        case "val":
            // ValHelper: the value unless it is null (an empty text is a value), else `or=` or
            // `default=`; `assign=` stores it in a variable instead of printing it.
            let value = arguments[0] != .null ? arguments[0] : arguments.hash["or"] ?? arguments.hash["default"] ?? .null
            guard let variable = arguments.string("assign") else { return value }
            variables[variable] = value
            return .null
        default:
            return nil
        }
    }

    /// Numbers compare as numbers, anything else as text.
    static func compare(_ lhs: TemplateValue, _ rhs: TemplateValue) -> ComparisonResult {
        if let left = lhs.number, let right = rhs.number, lhs.isNumeric || rhs.isNumeric {
            return left == right ? .orderedSame : (left < right ? .orderedAscending : .orderedDescending)
        }
        if case .bool(let left) = lhs, case .bool(let right) = rhs { return left == right ? .orderedSame : .orderedAscending }
        let (left, right) = (lhs.text, rhs.text)
        return left == right ? .orderedSame : (left < right ? .orderedAscending : .orderedDescending)
    }
}

extension TemplateValue {
    /// Whether the value is a number (not text that reads as one).
    var isNumeric: Bool {
        switch self {
        case .integer, .decimal: true
        default: false
        }
    }
}
