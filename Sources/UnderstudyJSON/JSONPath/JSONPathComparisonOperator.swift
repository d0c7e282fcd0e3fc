/// A comparison inside a filter: the RFC 9535 operators plus Jayway's word operators.
enum JSONPathComparisonOperator: String, Sendable, Hashable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    /// Jayway: the left value is an element of the right array.
    case `in`
    /// Jayway: the left value is not an element of the right array.
    case nin
    /// Jayway: every element of the left array is in the right array.
    case subsetof
    /// Jayway: some element of the left array is in the right array.
    case anyof
    /// Jayway: no element of the left array is in the right array.
    case noneof
    /// Jayway: the left string contains the right string, or the left array contains the right value.
    case contains
    /// Jayway: the length of the left string or array equals the right number.
    case size

    /// The symbolic operators, longest first so that `<=` is tried before `<`.
    static let symbols: [JSONPathComparisonOperator] = [.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
    /// The word operators (Jayway).
    static let words: [JSONPathComparisonOperator] = [.in, .nin, .subsetof, .anyof, .noneof, .contains, .size]

    /// Applies the operator; `nil` stands for RFC 9535's "Nothing" (a query that selected no node).
    ///
    /// RFC 9535 section 2.3.5.2.2: numbers compare by value, strings by Unicode scalar values,
    /// arrays and objects by deep equality; only `==`, `<=` and `>=` hold between two Nothings;
    /// ordering between different types, booleans, null, arrays or objects is false.
    func evaluate(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch self {
        case .equal: return Self.equal(left, right)
        case .notEqual: return !Self.equal(left, right)
        case .less: return Self.less(left, right)
        case .lessOrEqual: return Self.less(left, right) || Self.equal(left, right)
        case .greater: return Self.less(right, left)
        case .greaterOrEqual: return Self.less(right, left) || Self.equal(left, right)
        case .in, .nin:
            // Nothing is in no list; a non-array right side is treated as a list of one value.
            guard let left else { return self == .nin }
            let contained = Self.elements(of: right).contains { Self.deepEqual(left, $0) }
            return contained == (self == .in)
        case .subsetof, .anyof, .noneof:
            guard let leftItems = left?.arrayValue, let right else { return false }
            let rightItems = Self.elements(of: right)
            let inRight = leftItems.map { item in rightItems.contains { Self.deepEqual(item, $0) } }
            switch self {
            case .subsetof: return !inRight.contains(false)
            case .anyof: return inRight.contains(true)
            default: return !inRight.contains(true)
            }
        case .contains:
            switch (left, right) {
            case let (.string(text)?, .string(part)?): return text.contains(part)
            case let (.array(items)?, value?): return items.contains { Self.deepEqual($0, value) }
            default: return false
            }
        case .size:
            guard let left, let length = JSONPathFunction.length(of: left), let expected = right?.doubleValue else { return false }
            return Double(length) == expected
        }
    }

    private static func elements(of value: JSONValue?) -> [JSONValue] {
        switch value {
        case .array(let items)?: items
        case let other?: [other]
        case nil: []
        }
    }

    private static func equal(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case let (left?, right?): deepEqual(left, right)
        default: false
        }
    }

    private static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case let (.number(a)?, .number(b)?):
            return a.doubleValue < b.doubleValue
        case let (.string(a)?, .string(b)?):
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default:
            return false
        }
    }

    /// JSON equality without recursion, so that very deep documents cannot overflow the stack:
    /// numbers by value, objects regardless of member order, arrays element by element.
    static func deepEqual(_ left: JSONValue, _ right: JSONValue) -> Bool {
        var pending = [(left, right)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.null, .null):
                continue
            case let (.bool(x), .bool(y)):
                guard x == y else { return false }
            case let (.number(x), .number(y)):
                guard x == y else { return false }
            case let (.string(x), .string(y)):
                // RFC 9535 compares strings scalar by scalar, not by canonical equivalence.
                guard x.unicodeScalars.elementsEqual(y.unicodeScalars) else { return false }
            case let (.array(x), .array(y)):
                guard x.count == y.count else { return false }
                pending.append(contentsOf: zip(x, y))
            case let (.object(x), .object(y)):
                guard x.count == y.count else { return false }
                for member in x.members {
                    guard let other = y[member.key] else { return false }
                    pending.append((member.value, other))
                }
            default:
                return false
            }
        }
        return true
    }
}
