/// An amount of time relative to "now", written `now`, `now +3 days`, `now -15 minutes` or, as
/// WireMock also allows, without the `now` (`3 days`, `-15 minutes`).
package struct DateTimeOffset: Sendable, Hashable {
    /// How many units; negative for the past.
    package var amount: Int
    /// The unit of `amount`.
    package var unit: DateTimeUnit

    /// No offset: "now" itself.
    package static let none = DateTimeOffset(amount: 0, unit: .seconds)

    package init(amount: Int, unit: DateTimeUnit) {
        self.amount = amount
        self.unit = unit
    }

    /// Parses `now`, `now +3 days`, `+3 days`, `-15 minutes` (case-insensitive; unit singular or plural).
    /// Returns `nil` when the text is not shaped like an offset; throws when it is but the
    /// number or unit is wrong.
    package static func parse(_ text: String) throws(DateTimePatternError) -> DateTimeOffset? {
        guard let (number, unitName) = parts(of: text) else { return nil }
        guard let number else { return DateTimeOffset.none }
        guard let amount = Int32(number) else {
            throw DateTimePatternError("the offset \(number) in \"\(text)\" is out of range; use a whole number between \(Int32.min) and \(Int32.max)")
        }
        guard let unit = DateTimeUnit(name: String(unitName)) else {
            throw DateTimePatternError("unknown unit \"\(unitName)\" in \"\(text)\"; use one of: \(DateTimeUnit.namesForMessages)")
        }
        return DateTimeOffset(amount: Int(amount), unit: unit)
    }

    /// Splits `[now ][±]digits letters` into the signed number and the unit name; `(nil, "")` for bare `now`.
    private static func parts(of text: String) -> (number: Substring?, unit: Substring)? {
        if text.lowercased() == "now" { return (nil, "") }
        var rest = Substring(text)
        if rest.count > 4, rest.prefix(4).lowercased() == "now " { rest = rest.dropFirst(4) }
        let words = rest.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 2 else { return nil }
        let number = words[0], unit = words[1]
        let digits = number.first == "+" || number.first == "-" ? number.dropFirst() : number
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              !unit.isEmpty, unit.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        return (number, unit)
    }

    /// `value` moved by this offset, or `nil` when that leaves the supported years.
    package func shift(_ value: DateTimeValue) -> DateTimeValue? {
        amount == 0 ? value : value.adding(amount, unit)
    }
}
