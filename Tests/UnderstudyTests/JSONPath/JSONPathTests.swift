import Testing
@testable import Understudy

struct JSONPathTests {
    // MARK: Documents

    static let sayings: JSONValue = [
        "category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95,
    ]
    static let sword: JSONValue = [
        "category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99,
    ]
    static let moby: JSONValue = [
        "category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99,
    ]
    static let rings: JSONValue = [
        "category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings", "isbn": "0-395-19395-8",
        "price": 22.99,
    ]
    static let bicycle: JSONValue = ["color": "red", "price": 399]
    static let books: JSONValue = [sayings, sword, moby, rings]

    /// Goessner's bookstore, the classic JSONPath example document (RFC 9535 Figure 1).
    static let store: JSONValue = ["store": ["book": books, "bicycle": bicycle], "expensive": 10]

    static let letters: JSONValue = ["a", "b", "c", "d", "e", "f", "g"]

    /// A small document exercising names, arrays and primitives.
    static let sample: JSONValue = [
        "letters": letters,
        "o": ["j j": ["k.k": 3], "'": "quote", "\"": "double", "a\nb": "newline", "é": "e-acute", "$ref": "ref", "a-b": "dash"],
        "n": [1, [2, 3], ["x": 4]],
        "flag": false,
        "nothing": nil,
    ]

    // MARK: Bookstore (Goessner / RFC 9535 Table 2)

    static let bookstoreCases: [(String, [JSONValue])] = [
        ("$.store.book[*].author", ["Nigel Rees", "Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"]),
        ("$..author", ["Nigel Rees", "Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"]),
        ("$.store.*", [books, bicycle]),
        ("$.store..price", [8.95, 12.99, 8.99, 22.99, 399]),
        ("$..book[2]", [moby]),
        ("$..book[2].author", ["Herman Melville"]),
        ("$..book[2].publisher", []),
        ("$..book[-1]", [rings]),
        ("$..book[-1:]", [rings]),
        ("$..book[-1:].title", ["The Lord of the Rings"]),
        ("$..book[0,1]", [sayings, sword]),
        ("$..book[:2]", [sayings, sword]),
        ("$..book[?(@.isbn)]", [moby, rings]),
        ("$..book[?@.isbn]", [moby, rings]),
        ("$..book[?(@.price<10)]", [sayings, moby]),
        ("$..book[?@.price < 10].title", ["Sayings of the Century", "Moby Dick"]),
        ("$.store.book[?(@.price < 10)].price", [8.95, 8.99]),
        ("$..book[?(@.price <= $['expensive'])].title", ["Sayings of the Century", "Moby Dick"]),
        ("$..book[?(@.price > $.expensive)].title", ["Sword of Honour", "The Lord of the Rings"]),
        ("$..book[?(@.author =~ /.*REES/i)].title", ["Sayings of the Century"]),
        ("$.store['bicycle']['color']", ["red"]),
        ("$[\"store\"].bicycle.price", [399]),
        ("$", [store]),
        ("$.missing", []),
        ("$.store.book.missing", []),
        ("store.bicycle.color", ["red"]),
    ]

    @Test(arguments: bookstoreCases)
    func bookstore(expression: String, expected: [JSONValue]) throws {
        #expect(try JSONPath(expression).evaluate(Self.store) == expected)
    }

    @Test func allMembersAndElementsOfTheBookstore() throws {
        // RFC 9535: `$..*` is every member value and array element: store, expensive, book, bicycle,
        // 4 books with 4, 4, 5 and 5 members, and the bicycle's 2 members.
        let everything = try JSONPath("$..*").evaluate(Self.store)
        #expect(everything.count == 2 + 2 + 4 + 18 + 2)
        #expect(everything.prefix(3) == [Self.store["store"]!, 10, Self.books])
        #expect(try JSONPath("$..book.length()").evaluate(Self.store) == [4])
    }

    // MARK: Selectors

