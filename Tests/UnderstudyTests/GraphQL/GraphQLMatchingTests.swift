import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyGraphQL
@testable import UnderstudyGraphQLSyntax

/// `GraphQLPattern` against requests, as wiremock-graphql-extension 0.9.0 decides:
/// `wiremock-graphql-extension/src/main/kotlin/io/github/nilwurtz/GraphqlBodyMatcher.kt` (the
/// body's `query`, `variables`, `operationName`; absent parameters require absent fields) and
/// `EqualToGraphqlQueryPattern.kt` (graphql-java's `AstSorter` then `AstComparator`). Cases from
/// its `src/test/kotlin/io/github/nilwurtz/EqualToGraphqlQueryPatternTest.kt` and `e2e/fixtures/`.
struct GraphQLMatchingTests {
    /// An Apollo-style POST body.
    static func body(_ query: String, variables: String? = nil, operationName: String? = nil) -> String {
        var members = [#""query": \#(quotedJSON(query))"#]
        if let variables { members.append(#""variables": \#(variables)"#) }
        if let operationName { members.append(#""operationName": \#(quotedJSON(operationName))"#) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func quotedJSON(_ text: String) -> String { JSONValue.string(text).jsonText() }

    static func matches(_ pattern: GraphQLPattern, _ body: String) -> Bool {
        RequestPattern.post(urlPath: "/graphql").graphQL(pattern).matches(request(.post, "/graphql", body: body))
    }

    @Test(arguments: [
        // EqualToGraphqlQueryPatternTest: identical, reordered at one level and nested.
        ("{ hero { name friends { name } } }", "{ hero { name friends { name } } }"),
        ("{ hero { name age height } }", "{ hero { age height name } }"),
        ("{ hero { name friends { name friends { name age } } } }", "{ hero { name friends { name friends { age name } } } }"),
        // e2e/fixtures: order-match, alias-match (whitespace), argument-match, fragment-match.
        ("query { hero { id name }}", "query { hero { name id }}"),
        ("{ mainHero: hero { name } }", "{ mainHero:  hero { name } }"),
        ("{ hero(episode: NEWHOPE) { name } }", "{ hero(episode: NEWHOPE) { name } }"),
        ("fragment heroDetails on Hero { name } { hero { ...heroDetails } }", "{ hero { ...heroDetails } } fragment heroDetails on Hero { name }"),
        // Commas, comments, argument and top-level field order, `query` keyword on the shorthand.
        ("{ a(x: 1, y: 2) b }", "query {\n  # the second\n  b,\n  a(y: 2, x: 1)\n}"),
        // Input-object fields compare by name, block and quoted strings by value.
        (#"{ a(o: {x: 1, y: "s"}) }"#, "{ a(o: {y: \"\"\"s\"\"\", x: 1}) }"),
    ])
    func queriesEqualAsDocumentsMatch(_ stub: String, _ sent: String) {
        #expect(Self.matches(GraphQLPattern(query: stub), Self.body(sent)))
    }

    @Test(arguments: [
        // EqualToGraphqlQueryPatternTest: different depth, missing, additional and renamed fields.
        ("{ hero { name friends { name } } }", "{ hero { name friends { name { first last } } } }"),
        ("{ hero { friends { name } } }", "{ hero { name friends { name } } }"),
        ("{ hero { name friends { name } } }", "{ hero { name friends { namea } } }"),
        // e2e/fixtures: alias-not-match, argument-not-match, fragment-set-not-match.
        ("{ mainHero: hero { name } }", "{ main_hero: hero { name } }"),
        ("{ hero(episode: NEWHOPE) { name } }", "{ hero(episode: EMPIRE) { name } }"),
        ("fragment heroDetails on Hero { name } { hero { ...heroDetails } }", "fragment heroDetails on Hero { name age } { hero { ...heroDetails } }"),
        // Fragment names count and fragments are not inlined: AstComparator compares a spread by
        // its name. (e2e/fixtures/fragment-name-match and multiple-fragments-match expect a match;
        // they date from the normaliser 0.8.0 removed, and their `assert` is off without -ea.)
        ("fragment a on Hero { name } { hero { ...a } }", "fragment b on Hero { name } { hero { ...b } }"),
        ("fragment a on Hero { name } { hero { ...a } }", "{ hero { name } }"),
        // List order counts; a float's scale counts, as BigDecimal.equals.
        ("{ a(ids: [1, 2]) }", "{ a(ids: [2, 1]) }"),
        ("{ a(x: 1.0) }", "{ a(x: 1.00) }"),
        ("query A { a }", "query B { a }"),
    ])
    func queriesThatDifferDoNotMatch(_ stub: String, _ sent: String) {
        #expect(!Self.matches(GraphQLPattern(query: stub), Self.body(sent)))
    }

    /// e2e/fixtures/variables-*: object members in any order, arrays in order.
    @Test func variablesCompareAsJSON() {
        let query = "query GetCharacters($ids: [ID!], $info: CharacterInfo) { characters(ids: $ids, info: $info) { name age } }"
        let pattern = GraphQLPattern(query: query, variables: ["info": ["minAge": 18, "showOnlyActive": true], "ids": [1, 2, 3]])
        #expect(Self.matches(pattern, Self.body(query, variables: #"{"ids": [1, 2, 3], "info": {"showOnlyActive": true, "minAge": 18}}"#)))
        #expect(!Self.matches(pattern, Self.body(query, variables: #"{"ids": [3, 1, 2], "info": {"showOnlyActive": true, "minAge": 18}}"#)))
        #expect(!Self.matches(pattern, Self.body(query, variables: #"{"ids": [1, 2, 3], "info": {"showOnlyActive": true, "minAge": 18}, "extra": 1}"#)))
        #expect(!Self.matches(pattern, Self.body(query)))
    }

    /// GraphqlBodyMatcher.kt: a parameter the stub leaves out is matched with `AbsentPattern`.
    @Test func absentVariablesAndOperationNameMustBeAbsentFromTheRequest() {
        let pattern = GraphQLPattern(query: "{ hero { name } }")
        #expect(Self.matches(pattern, Self.body("{ hero { name } }")))
        #expect(Self.matches(pattern, #"{"query": "{ hero { name } }", "variables": null, "operationName": null}"#))
        #expect(!Self.matches(pattern, Self.body("{ hero { name } }", variables: "{}")))
        // The Apollo trap: Apollo iOS always sends operationName.
        #expect(!Self.matches(pattern, Self.body("{ hero { name } }", operationName: "HeroName")))
        let named = GraphQLPattern(query: "query HeroName { hero { name } }", operationName: "HeroName")
        #expect(Self.matches(named, Self.body("query HeroName { hero { name } }", operationName: "HeroName")))
        #expect(!Self.matches(named, Self.body("query HeroName { hero { name } }")))
    }

    /// The extension reads the body with WireMock's `Json.read`, whose Jackson mapper allows
    /// comments and single quotes.
    @Test func theBodyIsReadAsWireMocksJSONReaderReadsIt() {
        let pattern = GraphQLPattern(query: "{ hero { name } }")
        #expect(Self.matches(pattern, "{'query': '{ hero { name } }' /* sent by a test */}"))
    }

    @Test func requestsThatAreNotGraphQLBodiesDoNotMatch() {
        let pattern = GraphQLPattern(query: "{ hero { name } }")
        for body in ["", "not json", "[]", #"{"extensions": {"persistedQuery": {"sha256Hash": "abc"}}}"#, #"{"query": 1}"#, #"{"query": "{ hero { name }"}"#] {
            #expect(!Self.matches(pattern, body), "\(body)")
        }
        // GET with the query in the URL: the extension reads only the body.
        #expect(!RequestPattern.any(urlPath: "/graphql").graphQL(pattern).matches(request(.get, "/graphql?query=%7B%20hero%20%7B%20name%20%7D%20%7D")))
    }

    @Test(arguments: [
        ("{ hero { name } }", "{ hero { name age } }", "differs at field `hero.age`: the stub does not select it"),
        ("{ hero(episode: NEWHOPE) { name } }", "{ hero(episode: EMPIRE) { name } }", "differs at field `hero`: argument `episode` expected NEWHOPE, got EMPIRE"),
        ("{ hero(episode: NEWHOPE) { name } }", "{ hero { name } }", "differs at field `hero`: the request does not pass the argument `episode` (the stub wants NEWHOPE)"),
        ("fragment a on Hero { name } { hero { ...a } }", "fragment b on Hero { name } { hero { ...b } }", "differs at fragment spread `...a` in `hero`: the request does not select it"),
        ("query Q($id: ID!) { a(id: $id) }", "query Q($id: ID) { a(id: $id) }", "in query `Q`, the variable `$id` is declared `ID!` in the stub, `ID` in the request"),
        ("query A { a }", "query B { a }", "the request has no query `A` (it sends query `B`)"),
        ("{ mainHero: hero { name } }", "{ main_hero: hero { name } }", "differs at field `mainHero:hero`: the request does not select it"),
        ("{ hero { name } }", "{ hero { name { first } } }", "differs at field `hero.name`: the stub selects no subfields of it, the request selects { first }"),
        ("{ hero { ... on Droid { id } } }", "{ hero { ... on Droid { id name } } }", "differs at field `hero.(on Droid).name`: the stub does not select it"),
        ("fragment F on Hero { name } { hero { ...F } }", "fragment F on Hero { name age } { hero { ...F } }", "in fragment `F`, differs at field `age`: the stub does not select it"),
        ("{ a @include(if: true) }", "{ a @include(if: false) }", "differs at field `a`: the directives on it differ: @include(if: true) in the stub, @include(if: false) in the request"),
    ])
    func theFirstDifferenceNamesTheFieldPath(_ stub: String, _ sent: String, _ difference: String) throws {
        let expected = try GraphQLParser.parse(stub).normalized()
        let actual = try GraphQLParser.parse(sent).normalized()
        #expect(expected.firstDifference(from: actual) == difference)
        #expect(expected.firstDifference(from: expected) == nil)
    }

    @Test func nearMissesRankByHowMuchOfTheQueryDiffers() {
        let pattern = RequestPattern.graphQL(query: "{ hero { name age friends { name } } }")
        let close = pattern.match(request(.post, "/graphql", body: Self.body("{ hero { name age friends { age } } }")))
        let far = pattern.match(request(.post, "/graphql", body: Self.body("{ villain { id } }")))
        #expect(!close.isExactMatch && !far.isExactMatch)
        #expect(close.distance < far.distance)
    }

    @Test func theSwiftSpellingIsAPostToGraphQLWithTheThreeParts() {
        let pattern = RequestPattern.graphQL(operation: "HeroName", query: "query HeroName($id: ID!) { hero(id: $id) { name } }", variables: ["id": "1"])
        #expect(pattern.method == .post)
        #expect(pattern.url == .urlPath("/graphql"))
        #expect(pattern.graphQL == GraphQLPattern(query: "query HeroName($id: ID!) { hero(id: $id) { name } }", variables: ["id": "1"], operationName: "HeroName"))
        #expect(pattern.description == #"POST urlPath "/graphql" with GraphQL query query HeroName($id: ID!) { hero(id: $id) { name } } variables {"id":"1"} operationName "HeroName""#)
        #expect(RequestPattern.graphQL(query: "{ a").problems == ["the GraphQL query does not parse: GraphQL syntax error at 1:4: expected `}` to close the selection set opened at 1:1, found the end of the query; add the missing `}`"])
    }

    @Test func nearMissReportNamesTheFieldAndVariableThatDiffer() {
        let mock = HTTPMock()
        mock.stub(StubMapping(id: fixedID(1), name: "Hero", .graphQL(operation: "HeroName", query: "query HeroName($id: ID!) { hero(id: $id) { name friends { name } } }", variables: ["id": 1]), .ok))
        let sent = Self.body("query HeroName($id: ID!) { hero(id: $id) { name friends { id } } }", variables: #"{"id": 2}"#, operationName: "HeroName")
        #expect(mock.nearMisses(for: request(.post, "/graphql", body: sent)).text == """
            No stub matched POST /graphql

            Nearest stub 1 of 1: "Hero" (id 00000000-0000-0000-0000-000000000001), distance 0.05
              ✓ method: POST
              ✓ urlPath: "/graphql"
              ✗ GraphQL query: expected query HeroName($id: ID!) { hero(id: $id) { friends { name } name } } (in query `HeroName`, differs at field `hero.friends.name`: the request does not select it), got query HeroName($id: ID!) { hero(id: $id) { friends { id } name } }
              ✗ GraphQL variables: expected {"id":1} (variable `id` expected 1, got 2), got {"id":2}
              ✓ GraphQL operationName: "HeroName"

            """)
    }

    @Test func nearMissReportExplainsTheApolloOperationNameTrap() {
        let mock = HTTPMock()
        mock.stub(StubMapping(id: fixedID(1), .graphQL(query: "query HeroName { hero { name } }"), .ok))
        let sent = Self.body("query HeroName { hero { name } }", operationName: "HeroName")
        let lines = mock.nearMisses(for: request(.post, "/graphql", body: sent)).text.split(separator: "\n")
        #expect(lines.contains(#"  ✗ GraphQL operationName: expected absent (the stub has no "operationName", and graphql-body-matcher then requires the request to send none; Apollo iOS always sends one: add "operationName": "HeroName" to the stub), got "HeroName""#))
    }
}
