extension RegexPattern {
    /// The ASCII text that every value the expression matches starts with, read off the start of
    /// the expression (`/things/` for `/things/[0-9]+`); empty when none can be told for sure.
    ///
    /// Route indexes bucket regex stubs by it. It errs on the short side: it stops at the first
    /// character that is not plainly literal (a class, group, escape sequence, anchor or
    /// non-ASCII character), drops a character a `?`, `*` or `{` quantifier makes optional, and
    /// is empty for any expression with a `|`, whose alternatives need not share a start. An
    /// expression that does not compile has none.
    var literalPrefix: String {
        guard compileError == nil else { return "" }
        let characters = Array(source.unicodeScalars)
        guard !characters.contains("|") else { return "" }
        var prefix: [Unicode.Scalar] = []
        var position = characters.first == "^" ? 1 : 0
        while position < characters.count {
            var character = characters[position]
            guard character.isASCII else { break }
            var length = 1
            if character == "\\" {
                // An escaped punctuation character is itself; `\d`, `\Q`, `\x41`… are not read.
                guard position + 1 < characters.count else { break }
                let escaped = characters[position + 1]
                guard escaped.isASCII, !escaped.properties.isAlphabetic, !("0"..."9").contains(escaped) else { break }
                character = escaped
                length = 2
            } else if Self.metacharacters.contains(character) {
                break
            }
            let next = position + length < characters.count ? characters[position + length] : nil
            if let next, next == "?" || next == "*" || next == "{" { break }
            prefix.append(character)
            // `a+` needs one `a`, then anything the rest allows.
            if next == "+" { break }
            position += length
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: prefix)
        return text
    }

    /// Characters with a meaning of their own in ICU's syntax outside a class.
    private static let metacharacters: Set<Unicode.Scalar> = [".", "[", "]", "(", ")", "{", "}", "*", "+", "?", "|", "^", "$", "\\"]
}
