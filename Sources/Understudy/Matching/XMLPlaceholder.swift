import Foundation
import UnderstudyDateTime
import UnderstudySupport

/// An XMLUnit placeholder in an expected text or attribute value (`${xmlunit.ignore}`,
/// `${xmlunit.isNumber}`, `${xmlunit.matchesRegex(…)}`, `${xmlunit.isDateTime}`,
/// `${xmlunit.isDateTime(format)}`), as XMLUnit 2.11's `PlaceholderDifferenceEvaluator` reads
/// them: the whole value, give or take whitespace, is opening delimiter, keyword, closing delimiter.
enum XMLPlaceholder: Sendable, Hashable {
    case ignore
    case isNumber
    case matchesRegex(RegexPattern)
    case isDateTime(format: String?)

    /// XMLUnit's default delimiters, `${` and `}`.
    static let defaultOpening = #"\$\{"#
    static let defaultClosing = #"\}"#

    /// Finds placeholders with the delimiters of one `equalToXml` pattern.
    struct Reader: Sendable {
        private let regex: BoundedRegex

        /// Compiles the delimiter regexes; throws a message naming the one that is invalid.
        init(opening: String?, closing: String?) throws(XMLComparisonError) {
            let opening = Self.javaCompatible(opening ?? XMLPlaceholder.defaultOpening)
            let closing = Self.javaCompatible(closing ?? XMLPlaceholder.defaultClosing)
            do {
                regex = try BoundedRegex(#"\s*(?:"# + opening + #")\s*(.+)\s*(?:"# + closing + #")\s*"#,
                                         options: [.dotMatchesLineSeparators], wholeValue: true)
            } catch {
                throw XMLComparisonError("the placeholder delimiters \"\(opening)\" and \"\(closing)\" are not valid regular expressions: \(error)")
            }
        }

        /// Java reads a `}` that closes no quantifier as a literal; ICU refuses it, so it is escaped.
        static func javaCompatible(_ regex: String) -> String {
            var result = ""
            var characters = regex[...]
            while let character = characters.first {
                characters = characters.dropFirst()
                if character == "\\", let next = characters.first {
                    result += "\\" + String(next)
                    characters = characters.dropFirst()
                } else if character == "{", let close = characters.firstIndex(of: "}"),
                          characters[..<close].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ",") }), !characters[..<close].isEmpty {
                    result += "{" + characters[...close]
                    characters = characters[characters.index(after: close)...]
                } else if character == "}" {
                    result += "\\}"
                } else {
                    result.append(character)
                }
            }
            return result
        }

        /// The placeholder `value` holds: `nil` when it holds none; throws for an unknown keyword.
        func placeholder(in value: String) throws(XMLComparisonError) -> XMLPlaceholder? {
            guard case .matched(let groups) = regex.firstMatch(in: value, anchored: true),
                  groups.count > 1, let range = groups[1] else { return nil }
            let body = value[range].trimmingCharacters(in: .whitespaces)
            if body == "xmlunit.ignore" { return .ignore }
            if body == "xmlunit.isNumber" { return .isNumber }
            if body == "xmlunit.isDateTime" { return .isDateTime(format: nil) }
            for (keyword, make) in [
                ("xmlunit.matchesRegex(", { XMLPlaceholder.matchesRegex(RegexPattern($0)) }),
                ("xmlunit.isDateTime(", { XMLPlaceholder.isDateTime(format: $0) }),
            ] as [(String, (String) -> XMLPlaceholder)] where body.hasPrefix(keyword) && body.hasSuffix(")") {
                let argument = String(body.dropFirst(keyword.count).dropLast())
                let placeholder = make(argument)
                if case .matchesRegex(let regex) = placeholder, let problem = regex.compileError {
                    throw XMLComparisonError("the placeholder \(value) holds an \(problem)")
                }
                if case .isDateTime(let format?) = placeholder {
                    do {
                        _ = try DateTimeParser(actualFormat: format)
                    } catch {
                        throw XMLComparisonError("the placeholder \(value) has a date format XMLUnit would reject: \(error)")
                    }
                }
                return placeholder
            }
            throw XMLComparisonError("unknown XMLUnit placeholder \"\(body)\"; XMLUnit knows xmlunit.ignore, xmlunit.isNumber, "
                + "xmlunit.matchesRegex(regex), xmlunit.isDateTime and xmlunit.isDateTime(format)")
        }
    }

    /// Whether the actual value (`nil` when absent) satisfies the placeholder.
    func accepts(_ actual: String?) -> Bool {
        switch self {
        case .ignore:
            return true
        case .isNumber:
            guard let actual else { return false }
            let trimmed = actual.trimmingCharacters(in: .whitespaces)
            return Double(trimmed) != nil && !trimmed.lowercased().contains("n") // no nan/inf spellings
        case .matchesRegex(let regex):
            return actual.map(regex.matches) ?? false
        case .isDateTime(let format):
            guard let actual = actual?.trimmingCharacters(in: .whitespaces) else { return false }
            if let format { return (try? DateTimeParser(actualFormat: format))?.parse(actual) != nil }
            return ISODateTimeParser.parse(actual) != nil
        }
    }
}

/// An `equalToXml` pattern that cannot be built.
struct XMLComparisonError: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
