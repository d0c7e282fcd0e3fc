import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyGraphQL
@testable import UnderstudyGraphQLSyntax

/// The GraphQL executable-document parser and the normalisation that stands in for
/// graphql-java's `AstSorter` (wiremock-graphql-extension 0.9.0,
/// `wiremock-graphql-extension/src/main/kotlin/io/github/nilwurtz/EqualToGraphqlQueryPattern.kt`,
/// which sorts with graphql-java 22.3's `src/main/java/graphql/language/AstSorter.java`).
struct GraphQLParserTests {
    @Test func parsesEveryKindOfExecutableDefinition() throws {
        let document = try GraphQLParser.parse("""
            # Leading comment
            query HeroName($id: ID! = "1", $episodes: [Episode!]) @cached(ttl: 60) {
              main: hero(id: $id, filter: {first: 10, tags: ["a", "b"], deep: {on: true}}) @include(if: true) {
                name,
                ...HeroFields
                ... on Droid { primaryFunction }
                ... @skip(if: false) { id }
              }
            }
            mutation { like(score: -1.5e3, ratio: 0.5, nothing: null, episode: JEDI, note: \"""
                Block
                  string
            \""") }
            subscription Updates { updated }
            fragment HeroFields on Character { friends { name } }
            """)
        #expect(document.description == #"query HeroName($id: ID! = "1", $episodes: [Episode!]) @cached(ttl: 60) { main: hero(id: $id, filter: {first: 10, tags: ["a", "b"], deep: {on: true}}) @include(if: true) { name ...HeroFields ... on Droid { primaryFunction } ... @skip(if: false) { id } } } mutation { like(score: -1.5e3, ratio: 0.5, nothing: null, episode: JEDI, note: "Block\n  string") } subscription Updates { updated } fragment HeroFields on Character { friends { name } }"#)
    }

    @Test func blockStringsFollowTheSpecificationsBlockStringValue() {
        #expect(GraphQLLexer.blockStringValue("\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  ") == "Hello,\n  World!\n\nYours,\n  GraphQL.")
        #expect(GraphQLLexer.blockStringValue("  first line keeps its indentation\n    next") == "  first line keeps its indentation\nnext")
    }

