/// One lexical token of a GraphQL document, with where it starts.
struct GraphQLToken: Sendable, Hashable {
    /// What kind of token it is.
    enum Kind: Sendable, Hashable {
        /// `! $ & ( ) ... : = @ [ ] { | }`; the text is the punctuator.
        case punctuator
        /// A name (`hero`, `query`, `on`, `true`); the text is the name.
        case name
        /// An integer literal, as written.
        case int
        /// A float literal, as written.
        case float
        /// A quoted or block string; the text is its value (escapes resolved, block
        /// indentation removed).
        case string
        /// The end of the document.
        case end
    }

    let kind: Kind
    let text: String
    let line: Int
    let column: Int

    /// How the token reads in an error message: `` `{` ``, `name \`hero\``, `the end of the query`.
    var rendered: String {
        switch kind {
        case .punctuator: "`\(text)`"
        case .name: "name `\(text)`"
        case .int, .float: "number `\(text)`"
        case .string: "a string"
        case .end: "the end of the query"
        }
    }

    /// Whether this is the punctuator `text`.
    func isPunctuator(_ text: String) -> Bool { kind == .punctuator && self.text == text }

    /// Whether this is the name `text`.
    func isName(_ text: String) -> Bool { kind == .name && self.text == text }
}
