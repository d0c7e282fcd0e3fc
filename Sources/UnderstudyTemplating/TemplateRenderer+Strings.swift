import Foundation
import UnderstudySupport

extension TemplateRenderer {
    /// Handlebars.java's `StringHelpers` (all but `now` and `dateFormat`, which live with the
    /// dates, and `numberFormat`, with the numbers), which WireMock's `TemplateEngine`
    /// registers, plus WireMock's `trim` and Understudy's `split`.
    static let stringHelperNames: Set<String> = [
        "trim", "upper", "lower", "capitalize", "capitalizeFirst", "replace", "join", "substring", "abbreviate", "split",
        "center", "ljust", "rjust", "cut", "defaultIfEmpty", "slugify", "stringFormat", "stripTags", "wordWrap", "yesno",
    ]

    /// The helpers that answer a falsy first argument themselves; the others answer it, as
    /// `StringHelpers.apply` does, with their second argument or nothing.
    private static let stringHelpersTakingFalsy: Set<String> = ["trim", "split", "cut", "defaultIfEmpty", "join", "yesno", "stringFormat"]

    /// Text shaping, with Handlebars.java's semantics (Apache Commons' `StringUtils` and
    /// `WordUtils` underneath).
    func stringHelper(_ name: String, _ arguments: Arguments) throws -> TemplateValue? {
        guard Self.stringHelperNames.contains(name) else { return nil }
        if !arguments[0].isTruthy, !Self.stringHelpersTakingFalsy.contains(name) {
            return arguments.params.count > 1 ? .string(arguments[1].text) : .null
        }
        let text = arguments[0].text
        switch name {
        case "trim": return .string(text.trimmingWhitespace())
        case "upper": return .string(text.uppercased())
        case "lower": return .string(text.lowercased())
        case "capitalizeFirst":
            return .string(text.prefix(1).uppercased() + text.dropFirst())
        case "capitalize":
            // WordUtils.capitalize / capitalizeFully (fully=true lowers the rest of each word).
            let source = arguments.bool("fully") ? text.lowercased() : text
            var result = ""
            var startsWord = true
            for character in source {
                result += startsWord ? character.uppercased() : String(character)
                startsWord = character.isWhitespace
            }
            return .string(result)
        case "replace":
            guard arguments.params.count == 3 else { throw HelperFailure("takes text, what to replace and the replacement: {{replace 'a-b' '-' '+'}}") }
            let target = arguments[1].text
            guard !target.isEmpty else { return .string(text) }
            return .string(text.replacingOccurrences(of: target, with: arguments[2].text))
        case "join":
            return try Self.join(arguments)
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
        case "center", "ljust", "rjust":
            guard let size = arguments.hash["size"]?.integer else { throw HelperFailure("needs size=, the width to pad to: {{\(name) 'a' size=5}}") }
            guard size <= Self.maxItems else { throw HelperFailure("size \(size) is over the limit of \(Self.maxItems)") }
            let pad = arguments.string("pad").flatMap { $0.isEmpty ? nil : $0 } ?? " "
            switch name {
            case "ljust": return .string(text + Self.padding(pad, count: size - text.count))
            case "rjust": return .string(Self.padding(pad, count: size - text.count) + text)
            default:
                // StringUtils.center: the left gets half the padding, rounded down.
                let total = size - text.count
                guard total > 0 else { return .string(text) }
                return .string(Self.padding(pad, count: total / 2) + text + Self.padding(pad, count: total - total / 2))
            }
        case "cut":
            guard arguments[0].isTruthy else { return .string("") }
            let strip = arguments.params.count > 1 ? arguments[1].text : " "
            return .string(strip.isEmpty ? text : text.replacingOccurrences(of: strip, with: ""))
        case "defaultIfEmpty":
            return arguments[0].isTruthy ? .string(text) : .string(arguments.params.count > 1 ? arguments[1].text : "")
        case "slugify":
            // Letters lowered, whitespace to '-', everything else (digits too) dropped.
            var slug = ""
            for character in text.trimmingWhitespace() {
                if character.isLetter { slug += character.lowercased() } else if character.isWhitespace { slug += "-" }
            }
            return .string(slug)
        case "stringFormat":
            return .string(try JavaFormat.format(text, Array(arguments.params.dropFirst())))
        case "stripTags":
            return .string(Self.strippingTags(text))
        case "wordWrap":
            guard let width = arguments[1].integer else { throw HelperFailure("takes text and a line length: {{wordWrap text 40}}") }
            return .string(Self.wrap(text, width: max(width, 1)))
        case "yesno":
            switch arguments[0] {
            case .null: return .string(arguments.string("maybe") ?? "maybe")
            case .bool(let value): return .string(value ? arguments.string("yes") ?? "yes" : arguments.string("no") ?? "no")
            default: throw HelperFailure("takes true, false or null, found \(arguments[0].text)")
            }
        default:
            return nil
        }
    }

    /// Handlebars' `join`: the separator is the last argument; the first is a list or the first
    /// of the values to join (`{{join list ', '}}`, `{{join 'a' 'b' ', '}}`).
    private static func join(_ arguments: Arguments) throws -> TemplateValue {
        guard arguments[0].isTruthy else { return .string("") }
        guard arguments.params.count >= 2, let separator = arguments.params.last, separator.isText else {
            throw HelperFailure("the separator is the last argument and must be text: {{join list ', '}}; "
                + "to give the separator first, use {{arrayJoin ', ' list}}")
        }
        let values = arguments.params.count == 2 ? arguments[0].items : Array(arguments.params.dropLast())
        let joined = values.map(\.text).joined(separator: separator.text)
        return .string((arguments.string("prefix") ?? "") + joined + (arguments.string("suffix") ?? ""))
    }

    /// The text without `<…>` tags (the pattern `<[^>]*>`); a `<` never closed stays.
    private static func strippingTags(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            result += rest[..<open]
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// `count` characters of `pad` repeated (StringUtils' padding); nothing when `count` ≤ 0.
    private static func padding(_ pad: String, count: Int) -> String {
        guard count > 0 else { return "" }
        return String(String(repeating: pad, count: count / pad.count + 1).prefix(count))
    }

    /// WordUtils.wrap(text, width): lines broken at spaces, words longer than the width kept whole.
    private static func wrap(_ text: String, width: Int) -> String {
        let characters = Array(text)
        var lines: [String] = []
        var offset = 0
        while characters.count - offset > width {
            if characters[offset] == " " { offset += 1; continue }
            // The last space within width + 1 characters, else the first one after.
            let window = characters[offset...min(offset + width, characters.count - 1)]
            if let space = window.lastIndex(of: " ") {
                lines.append(String(characters[offset..<space]))
                offset = space + 1
            } else if let space = characters[(offset + width)...].firstIndex(of: " ") {
                lines.append(String(characters[offset..<space]))
                offset = space + 1
            } else {
                break
            }
        }
        lines.append(String(characters[offset...]))
        return lines.joined(separator: "\n")
    }
}
