import Foundation

/// The result of an XPath 1.0 expression: a node-set (indices into an ``XMLTree``, in
/// document order), a string, a number or a boolean.
package enum XPathValue: Sendable, Equatable {
    case nodes([Int])
    case string(String)
    case number(Double)
    case boolean(Bool)

    /// XPath's `boolean()`.
    var boolean: Bool {
        switch self {
        case .nodes(let nodes): !nodes.isEmpty
        case .string(let text): !text.isEmpty
        case .number(let value): value != 0 && !value.isNaN
        case .boolean(let value): value
        }
    }

    /// XPath's `string()`: a node-set is the string-value of its first node.
    func string(in tree: XMLTree) -> String {
        switch self {
        case .nodes(let nodes): nodes.first.map { tree.stringValue($0) } ?? ""
        case .string(let text): text
        case .number(let value): Self.format(value)
        case .boolean(let value): value ? "true" : "false"
        }
    }

    /// XPath's `number()`.
    func number(in tree: XMLTree) -> Double {
        switch self {
        case .number(let value): value
        case .boolean(let value): value ? 1 : 0
        case .string, .nodes: Self.number(string(in: tree))
        }
    }

    /// A string as XPath reads a number: optional whitespace, an optional minus, digits with
    /// an optional fraction; anything else is NaN.
    static func number(_ text: String) -> Double {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n"))
        var digits = 0
        var dots = 0
        for (offset, scalar) in trimmed.unicodeScalars.enumerated() {
            switch scalar {
            case "-" where offset == 0: continue
            case ".": dots += 1
            case "0"..."9": digits += 1
            default: return .nan
            }
        }
        guard digits > 0, dots <= 1 else { return .nan }
        return Double(trimmed) ?? Double(trimmed.replacingOccurrences(of: "-.", with: "-0.")) ?? .nan
    }

    /// A number as XPath prints it: integers without a fraction, no exponent, `NaN`, `Infinity`.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        if value.rounded() == value, abs(value) < 1e18 { return String(Int64(value)) }
        let text = String(value)
        guard let exponentIndex = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
              let exponent = Int(text[text.index(after: exponentIndex)...]) else { return text }
        // Spell out the exponent: 1.5e-07 → 0.00000015, 1.5e+20 → 150000000000000000000.
        var mantissa = String(text[..<exponentIndex])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integerPart = String(parts[0])
        let fractionPart = parts.count > 1 ? String(parts[1]) : ""
        var digits = integerPart + fractionPart
        var pointPosition = integerPart.count + exponent
        if pointPosition <= 0 {
            digits = String(repeating: "0", count: 1 - pointPosition) + digits
            pointPosition = 1
        }
        if pointPosition >= digits.count {
            digits += String(repeating: "0", count: pointPosition - digits.count)
            return (negative ? "-" : "") + digits
        }
        let split = digits.index(digits.startIndex, offsetBy: pointPosition)
        var fraction = String(digits[split...])
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (negative ? "-" : "") + String(digits[..<split]) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
