import Foundation
import Understudy
import UnderstudyJSON

/// The `type` rules of a templated response's fields: a header or body value written with
/// `{{…}}` is made from each request, so the contract asks the provider for a value of the
/// same type rather than the one this request got.
enum PactTemplatedFields {
    /// The rules for `template` (the stub's response as written), and why a templated part
    /// could not be mapped, if one could not.
    static func rules(for template: ResponseDefinition) -> (rules: PactMatchingRules, unmapped: String?) {
        var rules = PactMatchingRules()
        for name in template.headers.names where template.headers.values(for: name).contains(where: isTemplated) {
            rules.add(.header, name, PactRule(matchers: [PactRule.type]))
        }
        var unmapped: String?
        switch template.body {
        case .json(let json):
            for path in templatedPaths(json, at: "$") { rules.add(.body, path, PactRule(matchers: [PactRule.type])) }
        case .text(let text) where isTemplated(text):
            if let paths = templatedPaths(inJSONTemplate: text) {
                for path in paths { rules.add(.body, path, PactRule(matchers: [PactRule.type])) }
            } else {
                unmapped = "a templated body that is not JSON with {{…}} values (a block helper, or text) is compared as this request's answer"
            }
        case .file:
            unmapped = "a templated body file is compared as this request's answer"
        default:
            break
        }
        return (rules, unmapped)
    }

    static func isTemplated(_ text: String) -> Bool { text.contains("{{") }

    /// The paths of the string values holding a template in `value`.
    private static func templatedPaths(_ value: JSONValue, at path: String) -> [String] {
        switch value {
        case .string(let text): isTemplated(text) ? [path] : []
        case .object(let object): object.flatMap { templatedPaths($0.value, at: PactJSONPath.member(path, $0.key)) }
        case .array(let elements): elements.enumerated().flatMap { templatedPaths($0.element, at: "\(path)[\($0.offset)]") }
        default: []
        }
    }

    /// A marker no template's text holds, standing for one `{{…}}`.
    private static let marker = "\u{E000}understudy\u{E000}"

    /// The paths of the values a JSON text template fills in, found by putting a marker string
    /// where each `{{…}}` stands (a quoted one inside a string, a whole string outside one) and
    /// reading the JSON; `nil` when that is not JSON (a block helper such as `{{#each}}`).
    static func templatedPaths(inJSONTemplate template: String) -> [String]? {
        var output = ""
        var inString = false
        var escaped = false
        var rest = Substring(template)
        while let character = rest.first {
            if !escaped, rest.hasPrefix("{{") {
                let opening = rest.hasPrefix("{{{") ? 3 : 2
                let closing = String(repeating: "}", count: opening)
                guard let end = rest.range(of: closing) else { return nil }
                let expression = rest[rest.index(rest.startIndex, offsetBy: opening)..<end.lowerBound].trimmingCharacters(in: .whitespaces)
                if let first = expression.first, "#/^!>".contains(first) || expression.hasPrefix("else") { return nil }
                output += inString ? marker : "\"\(marker)\""
                rest = rest[end.upperBound...]
                continue
            }
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            }
            output.append(character)
            rest = rest.dropFirst()
        }
        guard let json = try? JSONValue(parsing: output) else { return nil }
        return markedPaths(json, at: "$")
    }

    private static func markedPaths(_ value: JSONValue, at path: String) -> [String] {
        switch value {
        case .string(let text): text.contains(marker) ? [path] : []
        case .object(let object): object.flatMap { markedPaths($0.value, at: PactJSONPath.member(path, $0.key)) }
        case .array(let elements): elements.enumerated().flatMap { markedPaths($0.element, at: "\(path)[\($0.offset)]") }
        default: []
        }
    }
}