    @Test func escapesInQuotedStringsAreResolved() throws {
        let document = try GraphQLParser.parse(#"{ a(s: "tab\t quote\" \u00e9 \u{1F600} slash\/") }"#)
        #expect(document.description == #"{ a(s: "tab\t quote\" é 😀 slash/") }"#)
    }

    @Test(arguments: [
        ("{ hero { name }", "GraphQL syntax error at 1:16: expected `}` to close the selection set opened at 1:1, found the end of the query; add the missing `}`"),
        ("", "GraphQL syntax error at 1:1: the query is empty; write an operation such as `{ hero { name } }` or `query HeroName { hero { name } }`"),
        ("{ hero {} }", "GraphQL syntax error at 1:9: an empty selection set `{}`; select at least one field, or remove the braces from a leaf field"),
        ("query Q($id ID) { a }", "GraphQL syntax error at 1:13: expected `:` after `$id`, then its type, as in `$id: ID!`, found name `ID`"),
        ("{\n  hero(id: ) { name }\n}", "GraphQL syntax error at 2:12: expected a value (a number, a string, `true`, `false`, `null`, an enum value, a list, an object or a `$variable`), found `)`"),
        ("{ a(s: \"open\n\") }", "GraphQL syntax error at 1:13: the string opened at 1:8 runs into a line break; close it with `\"` on the same line, write `\\n`, or use a block string `\"\"\"…\"\"\"`"),
        ("{ a(n: 007) }", "GraphQL syntax error at 1:9: a number cannot start with `0` followed by another digit; write `0` without the leading zero"),
        ("{ a..b }", "GraphQL syntax error at 1:4: a lone `.`; a spread is written `...` (three dots), as in `...HeroFields` or `... on Droid { name }`"),
        ("type Query { a: Int }", "GraphQL syntax error at 1:1: `type` starts a type-system definition, which a query cannot hold; send only operations and fragments"),
        ("query Q($id: ID = $other) { a }", "GraphQL syntax error at 1:19: a variable cannot appear here (a default value or a directive on a variable definition is a constant); write a literal"),
        ("fragment F { a }", "GraphQL syntax error at 1:12: expected `on` and a type after the fragment name, as in `fragment F on Hero { … }`, found `{`"),
        ("{ a % }", "GraphQL syntax error at 1:5: unexpected character `%`; GraphQL names are letters, digits and `_`, strings are in double quotes"),
    ])
    func errorsNameLineColumnAndTheFix(_ query: String, _ message: String) {
        #expect(GraphQLPattern(query: query).syntaxError?.description == message)
        #expect(throws: GraphQLSyntaxError.self) { try GraphQLPattern.validate(query: query) }
    }

    @Test func nestingPastTheLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "{ a ", count: 5_000) + String(repeating: "}", count: 5_000)
        #expect(GraphQLPattern(query: deep).syntaxError?.description == "GraphQL syntax error at 1:401: nesting deeper than 100 levels; no real query needs that many, check for a generated or repeated query")
        let list = "{ a(x: " + String(repeating: "[", count: 5_000) + ") }"
        #expect(GraphQLPattern(query: list).syntaxError != nil)
    }

    /// Every prefix of a valid query, and random byte edits of it, parse or throw; none traps.
    @Test func truncatedAndMutatedQueriesThrowOrParse() {
        let query = #"query Q($id: ID! = "x", $l: [Int]) @d(a: 1) { h: hero(id: $id, o: {a: [1, 2.5e3, true, null, E]}) { ...F ... on D @skip(if: $b) { n } } } fragment F on H { m(s: """b\"""lock""") }"#
        var parsed = 0
        let scalars = Array(query.unicodeScalars)
        for end in 0 ... scalars.count {
            if (try? GraphQLPattern.validate(query: String(String.UnicodeScalarView(scalars[..<end])))) != nil { parsed += 1 }
        }
        #expect(parsed >= 1)
        let alphabet = Array("{}()[]:$@!=.\"#,\n\\ aZ09-e".unicodeScalars)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0 ..< 2_000 {
            var mutated = scalars
            for _ in 0 ... next(4) {
                let position = next(mutated.count)
                switch next(3) {
                case 0: mutated[position] = alphabet[next(alphabet.count)]
                case 1: mutated.remove(at: position)
                default: mutated.insert(alphabet[next(alphabet.count)], at: position)
                }
            }
            let text = String(String.UnicodeScalarView(mutated))
            let pattern = GraphQLPattern(query: text)
            if let error = pattern.syntaxError {
                #expect(error.line >= 1 && error.column >= 1)
            } else {
                // What parses prints as a query that parses to the same normalised document.
                let printed = GraphQLPattern(query: pattern.expectedQueryText)
                #expect(printed.document == pattern.document, "\(text)")
            }
        }
    }

    @Test func normalisationSortsAsAstSorterDoes() throws {
        func normalized(_ query: String) throws -> String { try GraphQLParser.parse(query).normalized().description }
        // Selections: fields, then spreads, then inline fragments, each by name (not alias); the
        // sort is stable, so two aliases of one field keep their order.
        #expect(try normalized("{ z ... on B { b } ...S y: a x: a b }") == "{ y: a x: a b z ...S ... on B { b } }")
        // Arguments, directives and input-object fields by name; lists keep their order.
        #expect(try normalized("{ f(b: {z: 1, a: [3, 1]}, a: 2) @y @x(b: 1, a: 2) }") == "{ f(a: 2, b: {a: [3, 1], z: 1}) @x(a: 2, b: 1) @y }")
        // Definitions: queries (anonymous first), mutations, subscriptions, fragments; variables by name.
        #expect(try normalized("fragment F on T { a } subscription S { s } mutation M { m } query Q($b: Int, $a: Int) { q } { r }")
            == "{ r } query Q($a: Int, $b: Int) { q } mutation M { m } subscription S { s } fragment F on T { a }")
        // Numbers by value as BigInteger and BigDecimal hold them.
        #expect(try normalized("{ f(a: -0, b: 1.50, c: 1e2, d: 1E+2, e: -0.0) }") == "{ f(a: 0, b: 150E-2, c: 1E2, d: 1E2, e: 0E-1) }")
    }
}
