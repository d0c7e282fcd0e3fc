import Foundation
import UnderstudySupport

extension TemplateRenderer {
    static let numberHelperNames: Set<String> = ["math", "numberFormat", "stripes"]

    /// The locale Java's `Locale.getDefault()` gives WireMock on a machine without one (its
    /// Docker image): what `numberFormat` and `dateFormat` use when not given a locale.
    static let javaDefaultLocale = "en_US"

    /// Handlebars.java's `StringHelpers.numberFormat` and `NumberHelper.stripes`.
    func numberHelper(_ name: String, _ arguments: Arguments) throws -> TemplateValue? {
        switch name {
        case "math":
            guard arguments.params.count == 3 else {
                throw HelperFailure("takes two operands and an operator: {{math 3 '+' 2}}")
            }
            return try Self.math(arguments[0], arguments[1].text, arguments[2])
        case "numberFormat":
            // Anything but a number gives the second argument, or nothing, as Handlebars does.
            guard arguments[0].isNumeric, let number = arguments[0].number else {
                return arguments.params.count > 1 ? .string(arguments[1].text) : .null
            }
            return .string(try Self.numberFormatter(arguments).string(from: NSNumber(value: number)) ?? arguments[0].text)
        case "stripes":
            // {{stripes @index 'even' 'odd'}}
            guard let number = arguments[0].integer else { return .null }
            if number % 2 == 0 { return .string(arguments.params.count > 1 ? arguments[1].text : "even") }
            return .string(arguments.params.count > 2 ? arguments[2].text : "odd")
        default:
            return nil
        }
    }

    /// `{{numberFormat value [style-or-pattern] [locale] groupingUsed= maximumFractionDigits=
    /// maximumIntegerDigits= minimumFractionDigits= minimumIntegerDigits= roundingMode=}}`.
    /// Styles are Java's `NumberFormat` instances (`default`, `integer`, `currency`,
    /// `percent`); anything else is a `DecimalFormat` pattern such as `#,##0.00`.
    private static func numberFormatter(_ arguments: Arguments) throws -> NumberFormatter {
        let formatter = NumberFormatter()
        let localeName = arguments.params.count > 2 ? arguments[2].text : javaDefaultLocale
        formatter.locale = Locale(identifier: localeName)
        formatter.roundingMode = .halfEven
        let style = arguments.params.count > 1 ? arguments[1].text : "default"
        switch style.trimmingWhitespace().uppercased() {
        case "DEFAULT":
            formatter.numberStyle = .decimal
            formatter.maximumFractionDigits = 3
        case "INTEGER":
            formatter.numberStyle = .decimal
            formatter.maximumFractionDigits = 0
        case "CURRENCY":
            formatter.numberStyle = .currency
        case "PERCENT":
            formatter.numberStyle = .percent
        default:
            formatter.numberStyle = .decimal
            formatter.positiveFormat = style
            formatter.negativeFormat = "-" + style
        }
        if let grouping = arguments.hash["groupingUsed"] { formatter.usesGroupingSeparator = grouping.isTruthy }
        let digitOptions: [(String, ReferenceWritableKeyPath<NumberFormatter, Int>)] = [
            ("maximumFractionDigits", \.maximumFractionDigits), ("maximumIntegerDigits", \.maximumIntegerDigits),
            ("minimumFractionDigits", \.minimumFractionDigits), ("minimumIntegerDigits", \.minimumIntegerDigits),
        ]
        for (option, keyPath) in digitOptions {
            guard let value = arguments.hash[option] else { continue }
            guard let digits = value.integer, (0...340).contains(digits) else { throw HelperFailure("\(option) must be a whole number from 0 to 340") }
            formatter[keyPath: keyPath] = digits
        }
        if let mode = arguments.string("roundingMode") {
            let modes: [String: NumberFormatter.RoundingMode] = [
                "UP": .up, "DOWN": .down, "CEILING": .ceiling, "FLOOR": .floor, "HALF_UP": .halfUp, "HALF_DOWN": .halfDown,
                "HALF_EVEN": .halfEven,
            ]
            guard let rounding = modes[mode.trimmingWhitespace().uppercased()] else {
                throw HelperFailure("roundingMode \"\(mode)\" is not one of UP, DOWN, CEILING, FLOOR, HALF_UP, HALF_DOWN, HALF_EVEN")
            }
            formatter.roundingMode = rounding
        }
        return formatter
    }

    /// WireMock's `MathsHelper`: `+`, `-`, `*` (or `x`), `/`, `%` in Java's `BigDecimal`
    /// arithmetic. A whole result is an integer; division keeps the left operand's decimal
    /// places, rounding half up (`{{math 10 '/' 4}}` is 3, `{{math 10.0 '/' 4}}` is 2.5); text
    /// that is not a number counts as 0.
    private static func math(_ lhs: TemplateValue, _ operation: String, _ rhs: TemplateValue) throws -> TemplateValue {
        let left = JavaDecimal(lhs)
        let right = JavaDecimal(rhs)
        var result: Decimal
        var scale: Int
        switch operation {
        case "+": result = left.value + right.value; scale = max(left.scale, right.scale)
        case "-": result = left.value - right.value; scale = max(left.scale, right.scale)
        case "*", "x": result = left.value * right.value; scale = left.scale + right.scale
        case "/":
            guard !right.value.isZero else { throw HelperFailure("division by zero") }
            result = left.value / right.value
            scale = left.scale
        case "%":
            guard !right.value.isZero else { throw HelperFailure("division by zero") }
            var quotient = left.value / right.value
            var truncated = Decimal()
            NSDecimalRound(&truncated, &quotient, 0, .down)
            result = left.value - truncated * right.value
            scale = max(left.scale, right.scale)
        default:
            throw HelperFailure("unknown operator \"\(operation)\"; use '+', '-', '*' (or 'x'), '/' or '%'")
        }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &result, scale, .plain)
        if scale == 0, let whole = Int(exactly: NSDecimalNumber(decimal: rounded).int64Value), Decimal(whole) == rounded { return .integer(whole) }
        return .decimal(NSDecimalNumber(decimal: rounded).doubleValue)
    }
}

/// A number as Java's `BigDecimal` holds it: the value and its decimal places (`2.50` has 2,
/// a `Double` as many as `Double.toString` writes, at least 1).
private struct JavaDecimal {
    var value: Decimal
    var scale: Int

    init(_ template: TemplateValue) {
        switch template {
        case .integer(let number):
            self.init(text: String(number))
        case .decimal(let number):
            let text = number.rounded() == number && abs(number) < 1e7 ? String(Int(number)) + ".0" : String(number)
            self.init(text: text)
        default:
            self.init(text: template.text.trimmingWhitespace())
        }
    }

    private init(text: String) {
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !text.isEmpty,
              text.allSatisfy({ $0.isNumber || "+-.eE".contains($0) }) else {
            value = 0
            scale = 0
            return
        }
        value = decimal
        let mantissa = text.split(whereSeparator: { $0 == "e" || $0 == "E" })
        let fraction = mantissa.first.flatMap { $0.split(separator: ".", maxSplits: 1).dropFirst().first }?.count ?? 0
        let exponent = mantissa.count > 1 ? Int(mantissa[1]) ?? 0 : 0
        scale = fraction - exponent
    }
}