    static let selectorCases: [(String, [JSONValue])] = [
        // Names: shorthand, quoted, escapes.
        ("$.flag", [false]),
        ("$.nothing", [nil]),
        ("$['flag']", [false]),
        ("$[\"flag\"]", [false]),
        ("$.o['j j']['k.k']", [3]),
        ("$.o[\"j j\"][\"k.k\"]", [3]),
        ("$.o['\\'']", ["quote"]),
        ("$.o[\"\\\"\"]", ["double"]),
        ("$.o['\"']", ["double"]),
        ("$.o[\"'\"]", ["quote"]),
        ("$.o['a\\nb']", ["newline"]),
        ("$.o['\\u00e9']", ["e-acute"]),
        ("$.o.é", ["e-acute"]),
        ("$.o.$ref", ["ref"]),
        ("$.o.a-b", ["dash"]),
        ("$.o['\\uD83D\\uDE00']", []),
        ("$.letters.a", []),
        ("$.flag.a", []),
        // Wildcards.
        ("$.n[*]", [1, [2, 3], ["x": 4]]),
        ("$.n.*", [1, [2, 3], ["x": 4]]),
        ("$.o.*", [["k.k": 3], "quote", "double", "newline", "e-acute", "ref", "dash"]),
        ("$.flag.*", []),
        ("$.n[*][*]", [2, 3, 4]),
        // Indexes.
        ("$.letters[0]", ["a"]),
        ("$.letters[6]", ["g"]),
        ("$.letters[7]", []),
        ("$.letters[-1]", ["g"]),
        ("$.letters[-7]", ["a"]),
        ("$.letters[-8]", []),
        ("$.o[0]", []),
        ("$.letters[ 1 ]", ["b"]),
        // Unions, duplicates kept in order.
        ("$.letters[0,2]", ["a", "c"]),
        ("$.letters[2,0,2]", ["c", "a", "c"]),
        ("$.o['$ref','a-b']", ["ref", "dash"]),
        ("$.letters[0, 1:3, -1]", ["a", "b", "c", "g"]),
        ("$.n[?@ == 1, 0]", [1, 1]),
        // Slices (RFC 9535 section 2.3.4.3).
        ("$.letters[1:3]", ["b", "c"]),
        ("$.letters[5:]", ["f", "g"]),
        ("$.letters[1:5:2]", ["b", "d"]),
        ("$.letters[5:1:-2]", ["f", "d"]),
        ("$.letters[::-1]", ["g", "f", "e", "d", "c", "b", "a"]),
        ("$.letters[:]", ["a", "b", "c", "d", "e", "f", "g"]),
        ("$.letters[::]", ["a", "b", "c", "d", "e", "f", "g"]),
        ("$.letters[-2:]", ["f", "g"]),
        ("$.letters[:-5]", ["a", "b"]),
        ("$.letters[3:3]", []),
        ("$.letters[4:1]", []),
        ("$.letters[0:7:0]", []),
        ("$.letters[-100:100]", ["a", "b", "c", "d", "e", "f", "g"]),
        ("$.letters[100:-100:-3]", ["g", "d", "a"]),
        ("$.letters[:-100:-1]", ["g", "f", "e", "d", "c", "b", "a"]),
        ("$.letters[:2:-2]", ["g", "e"]),
        ("$.o[0:2]", []),
        // Descendants.
        ("$..x", [4]),
        ("$.n..*", [1, [2, 3], ["x": 4], 2, 3, 4]),
        ("$..[0]", ["a", 1, 2]),
        ("$..['x', 'k.k']", [3, 4]),
        ("$.n..[*]", [1, [2, 3], ["x": 4], 2, 3, 4]),
        ("$.n..[1]", [[2, 3], 3]),
        // Blanks between segments and inside brackets.
        ("$ .n [ 1 ] [ 0 ]", [2]),
    ]

    @Test(arguments: selectorCases)
    func selectors(expression: String, expected: [JSONValue]) throws {
        #expect(try JSONPath(expression).evaluate(Self.sample) == expected)
    }

    // MARK: Comparisons (RFC 9535 Table 11)

    static let comparisonDocument: JSONValue = ["obj": ["x": "y"], "arr": [2, 3], "list": [0]]

