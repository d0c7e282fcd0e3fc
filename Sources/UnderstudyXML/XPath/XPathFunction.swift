/// The XPath 1.0 core functions the subset implements (all but `id()` and `lang()`).
enum XPathFunction: String, Sendable, CaseIterable {
    case last, position, count
    case localName = "local-name", namespaceURI = "namespace-uri", name
    case string, concat
    case startsWith = "starts-with", contains
    case substringBefore = "substring-before", substringAfter = "substring-after", substring
    case stringLength = "string-length", normalizeSpace = "normalize-space", translate
    case boolean, not, `true`, `false`
    case number, sum, floor, ceiling, round

    /// How many arguments the function takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .last, .position, .true, .false: 0...0
        case .count, .sum, .floor, .ceiling, .round, .boolean, .not: 1...1
        case .localName, .namespaceURI, .name, .string, .stringLength, .normalizeSpace, .number: 0...1
        case .concat: 2...Int.max
        case .startsWith, .contains, .substringBefore, .substringAfter: 2...2
        case .substring: 2...3
        case .translate: 3...3
        }
    }

    /// Whether the arguments must be node-sets (`count`, `sum`, and the name functions).
    var takesNodeSet: Bool {
        switch self {
        case .count, .sum, .localName, .namespaceURI, .name: true
        default: false
        }
    }

    /// Why a function the subset lacks is refused, for the stub error.
    static func refusal(for name: String) -> String {
        switch name {
        case "id", "lang":
            return "the XPath function \(name)() is not supported by Understudy's XPath subset"
        case "matches", "lower-case", "upper-case", "replace", "tokenize", "ends-with", "string-join", "exists", "empty":
            return "\(name)() is an XPath 2.0 function; WireMock evaluates XPath 1.0, which does not have it"
        default:
            let known = allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown XPath function \(name)(); XPath 1.0 functions Understudy supports: \(known)"
        }
    }
}
