/// Regular expressions as Pact's verifier reads them. Pact's `regex` rule *searches* the value
/// (Rust's `Regex::is_match`), where WireMock's `matches` must match all of it; so a WireMock
/// expression is written anchored, `^(?:…)$`, and a Pact expression read back is widened with
/// `.*` unless it is anchored already.
enum PactRegex {
    /// The characters a regular expression gives a meaning to.
    private static let metacharacters: Set<Character> = ["\\", ".", "+", "*", "?", "(", ")", "|", "[", "]", "{", "}", "^", "$"]

    /// `text` matched literally.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if metacharacters.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A WireMock (whole-value) expression as a Pact rule's expression.
    static func anchored(_ expression: String) -> String {
        if expression.hasPrefix("^") && expression.hasSuffix("$") && !expression.hasSuffix("\\$") { return expression }
        return "^(?:\(expression))$"
    }

    /// A Pact rule's (searching) expression as a WireMock whole-value expression.
    static func wholeValue(_ expression: String) -> String {
        if expression.hasPrefix("^") && expression.hasSuffix("$") && !expression.hasSuffix("\\$") { return expression }
        return ".*(?:\(expression)).*"
    }

    /// A `urlPathTemplate` (`/users/{id}`) as an anchored expression: each variable is one
    /// path segment, or what `variables` says it must be (a pattern's `pathParameters`).
    static func template(_ template: String, variables: [String: String] = [:]) -> String {
        var result = "^"
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += escaped(String(rest[..<open]))
            let name = String(rest[rest.index(after: open)..<close])
            result += variables[name].map { "(?:\($0))" } ?? "[^/]+"
            rest = rest[rest.index(after: close)...]
        }
        return result + escaped(String(rest)) + "$"
    }
}