    static let comparisonCases: [(String, Bool)] = [
        ("$.absent1 == $.absent2", true),
        ("$.absent1 <= $.absent2", true),
        ("$.absent == 'g'", false),
        ("$.absent1 != $.absent2", false),
        ("$.absent != 'g'", true),
        ("1 <= 2", true),
        ("1 > 2", false),
        ("13 == '13'", false),
        ("'a' <= 'b'", true),
        ("'a' > 'b'", false),
        ("$.obj == $.arr", false),
        ("$.obj != $.arr", true),
        ("$.obj == $.obj", true),
        ("$.obj != $.obj", false),
        ("$.arr == $.arr", true),
        ("$.arr != $.arr", false),
        ("$.obj == 17", false),
        ("$.obj != 17", true),
        ("$.obj <= $.arr", false),
        ("$.obj < $.arr", false),
        ("$.obj <= $.obj", true),
        ("$.arr <= $.arr", true),
        ("1 <= $.arr", false),
        ("1 >= $.arr", false),
        ("1 > $.arr", false),
        ("1 < $.arr", false),
        ("true <= true", true),
        ("true > true", false),
        // Numbers by value, strings by scalar values, deep equality regardless of member order.
        ("1 == 1.0", true),
        ("1e2 == 100", true),
        ("-0.5 < 0", true),
        ("10 > 9", true),
        ("'10' > '9'", false),
        ("'ab' > 'a'", true),
        ("'Z' < 'a'", true),
        ("null == null", true),
        ("null == false", false),
        ("$.obj == $['obj']", true),
        ("$.arr[0] >= 2", true),
        ("$.arr[0] < $.arr[1]", true),
        ("\"y\" == $.obj.x", true),
        ("$.arr == [2, 3]", true),
        ("$.arr == [3, 2]", false),
    ]

    @Test(arguments: comparisonCases)
    func comparisons(comparison: String, holds: Bool) throws {
        let selected = try JSONPath("$.list[?\(comparison)]").evaluate(Self.comparisonDocument)
        #expect(selected == (holds ? [0] : []))
    }

    @Test func objectsCompareRegardlessOfMemberOrder() throws {
        let document: JSONValue = ["a": ["x": 1, "y": [1, 2]], "b": ["y": [1.0, 2], "x": 1], "c": ["x": 1]]
        #expect(try JSONPath("$[?@ == $.a]").evaluate(document) == [["x": 1, "y": [1, 2]], ["y": [1.0, 2], "x": 1]])
        #expect(try JSONPath("$[?@ != $.a]").evaluate(document) == [["x": 1]])
    }

    // MARK: Filters

    static let items: JSONValue = [
        ["id": 1, "size": "S", "tags": ["red", "new"], "name": "Alpha", "stock": 0, "note": ""],
        ["id": 2, "size": "M", "tags": [], "name": "beta", "stock": 5, "active": true],
        ["id": 3, "size": "XL", "tags": ["blue"], "name": "Gamma ray", "stock": 12, "active": false, "note": "rare"],
        ["id": 4, "name": "delta", "stock": nil, "dims": ["w": 1, "h": 2]],
    ]

