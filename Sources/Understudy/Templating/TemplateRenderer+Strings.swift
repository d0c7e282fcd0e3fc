import Foundation

extension TemplateRenderer {
    static let stringHelperNames: Set<String> = [
        "trim", "upper", "lower", "capitalize", "replace", "join", "substring", "abbreviate", "split",
    ]

    /// Text shaping.
    func stringHelper(_ name: String, _ arguments: Arguments) throws -> TemplateValue? {
        let text = arguments[0].text
        switch name {
        case "trim": return .string(text.trimmingWhitespace())
        case "upper": return .string(text.uppercased())
        case "lower": return .string(text.lowercased())
        case "capitalize":
            return .string(text.split(separator: " ", omittingEmptySubsequences: false)
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
        case "replace":
            guard arguments.params.count == 3 else { throw HelperFailure("takes text, what to replace and the replacement: {{replace 'a-b' '-' '+'}}") }
            let target = arguments[1].text
            guard !target.isEmpty else { return .string(text) }
            return .string(text.replacingOccurrences(of: target, with: arguments[2].text))
        case "join":
            guard arguments.params.count >= 2 else { throw HelperFailure("takes a separator and a list: {{join ',' (array 'a' 'b')}}") }
            let separator = arguments[0].text
            let items = arguments.params.count == 2 ? arguments[1].items : Array(arguments.params.dropFirst())
            let joined = items.map(\.text).joined(separator: separator)
            return .string((arguments.string("prefix") ?? "") + joined + (arguments.string("suffix") ?? ""))
        case "split":
            return .list(text.components(separatedBy: arguments[1].text.isEmpty ? "," : arguments[1].text).map(TemplateValue.string))
        case "substring":
            let characters = Array(text)
            guard let start = arguments[1].integer, start >= 0, start <= characters.count else {
                throw HelperFailure("takes text, a start index and an optional end index within the text")
            }
            let end = min(arguments[2].integer ?? characters.count, characters.count)
            return .string(end > start ? String(characters[start..<end]) : "")
        case "abbreviate":
            guard let length = arguments[1].integer, length >= 4 else { throw HelperFailure("takes text and a length of at least 4") }
            return .string(text.count <= length ? text : String(text.prefix(length - 3)) + "...")
        default:
            return nil
        }
    }
}
