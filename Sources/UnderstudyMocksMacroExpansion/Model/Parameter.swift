import Foundation
import SwiftSyntax

/// One parameter of a function, initializer or subscript requirement.
struct RequirementParameter {
    /// The argument label (`nil` for `_`, or none, as in a subscript).
    let label: String?
    /// The name the body uses.
    let name: String
    /// The type as written (`inout` and `@escaping` removed, `T...` as `[T]`).
    let type: String
    let isInout: Bool
    let isVariadic: Bool
    /// A function type without `@escaping`: the mock may not keep it.
    let isNonEscapingClosure: Bool

    /// How reports and conditions name it: the label, or the name where there is none.
    var displayLabel: String { label ?? name }

    init(_ syntax: FunctionParameterSyntax, isSubscript: Bool) {
        let first = syntax.firstName.text
        let second = syntax.secondName?.text
        if isSubscript {
            label = second == nil ? nil : (first == "_" ? nil : first)
            name = second ?? first
        } else {
            label = first == "_" ? nil : first
            name = second ?? first
        }
        var type = syntax.type
        var isInout = false
        var escaping = false
        if let attributed = type.as(AttributedTypeSyntax.self) {
            isInout = attributed.specifiers.contains { $0.trimmedDescription == "inout" }
            escaping = attributed.attributes.contains { $0.trimmedDescription == "@escaping" }
            let kept = attributed.attributes.filter { $0.trimmedDescription != "@escaping" }
            if kept.isEmpty, attributed.specifiers.allSatisfy({ $0.trimmedDescription == "inout" }) {
                type = attributed.baseType
            } else {
                type = TypeSyntax(attributed.with(\.attributes, kept).with(\.specifiers, attributed.specifiers.filter { $0.trimmedDescription != "inout" }))
            }
        }
        self.isInout = isInout
        isVariadic = syntax.ellipsis != nil
        let text = type.trimmedDescription
        self.type = isVariadic ? "[\(text)]" : text
        isNonEscapingClosure = !escaping && RequirementParameter.isFunctionType(type)
    }

    static func isFunctionType(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) { return isFunctionType(attributed.baseType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isFunctionType(only.type)
        }
        return false
    }

    /// The parameter's type in a builder: `some P` becomes `any P` (a clause cannot name the
    /// caller's concrete type), `[some P]` likewise.
    var builderType: String { type.replacingWord("some", with: "any") }
}

extension String {
    /// This text with the whole word `word` replaced.
    func replacingWord(_ word: String, with replacement: String) -> String {
        var result = ""
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(word),
               index == startIndex || !self[self.index(before: index)].isIdentifierCharacter,
               self.index(index, offsetBy: word.count) == endIndex || !self[self.index(index, offsetBy: word.count)].isIdentifierCharacter {
                result += replacement
                index = self.index(index, offsetBy: word.count)
            } else {
                result.append(self[index])
                index = self.index(after: index)
            }
        }
        return result
    }

    /// This text with `word` replaced except inside `#"…"#` literals (the members' keys, which
    /// must stay the requirement's signature as written).
    func replacingWordOutsideRawLiterals(_ word: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let open = rest.range(of: "#\"") {
            result += String(rest[..<open.lowerBound]).replacingWord(word, with: replacement)
            guard let close = rest[open.upperBound...].range(of: "\"#") else { return result + rest[open.lowerBound...] }
            result += rest[open.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
        }
        return result + String(rest).replacingWord(word, with: replacement)
    }

    /// Whether the identifier `word` appears in this text as a whole word.
    func containsWord(_ word: String) -> Bool { replacingWord(word, with: "\u{0}") != self }
}

extension Character {
    var isIdentifierCharacter: Bool { isLetter || isNumber || self == "_" }
}