    static let filterCases: [(String, [Int])] = [
        // Existence, negation, logic, precedence, parentheses.
        ("$[?(@.active)]", [2, 3]),
        ("$[?@.active]", [2, 3]),
        ("$[?(!@.active)]", [1, 4]),
        ("$[?(@.active == true)]", [2]),
        ("$[?(@.active == false)]", [3]),
        ("$[?(@.stock == null)]", [4]),
        ("$[?(@.stock)]", [1, 2, 3, 4]),
        ("$[?(@.stock > 0 && @.size == 'M')]", [2]),
        ("$[?(@.stock > 10 || @.size == 'S')]", [1, 3]),
        ("$[?(@.id == 1 || @.id == 2 && @.id == 3)]", [1]),
        ("$[?((@.id == 1 || @.id == 2) && @.stock > 0)]", [2]),
        ("$[?(!(@.id == 1 || @.id == 2))]", [3, 4]),
        ("$[?!(@.id < 3)]", [3, 4]),
        ("$[?(@.id != 2)]", [1, 3, 4]),
        ("$[?(@.id >= 2 && @.id <= 3)]", [2, 3]),
        ("$[?(@.name > 'a')]", [2, 4]),
        ("$[?(@.dims.w == 1)]", [4]),
        ("$[?(@.tags[0] == 'blue')]", [3]),
        ("$[?(@['size'] == \"XL\")]", [3]),
        ("$[?(@.id == $[0].id)]", [1]),
        ("$[?(@..h)]", [4]),
        ("$[?(@.tags[?(@ == 'new')])]", [1]),
        ("$[?(@.missing != 'x')]", [1, 2, 3, 4]),
        // Jayway regex.
        ("$[?(@.name =~ /[a-z]+/)]", [2, 4]),
        ("$[?(@.name =~ /alpha/i)]", [1]),
        ("$[?(@.name =~ /Gamma/)]", []),
        ("$[?(@.name =~ /Gam.*/)]", [3]),
        ("$[?(@.id =~ /[13]/)]", [1, 3]),
        ("$[?(@.name =~ /a\\/b|delta/)]", [4]),
        // Jayway list operators.
        ("$[?(@.size in ['S', 'M'])]", [1, 2]),
        ("$[?(@.size in [\"XL\"])]", [3]),
        ("$[?(@.size nin ['S', 'M'])]", [3, 4]),
        ("$[?(@.id in [1, 4.0])]", [1, 4]),
        ("$[?(@.tags contains 'red')]", [1]),
        ("$[?(@.name contains 'ta')]", [2, 4]),
        ("$[?(@.tags subsetof ['red', 'new', 'blue'])]", [1, 2, 3]),
        ("$[?(@.tags anyof ['blue', 'new'])]", [1, 3]),
        ("$[?(@.tags noneof ['blue'])]", [1, 2]),
        ("$[?(@.tags size 2)]", [1]),
        ("$[?(@.name size 5)]", [1, 4]),
        ("$[?(@.tags empty true)]", [2]),
        ("$[?(@.tags empty false)]", [1, 3]),
        ("$[?(@.note empty true)]", [1]),
        ("$[?(@.dims empty false)]", [4]),
        // Jayway functions at the end of a path inside filters.
        ("$[?(@.tags.length() > 1)]", [1]),
        ("$[?(@.name.size() == 5)]", [1, 4]),
        ("$[?(@.tags.length() == 0)]", [2]),
        // RFC 9535 functions.
        ("$[?length(@.tags) == 1]", [3]),
        ("$[?(length(@.name) > 5)]", [3]),
        ("$[?length(@.dims) == 2]", [4]),
        ("$[?length(@.stock) == 0]", []),
        ("$[?count(@.tags[*]) == 2]", [1]),
        ("$[?count(@.*) > 6]", [3]),
        ("$[?count(@..w) == 1]", [4]),
        ("$[?match(@.name, '[a-z]+')]", [2, 4]),
        ("$[?match(@.name, 'Gamma')]", []),
        ("$[?search(@.name, 'amma')]", [3]),
        ("$[?search(@.name, '^[A-Z]')]", [1, 3]),
        ("$[?!search(@.name, 'a$')]", [3]),
        ("$[?match(@.size, $[2].size)]", [3]),
        ("$[?match(@.id, '1')]", []),
        ("$[?value(@.tags[0]) == 'red']", [1]),
        ("$[?value(@.tags[*]) == 'blue']", [3]),
        ("$[?value(@..w) == 1]", [4]),
    ]

    @Test(arguments: filterCases)
    func filters(expression: String, ids: [Int]) throws {
        let selected = try JSONPath(expression).evaluate(Self.items)
        #expect(selected.compactMap { $0["id"]?.intValue } == ids)
    }

    @Test func rfcFiltersTestObjectMemberValues() throws {
        let document: JSONValue = ["a": ["v": 1], "b": ["v": 2], "c": 3]
        #expect(try JSONPath("$[?@.v > 1]").evaluate(document) == [["v": 2]])
        #expect(try JSONPath("$[?@ == 3]").evaluate(document) == [3])
        #expect(try JSONPath("$[?(@.v > 0) && @.v < 2]").evaluate(document) == [["v": 1]])
        #expect(try JSONPath("$.c[?@ == 3]").evaluate(document) == [])
    }

