/// Parses RFC 6265 `Cookie` request headers: `a=1; b=2`.
///
/// Pairs are separated by `;`, names and values are trimmed of spaces and tabs, a value
/// wrapped in double quotes loses the quotes, and pieces without `=` (or with an empty name)
/// are ignored. Order and duplicate names are kept, across all header values given.
package enum CookieHeader {
    /// The cookies of every `Cookie` header value, in order.
    package static func parse(_ headerValues: [String]) -> [(name: String, value: String)] {
        var cookies: [(name: String, value: String)] = []
        for headerValue in headerValues {
            for piece in headerValue.split(separator: ";", omittingEmptySubsequences: true) {
                guard let equals = piece.firstIndex(of: "=") else { continue }
                let name = trim(piece[..<equals])
                guard !name.isEmpty else { continue }
                var value = trim(piece[piece.index(after: equals)...])
                if value.count >= 2, value.first == "\"", value.last == "\"" {
                    value = value.dropFirst().dropLast()
                }
                cookies.append((name: String(name), value: String(value)))
            }
        }
        return cookies
    }

    /// The text without leading and trailing spaces and tabs.
    private static func trim(_ text: Substring) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isBlank($0) }),
              let end = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return text[start...end]
    }
}
