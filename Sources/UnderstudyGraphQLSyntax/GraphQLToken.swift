/// One lexical token of a GraphQL document, with where it starts.
package struct GraphQLToken: Sendable, Hashable {
    /// What kind of token it is.
    package enum Kind: Sendable, Hashable {
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

    package let kind: Kind
    package let text: String
    package let line: Int
    package let column: Int

    /// How the token reads in an error message: `` `{` ``, `name \`hero\``, `the end of the query`.
    package var rendered: String {
        switch kind {
        case .punctuator: "`\(text)`"
        case .name: "name `\(text)`"
        case .int, .float: "number `\(text)`"
        case .string: "a string"
        case .end: "the end of the query"
        }
    }

    /// Whether this is the punctuator `text`.
    package func isPunctuator(_ text: String) -> Bool { kind == .punctuator && self.text == text }

    /// Whether this is the name `text`.
    package func isName(_ text: String) -> Bool { kind == .name && self.text == text }
}