    /// Jayway's `[?(...)]` on an object tests the object itself (WireMock's documented examples).
    static let jaywayObjectFilterCases: [(String, JSONValue, [JSONValue])] = [
        ("$.things[?(@.name == 'RequiredThing')]", ["things": ["name": "RequiredThing"]], [["name": "RequiredThing"]]),
        ("$.things[?(@.name == 'RequiredThing')]", ["things": [["name": "RequiredThing"], ["name": "Wiremock"]]], [["name": "RequiredThing"]]),
        ("$.things[?(@.name == 'RequiredThing')]", ["price": 15], []),
        ("$.things[?(@.name == 'RequiredThing')]", ["things": ["name": "Wiremock"]], []),
        ("$.RequestBody[?(@.numbers contains '10010701')]", ["RequestBody": ["numbers": ["1", "10010701"]]], [["numbers": ["1", "10010701"]]]),
        ("$[?(@.total > 100)]", ["total": 150], [["total": 150]]),
        ("$[?(@.total > 100)]", ["total": 50], []),
        ("$[?( @.total > 100 )]", ["total": 150], [["total": 150]]),
        ("$[?(@.total > 100)].total", ["total": 150], [150]),
        // In descendant segments every value is tested once, as in RFC 9535, so nothing repeats.
        ("$..[?(@.value)]", ["d": [["value": "a"], ["e": ["value": "b"]]]], [["value": "a"], ["value": "b"]]),
        ("$..[?(@.value)].value", ["value": "root", "x": ["value": "inner"]], ["inner"]),
    ]

    @Test(arguments: jaywayObjectFilterCases)
    func jaywayFiltersTestObjectsThemselves(expression: String, document: JSONValue, expected: [JSONValue]) throws {
        #expect(try JSONPath(expression).evaluate(document) == expected)
    }

    static let regexCases: [(String, Bool)] = [
        ("$[?(@ =~ /a.b/)]", false),
        ("$[?(@ =~ /a.b/s)]", true),
        ("$[?(@ =~ /A\\nB/i)]", true),
        ("$[?(@ =~ /^b$/m)]", false),
        ("$[?search(@, '^b$')]", false),
        ("$[?(@ =~ /a \\n b # letters/x)]", true),
        ("$[?(@ =~ /a\\nb|x/)]", true),
        ("$[?(@ =~ /a/)]", false),
        ("$[?match(@, 'a.b')]", false),
        ("$[?match(@, 'a\\nb')]", true),
        ("$[?search(@, 'b')]", true),
        ("$[?search(@, 'B')]", false),
    ]

    @Test(arguments: regexCases)
    func regularExpressions(expression: String, matches: Bool) throws {
        let document: JSONValue = ["a\nb"]
        #expect(try JSONPath(expression).evaluate(document) == (matches ? ["a\nb"] : []))
    }

    // MARK: Functions at the end of a path

    static let trailingFunctionCases: [(String, [JSONValue])] = [
        ("$.store.book.length()", [4]),
        ("$.store.book.size()", [4]),
        ("$.store.bicycle.length()", [2]),
        ("$.store.book[0].title.length()", [22]),
        ("$.expensive.length()", []),
        ("$.missing.length()", []),
        ("$.store.book[?(@.price < 10)].length()", [2]),
        ("$.store.book[*].price.length()", [4]),
        ("$..book.length()", [4]),
        ("$..price.sum()", [452.92]),
        ("$..price.min()", [8.95]),
        ("$..price.max()", [399]),
        ("$.store.book[*].price.avg()", [13.48]),
        ("$.store.bicycle.keys()", [["color", "price"]]),
        ("$.store.book[*].author.first()", ["Nigel Rees"]),
        ("$.store.book[*].author.last()", ["J. R. R. Tolkien"]),
        ("$.store.book[0].first()", []),
    ]

    @Test(arguments: trailingFunctionCases)
    func trailingFunctions(expression: String, expected: [JSONValue]) throws {
        let result = try JSONPath(expression).evaluate(Self.store)
        #expect(result.count == expected.count)
        for (actual, wanted) in zip(result, expected) {
            if let number = wanted.doubleValue {
                // Sums and means of decimals are compared with a tolerance.
                #expect(abs((actual.doubleValue ?? .nan) - number) < 1e-9, "\(actual) != \(wanted)")
            } else {
                #expect(actual == wanted)
            }
        }
    }

    @Test func standardDeviation() throws {
        let document: JSONValue = ["v": [2, 4, 4, 4, 5, 5, 7, 9, "x"]]
        #expect(try JSONPath("$.v.stddev()").evaluate(document) == [2])
        #expect(try JSONPath("$.v[?(@ == 'x')].sum()").evaluate(document) == [])
    }

