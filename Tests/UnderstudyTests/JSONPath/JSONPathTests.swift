import Testing
@testable import Understudy

struct JSONPathTests {
    /// Goessner's bookstore, the classic JSONPath example document.
    static let store = try! JSONParser.parse("""
        {"store": {
          "book": [
            {"category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95},
            {"category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99},
            {"category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99},
            {"category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings", "isbn": "0-395-19395-8", "price": 22.99}
          ],
          "bicycle": {"color": "red", "price": 399}
        },
        "expensive": 10,
        "tags": ["a", "b", "c", "d", "e"]}
        """)

    static let cases: [(String, String)] = [
        ("$.store.book[*].author", #"["Nigel Rees","Evelyn Waugh","Herman Melville","J. R. R. Tolkien"]"#),
        ("$..author", #"["Nigel Rees","Evelyn Waugh","Herman Melville","J. R. R. Tolkien"]"#),
        ("$.store.*", #"[[{"category":"reference","author":"Nigel Rees","title":"Sayings of the Century","price":8.95},{"category":"fiction","author":"Evelyn Waugh","title":"Sword of Honour","price":12.99},{"category":"fiction","author":"Herman Melville","title":"Moby Dick","isbn":"0-553-21311-3","price":8.99},{"category":"fiction","author":"J. R. R. Tolkien","title":"The Lord of the Rings","isbn":"0-395-19395-8","price":22.99}],{"color":"red","price":399}]"#),
        ("$.store..price", "[8.95,12.99,8.99,22.99,399]"),
        ("$..book[2].title", #"["Moby Dick"]"#),
        ("$..book[-1].title", #"["The Lord of the Rings"]"#),
        ("$..book[-1:].title", #"["The Lord of the Rings"]"#),
        ("$..book[0,1].title", #"["Sayings of the Century","Sword of Honour"]"#),
        ("$..book[:2].title", #"["Sayings of the Century","Sword of Honour"]"#),
        ("$..book[?(@.isbn)].title", #"["Moby Dick","The Lord of the Rings"]"#),
        ("$..book[?@.isbn].title", #"["Moby Dick","The Lord of the Rings"]"#),
        ("$..book[?(!@.isbn)].title", #"["Sayings of the Century","Sword of Honour"]"#),
        ("$.store.book[?(@.price < 10)].title", #"["Sayings of the Century","Moby Dick"]"#),
        ("$..book[?(@.price <= $.expensive)].price", "[8.95,8.99]"),
        ("$..book[?(@.price > 10 && @.category == 'fiction')].title", #"["Sword of Honour","The Lord of the Rings"]"#),
        ("$..book[?(@.price > 20 || @.author == \"Nigel Rees\")].price", "[8.95,22.99]"),
        ("$..book[?(@.author =~ /.*rees/i)].price", "[8.95]"),
        ("$..book[?(@.category in ['reference', 'poetry'])].price", "[8.95]"),
        ("$..book[?(@.category nin ['reference'])].price", "[12.99,8.99,22.99]"),
        ("$..book[?(length(@.title) > 15)].price", "[8.95,22.99]"),
        ("$..book[?match(@.isbn, '0-553-.*')].price", "[8.99]"),
        ("$..book[?search(@.title, 'of')].price", "[8.95,12.99,22.99]"),
        ("$.store['bicycle']['color']", #"["red"]"#),
        ("$[\"store\"].bicycle.price", "[399]"),
        ("$.tags[1:4:2]", #"["b","d"]"#),
        ("$.tags[::-1]", #"["e","d","c","b","a"]"#),
        ("$.tags[-2:]", #"["d","e"]"#),
        ("$.tags[10]", "[]"),
        ("$.tags.length()", "[5]"),
        ("$.store.book.size()", "[4]"),
        ("$.missing", "[]"),
        ("$", "[\(store.jsonText())]"),
        ("$.tags[?(@ == 'c')]", #"["c"]"#),
        ("$.tags[?(@ empty false)]", #"["a","b","c","d","e"]"#),
    ]

    @Test(arguments: cases)
    func selects(expression: String, expected: String) throws {
        let selected = try JSONPath(expression).evaluate(Self.store)
        #expect(JSONValue.array(selected).jsonText() == expected)
    }

    @Test(arguments: [
        ("$.a.b", true), ("$['a'][0]", true), ("$.a[*]", false), ("$..a", false), ("$.a[0:1]", false), ("$.a[?(@.x)]", false), ("$.a.length()", true),
    ])
    func definitePaths(expression: String, definite: Bool) throws {
        #expect(try JSONPath(expression).isDefinite == definite)
    }

    @Test(arguments: [
        ("a.b", "at offset 0: a JSONPath starts with '$', found 'a'"),
        ("$.a[0", "at offset 5: expected ']' to close the bracket selector opened at offset 3, found end of expression"),
        ("$.a[?(@.b > )]", "at offset 12: expected a value, '@' or '$', found ')'"),
        ("$.a['x]", "at offset 4: the string starting here is missing its closing '"),
        ("$.a.", "at offset 4: expected a member name, found end of expression"),
        ("$.a[?(@.b =~ /[/)]", "at offset 16: invalid regular expression /[/: the pattern is not valid ICU regular expression syntax; escape special characters such as ( [ { with a backslash, found ')'"),
        ("$.a[?(nope(@.b))]", "at offset 6: unknown function 'nope'; known functions are length, count, match, search, value"),
        ("$.a.foo()", "at offset 4: unknown function foo(); use length() or size()"),
    ])
    func malformedPathsAreExplained(expression: String, message: String) {
        #expect(throws: JSONPathError.self) { try JSONPath(expression) }
        do {
            _ = try JSONPath(expression)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func boundsAreEnforced() {
        #expect(throws: JSONPathError(offset: 10_000, message: "expression is longer than 10000 characters")) {
            try JSONPath("$" + String(repeating: ".a", count: 5_001))
        }
        let deep = "$.a[?" + String(repeating: "(", count: 70) + "@.x" + String(repeating: ")", count: 70) + "]"
        #expect(throws: JSONPathError.self) { try JSONPath(deep) }
    }

    @Test func deepDocumentsDoNotOverflowTheStack() throws {
        var document: JSONValue = ["leaf": true]
        for _ in 0..<10_000 { document = ["a": document] }
        #expect(try JSONPath("$..leaf").evaluate(document) == [true])
    }
}