    // MARK: A '.' before '[' (Jayway)

    /// Jayway's `PathCompiler.readDotToken` (json-path 2.9, which WireMock 3.13.2 uses) steps
    /// over a '.' and reads the next token, so `$.a.[0]` is `$.a[0]`: stubs written that way
    /// load in WireMock, and the template helper and `matchesJsonPath` share this parser.
    @Test(arguments: [
        ("$.store.book.[0].title", "$.store.book[0].title"),
        ("$.store.['bicycle'].color", "$.store['bicycle'].color"),
        ("$.store.book.[*].author", "$.store.book[*].author"),
        ("$.store.book.[?(@.price < 10)].title", "$.store.book[?(@.price < 10)].title"),
        ("$.store.book.[-1:].title", "$.store.book[-1:].title"),
    ])
    func dotBeforeBracketIsSkipped(dotted: String, plain: String) throws {
        let expected = try JSONPath(plain).evaluate(Self.store)
        #expect(!expected.isEmpty)
        #expect(try JSONPath(dotted).evaluate(Self.store) == expected)
        #expect(try JSONPath(dotted).isDefinite == JSONPath(plain).isDefinite)
    }

    /// `matchesJsonPath` compiles its expression with the same parser (WireMock's
    /// `MatchesJsonPathPattern` hands it to Jayway), so the dotted form matches too.
    @Test func matchesJsonPathAcceptsDotBeforeBracket() {
        #expect(StringValuePattern.matchesJsonPath("$.names.[0]").match(#"{"names":["Ada"]}"#).isExactMatch)
        #expect(!StringValuePattern.matchesJsonPath("$.names.[1]").match(#"{"names":["Ada"]}"#).isExactMatch)
    }

    // MARK: Editing (Jayway's DocumentContext.delete and in-place edits)

    /// What WireMock's `JsonRemoveHelper` asks of Jayway's `DocumentContext.delete`: every
    /// selected member or element goes, array elements from the highest index down (Jayway
    /// sorts its `ArrayIndexPathRef`s that way), and a path that selects nothing gives `nil`.
    @Test(arguments: [
        ("$.store.bicycle", ["store": ["book": books], "expensive": 10] as JSONValue),
        ("$.store.book[0,2]", ["store": ["book": [sword, rings], "bicycle": bicycle], "expensive": 10] as JSONValue),
        ("$.store.book[?(@.price > 10)]", ["store": ["book": [sayings, moby], "bicycle": bicycle], "expensive": 10] as JSONValue),
        ("$.store.book[-1].isbn", ["store": ["book": [sayings, sword, moby, ["category": "fiction", "author": "J. R. R. Tolkien",
                                                                            "title": "The Lord of the Rings", "price": 22.99]],
                                            "bicycle": bicycle], "expensive": 10] as JSONValue),
    ])
    func deletingRemovesWhatThePathSelects(expression: String, expected: JSONValue) throws {
        #expect(try JSONPath(expression).deleting(from: Self.store) == expected)
    }

    @Test func deletingDescendantsReachesEveryLevel() throws {
        let document: JSONValue = ["a": [["x": 1, "y": 2], ["x": 3]], "b": ["x": 4], "x": 5]
        #expect(try JSONPath("$..x").deleting(from: document) == ["a": [["y": 2], [:]], "b": [:]])
    }

    @Test func deletingNothingOrTheRoot() throws {
        #expect(try JSONPath("$.store.missing").deleting(from: Self.store) == nil)
        #expect(throws: JSONPath.DeletionFailure.notAMemberOrElement) { try JSONPath("$").deleting(from: Self.store) }
        #expect(throws: JSONPath.DeletionFailure.notAMemberOrElement) { try JSONPath("$.store.book.length()").deleting(from: Self.store) }
    }

    /// `jsonArrayAdd jsonPath=…` edits the array a definite path selects, in place.
    @Test func updatingReplacesTheNodeADefinitePathSelects() throws {
        let updated = try JSONPath("$.store.bicycle.color").updating(Self.store) { _ in "blue" }
        #expect(updated?["store"]?["bicycle"]?["color"] == "blue")
        #expect(updated?["store"]?["book"] == Self.books)
        #expect(try JSONPath("$.store.nothing").updating(Self.store) { $0 } == nil)
        #expect(try JSONPath("$..color").updating(Self.store) { $0 } == nil, "an indefinite path edits nothing")
    }

    // MARK: Definite paths, identity

    @Test(arguments: [
        ("$", true), ("$.a.b", true), ("$['a'][0]", true), ("$[-1]", true), ("a.b", true), ("$.a.length()", true),
        ("$..a.length()", true), ("$.a[*]", false), ("$.*", false), ("$..a", false), ("$.a[0:1]", false),
        ("$.a[0,1]", false), ("$['a','b']", false), ("$.a[?(@.x)]", false),
    ])
    func definitePaths(expression: String, definite: Bool) throws {
        #expect(try JSONPath(expression).isDefinite == definite)
    }

    @Test func pathsKeepTheirExpression() throws {
        let path = try JSONPath("$.store.book[0]")
        #expect(path.expression == "$.store.book[0]")
        #expect(path.description == "$.store.book[0]")
        #expect(path == (try JSONPath("$.store.book[0]")))
        #expect(path != (try JSONPath("$.store.book[ 0 ]")))
        #expect(Set([path, try JSONPath("$.store.book[0]")]).count == 1)
    }

    // MARK: Errors

    @Test(arguments: [
        (".a", "at offset 0: expected '$' at the start of the path, found '.'"),
        ("", "at offset 0: expected '$' at the start of the path, found end of expression"),
        ("$.a[0", "at offset 5: expected ']' to close the bracket selector, found end of expression"),
        ("$.a[0 1]", "at offset 6: expected ',' or ']' after the selector, found '1'"),
        ("$.a[]", "at offset 4: expected a selector (a quoted name, '*', an index, a slice or a '?' filter), found ']'"),
        ("$.a.", "at offset 4: expected a member name or '*' after '.', found end of expression"),
        ("$..", "at offset 3: expected a member name, '*' or '[' after '..', found end of expression"),
        ("$ $", "at offset 2: expected '.', '..' or '[' to continue the path, found '$'"),
        ("$.a['x]", "at offset 7: expected the closing quote ' of the string that starts at offset 4, found end of expression"),
        (#"$.a["\q"]"#, #"at offset 5: invalid escape '\q' in a quoted string; use \b \f \n \r \t \/ \\ \' \" or \uXXXX"#),
        (#"$['\uD800']"#, #"at offset 3: unpaired surrogate \uD800; follow it with a low surrogate \uDC00-\uDFFF"#),
        ("$['\u{1}']", #"at offset 3: a quoted string cannot contain the control character U+0001; write it as \u0001"#),
        ("$.a[01]", "at offset 4: the integer 01 has a leading zero; write 1"),
        ("$.a[-0]", "at offset 4: -0 is not a valid index; write 0"),
        ("$.a[9007199254740992]", "at offset 4: the integer 9007199254740992 is out of range; indexes must lie within ±9007199254740991"),
        ("$.a[?(@.b > )]", "at offset 12: expected a value (a number, a quoted string, true, false, null, a query starting with '@' or '$', or a function call), found ')'"),
        ("$.a[?(@.b == abc)]", "at offset 13: expected a value (a number, a quoted string, true, false, null, a query starting with '@' or '$', or a function call), found 'a'"),
        ("$.a[?(@.b = 1)]", "at offset 10: expected '==' to compare values, found a single '='"),
        ("$.a[?(@.b > 1]", "at offset 13: expected ')' to close the parenthesis opened at offset 5, found ']'"),
        ("$.a[?(true)]", "at offset 10: expected a comparison operator such as '==' after the value, found ')'"),
        ("$.a[?(@.b == 1.)]", "at offset 15: expected a digit after the decimal point, found ')'"),
        ("$.a[?(@.b in [1, 2)]", "at offset 18: expected ',' or ']' in the list, found ')'"),
        ("$.a[?(@.b empty maybe)]", "at offset 16: expected true or false after 'empty', found 'm'"),
        ("$.a[?(@.b =~ 'x')]", "at offset 13: expected a regular expression such as /pattern/ or /pattern/i after '=~', found '''"),
        ("$.a[?(@.b =~ /x)]", "at offset 17: expected '/' to close the regular expression that starts at offset 13, found end of expression"),
        ("$.a[?(@.b =~ /[/)]", "at offset 13: invalid regular expression /[/; check the brackets and escape special characters such as ( [ { with a backslash"),
        ("$.a[?(@.b =~ /x/g)]", "at offset 16: unknown regular expression flag 'g'; use i (ignore case), m (multiline), s (dot matches newlines) or x (comments)"),
        ("$.a[?(nope(@.b))]", "at offset 6: unknown function nope(); filters can call length(), count(), match(), search() and value()"),
        ("$.a[?(length(@.b))]", "at offset 6: length() gives a value, not true or false; compare it, for example length(...) > 0"),
        ("$.a[?(match(@.b, 'x') == true)]", "at offset 6: match() gives true or false, not a value; use it on its own, for example [?match(@.name, 'A.*')]"),
        ("$.a[?(match(@.b))]", "at offset 6: match() takes 2 arguments, found 1"),
        ("$.a[?(count(1) > 0)]", "at offset 12: count() takes a query such as @.* or $..price as its argument"),
        ("$.a[?match(@.b, '[')]", "at offset 16: invalid regular expression '[' in match(); check the brackets and escape special characters such as ( [ { with a backslash"),
        ("$.a.foo()", "at offset 4: unknown function foo(); at the end of a path you can use length(), size(), min(), max(), avg(), sum(), stddev(), keys(), first(), last()"),
        ("$.a.length(1)", "at offset 11: expected ')' after 'length(', as length() takes no arguments, found '1'"),
        ("$.a.length().b", "at offset 12: a function ends the path; nothing can follow .length()"),
    ])
    func malformedPathsAreExplained(expression: String, message: String) {
        #expect {
            try JSONPath(expression)
        } throws: { error in
            (error as? JSONPathError)?.description == message
        }
    }

    @Test func errorsCarryOffsetAndMessage() {
        #expect(throws: JSONPathError(offset: 5, message: "expected ']' to close the bracket selector, found end of expression")) {
            try JSONPath("$.a[0")
        }
    }

    // MARK: Bounds

    @Test func expressionLengthIsBounded() throws {
        let longest = "$" + String(repeating: ".a", count: 4_999) + "b"
        #expect(longest.count == 10_000)
        #expect(try JSONPath(longest).evaluate(["a": 1]) == [])
        #expect(throws: JSONPathError(offset: 10_000, message: "the expression is 10001 characters long, more than the limit of 10000; shorten it")) {
            try JSONPath(longest + "c")
        }
    }

    static let nestingMessage =
        "the expression nests brackets, parentheses, negations and function calls more than 64 levels deep; simplify it"

    @Test(arguments: [
        ("$[?" + String(repeating: "(", count: 63) + "@.x" + String(repeating: ")", count: 63) + "]", true),
        ("$[?" + String(repeating: "(", count: 64) + "@.x" + String(repeating: ")", count: 64) + "]", false),
        ("$[?" + String(repeating: "!", count: 64) + "@.x]", false),
        ("$" + String(repeating: "[?@", count: 64) + String(repeating: "]", count: 64), true),
        ("$" + String(repeating: "[?@", count: 65) + String(repeating: "]", count: 65), false),
        ("$[?@.a in " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "]", false),
    ])
    func nestingIsBounded(expression: String, accepted: Bool) {
        if accepted {
            #expect(throws: Never.self) { try JSONPath(expression) }
        } else {
            #expect {
                try JSONPath(expression)
            } throws: { error in
                (error as? JSONPathError)?.message == Self.nestingMessage
            }
        }
    }

    @Test func deepDocumentsDoNotOverflowTheStack() throws {
        var document: JSONValue = ["leaf": true]
        var twin: JSONValue = ["leaf": true]
        for _ in 0..<10_000 {
            document = ["a": document]
            twin = ["a": twin]
        }
        let root: JSONValue = ["left": document, "right": twin]
        #expect(try JSONPath("$..leaf").evaluate(root) == [true, true])
        #expect(try JSONPath("$..*").evaluate(root).count == 2 * 10_002)
        #expect(try JSONPath("$[?@ == $.right]").evaluate(root).count == 2)
        #expect(try JSONPath("$..[?@.leaf]").evaluate(root) == [["leaf": true], ["leaf": true]])
    }
}
