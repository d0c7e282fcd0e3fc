import Foundation
import Testing
@testable import Understudy

/// The JSON helpers, each against the WireMock 3.13.2 helper class (and its test) it follows,
/// in `extension/responsetemplating/helpers/`.
struct TemplateJSONHelperTests {
    static let people = #"[{"id":456,"name":"bob"},{"id":123,"name":"alice"},{"id":321,"name":"sam"}]"#

    /// `HandlebarsJsonPathHelper.apply` returns "" before anything else when the input is null
    /// or an empty string, so a stub reading a body that is not there answers 200.
    @Test func jsonPathOnAnAbsentOrEmptyBodyRendersNothing() {
        let bodiless = RecordedRequest(method: .get, url: "http://localhost/things")
        let result = renderTemplate("[{{jsonPath request.body '$.name'}}][{{jsonPath request.body '$.name' default='x'}}][{{jsonPath request.query.none '$.a'}}]",
                                    request: bodiless)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == "[][][]")
        let empty = RecordedRequest(method: .post, url: "http://localhost/things", body: Data())
        #expect(renderTemplate("[{{jsonPath request.body '$.name'}}]", request: empty).body == "[]")
        // A body that is there but not JSON is still an error.
        let text = RecordedRequest(method: .post, url: "http://localhost/things", body: Data("plain".utf8))
        #expect(renderTemplate("{{jsonPath request.body '$.name'}}", request: text).status == 500)
    }

    /// Jayway's `PathCompiler` skips a '.' before '[', and the helper compiles with the same parser.
    @Test func jsonPathAcceptsADotBeforeABracket() {
        #expect(renderTemplate("{{jsonPath request.body '$.items.[1].price'}}|{{jsonPath request.body '$.items.[0].id'}}").body == "4|1")
    }

    static let prettyJSON = "{\n  \"foo\" : true,\n  \"bar\" : {\n    \"baz\" : false\n  }\n}"
    static let compactJSON = #"{"foo":true,"bar":{"baz":false}}"#

    /// `FormatJsonHelper` / `FormatJsonHelperTest`: pretty is Jackson's default pretty printer
    /// (`Json.prettyPrint`), compact is Jackson's plain writer; the block or a string parameter.
    @Test(arguments: [
        ("{{#formatJson}} \(compactJSON) {{/formatJson}}", prettyJSON),
        ("{{#formatJson format='pretty'}} \(compactJSON) {{/formatJson}}", prettyJSON),
        ("{{#formatJson format='compact'}} \(prettyJSON) {{/formatJson}}", compactJSON),
        ("{{~#assign 'someJson'~}} \(prettyJSON) {{/assign}}{{formatJson someJson format='compact'}}", compactJSON),
        // Arrays stay on one line, containers inside them open on it, empty ones get a space.
        (#"{{formatJson '{"a":[1,{"b":2}],"c":{},"d":[],"e":"x"}'}}"#,
         "{\n  \"a\" : [ 1, {\n    \"b\" : 2\n  } ],\n  \"c\" : { },\n  \"d\" : [ ],\n  \"e\" : \"x\"\n}"),
        (#"{{formatJson '[{"a":1},[]]'}}"#, "[ {\n  \"a\" : 1\n}, [ ] ]"),
    ])
    func formatJson(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    /// FormatJsonHelperTest's error cases (WireMock writes "[ERROR: …]" into the body; Understudy answers 500).
    @Test(arguments: [
        ("{{#formatJson format='foo'}} {} {{/formatJson}}", "format [foo] should be one of [pretty, compact]"),
        (#"{{#formatJson format="compact"}} {"foo":true,} {{/formatJson}}"#, "is not JSON"),
        ("{{#formatJson}}   {{/formatJson}}", "takes a block of JSON to format or a single parameter of type String"),
        ("{{formatJson nothing}}", "takes a block of JSON to format or a single parameter of type String"),
    ])
    func formatJsonErrors(_ template: String, _ message: String) {
        let result = renderTemplate(template)
        #expect(result.status == 500)
        #expect(result.body.contains("formatJson: \(message)") || result.body.contains(message), "\(result.body)")
    }

    /// `JsonRemoveHelper` / `JsonRemoveHelperTest.removesElementsFromStringInputAndReturnsString`.
    @Test(arguments: [
        (people, "$.[?(@.id == 123)]", #"[{"id":456,"name":"bob"},{"id":321,"name":"sam"}]"#),
        (#"[{"id":456,"name":"bob"},{"id":123,"name":"alice"},{"id":123,"name":"sam"}]"#, "$[?(@.id == 123)]", #"[{"id":456,"name":"bob"}]"#),
        (people, "$.[?(@.id == 123)].name", #"[{"id":456,"name":"bob"},{"id":123},{"id":321,"name":"sam"}]"#),
        (#"{"id":456,"name":"bob"}"#, "$.name", #"{"id":456}"#),
        (#"[{"id":456,"name":"bob","roles":["admin","user"]},{"id":123,"name":"alice","roles":["admin","user"]}]"#,
         #"$.[?(@.name == "alice")].roles[?(@ == "admin")]"#,
         #"[{"id":456,"name":"bob","roles":["admin","user"]},{"id":123,"name":"alice","roles":["user"]}]"#),
        // Several elements of one array: removed from the highest index down (Jayway's PathRef order).
        ("[1,2,3,4]", "$[0,2]", "[2,4]"),
        ("[1,2,3,4]", "$[*]", "[]"),
        // noOpIfJsonpathResultIsNotFoundForInputJson: the input comes back as written.
        (#"[{"id":456,"name":"bob"}, {"id":123,"name":"alice"}]"#, "$.[?(@.id == 321)]", #"[{"id":456,"name":"bob"}, {"id":123,"name":"alice"}]"#),
        (#"{"id": 456}"#, "$.name", #"{"id": 456}"#),
        ("true", "$.name", "true"),
        ("null", "$.name", "null"),
        ("123", "$.name", "123"),
    ])
    func jsonRemove(_ input: String, _ path: String, _ expected: String) {
        let result = renderTemplate("{{jsonRemove '\(input)' '\(path)'}}")
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    /// JsonRemoveHelperTest's error cases.
    @Test(arguments: [
        ("{{jsonRemove '{\"a\":1}' '$'}}", "nothing can be removed at $"),
        ("{{jsonRemove '{\"a\":1}'}}", "a single JSONPath"),
        ("{{jsonRemove '{\"a\":1}' '$.a' '$.a'}}", "a single JSONPath"),
        ("{{jsonRemove 'invalid json' '$.a'}}", "the input JSON is not JSON"),
        ("{{jsonRemove '{\"a\":1}' 'not json path'}}", "is not a JSONPath expression"),
    ])
    func jsonRemoveErrors(_ template: String, _ message: String) {
        let result = renderTemplate(template)
        #expect(result.status == 500)
        #expect(result.body.contains(message), "\(result.body)")
    }

    /// `JsonArrayAddHelper` / `JsonArrayAddHelperTest`: an item (JSON text) appended; `flatten`,
    /// `maxItems`, `jsonPath=` naming the array inside the document, and the block form.
    @Test(arguments: [
        (#"{{jsonArrayAdd '[{"id":456,"name":"bob"}]' '{"id":321,"name":"sam"}'}}"#, #"[{"id":456,"name":"bob"},{"id":321,"name":"sam"}]"#),
        (#"{{jsonArrayAdd '[1]' '"name"'}}|{{jsonArrayAdd '[1]' 'true'}}|{{jsonArrayAdd '[1]' 'null'}}"#, #"[1,"name"]|[1,true]|[1,null]"#),
        ("{{jsonArrayAdd '[1]' '[2,3]'}}|{{jsonArrayAdd '[1]' '[2,3]' flatten=true}}|{{jsonArrayAdd '[]' '[]' flatten=true}}", "[1,[2,3]]|[1,2,3]|[]"),
        ("{{jsonArrayAdd '[1,2,3]' '4' maxItems=2}}", "[3,4]"),
        (#"{{jsonArrayAdd '{"a":{"list":[1]},"b":2}' '5' jsonPath='$.a.list'}}"#, #"{"a":{"list":[1,5]},"b":2}"#),
        (#"{{#jsonArrayAdd '[1]'}}{"id":{{request.query.multi.[1]}}}{{/jsonArrayAdd}}"#, #"[1,{"id":2}]"#),
    ])
    func jsonArrayAdd(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    /// `JsonMergeHelper` / `JsonMergeHelperTest`: objects merge recursively, anything else
    /// replaces; `removeNulls=true` removes what the second sets to null; the block form.
    @Test(arguments: [
        (#"{{jsonMerge '{"id":456,"name":"bob"}' '{"roles":["admin","user"],"dob":"2024-06-18"}'}}"#,
         #"{"id":456,"name":"bob","roles":["admin","user"],"dob":"2024-06-18"}"#),
        (#"{{jsonMerge '{"a":{"b":1,"c":2},"d":[1]}' '{"a":{"c":3},"d":[2]}'}}"#, #"{"a":{"b":1,"c":3},"d":[2]}"#),
        (#"{{jsonMerge '{"a":1,"b":2}' '{"a":null}'}}|{{jsonMerge '{"a":1,"b":2}' '{"a":null}' removeNulls=true}}"#, #"{"a":null,"b":2}|{"b":2}"#),
        (#"{{#jsonMerge '{"a":1}'}}{"b":"{{request.method}}"}{{/jsonMerge}}"#, #"{"a":1,"b":"POST"}"#),
    ])
    func jsonMerge(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    @Test func jsonMergeRefusesAnythingButObjects() {
        let result = renderTemplate("{{jsonMerge '[1]' '{}'}}")
        #expect(result.status == 500)
        #expect(result.body.contains("the base JSON is not a JSON object"), "\(result.body)")
    }

    /// `jsonSort` follows WireMock 4.0.0-beta.38's `JsonSortHelper` / `JsonSortHelperTest` (it is
    /// not in 3.13.2): the array before `[*]`, sorted stably by what the rest selects in each item.
    @Test(arguments: [
        (#"[{"id":123,"name":"bob"},{"id":456,"name":"alice"}]"#, "'$[*].name'", #"[{"id":456,"name":"alice"},{"id":123,"name":"bob"}]"#),
        (#"[{"id":456,"name":"alice"},{"id":123,"name":"bob"}]"#, "'$[*].id'", #"[{"id":123,"name":"bob"},{"id":456,"name":"alice"}]"#),
        (#"{"users":[{"name":"fred"},{"name":"bob"}]}"#, "'$.users[*].name'", #"{"users":[{"name":"bob"},{"name":"fred"}]}"#),
        (#"{"data":{"nested":{"users":[{"name":"bob"}]}}}"#, "'$.data.nested.users[*].name'", #"{"data":{"nested":{"users":[{"name":"bob"}]}}}"#),
        ("[]", "'$[*].name'", "[]"),
        (#"[{"id":3},{"id":1},{"id":2}]"#, "'$[*].missingField'", #"[{"id":3},{"id":1},{"id":2}]"#),
        (#"[{"id":1,"name":"alice"},{"id":2},{"id":3,"name":"bob"}]"#, "'$[*].name'", #"[{"id":2},{"id":1,"name":"alice"},{"id":3,"name":"bob"}]"#),
        (#"[{"id":1,"name":"alice"},{"id":2},{"id":3,"name":"bob"}]"#, "'$[*].name' nulls='last'", #"[{"id":1,"name":"alice"},{"id":3,"name":"bob"},{"id":2}]"#),
        (#"[{"id":1,"name":"alice"},{"id":2},{"id":3,"name":"bob"}]"#, "'$[*].name' order='desc'", #"[{"id":3,"name":"bob"},{"id":1,"name":"alice"},{"id":2}]"#),
        ("[2,10,1]", "'$[*]' order='desc'", "[10,2,1]"),
        ("[true,false,true]", "'$[*]'", "[false,true,true]"),
    ])
    func jsonSort(_ input: String, _ arguments: String, _ expected: String) {
        let result = renderTemplate("{{jsonSort '\(input)' \(arguments)}}")
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    @Test(arguments: [
        ("{{jsonSort '[1]'}}", "a single JSONPath expression parameter must be supplied"),
        ("{{jsonSort '[1]' '$[*]' order='up'}}", "order must be 'asc' or 'desc'"),
        ("{{jsonSort '[1]' '$[*]' nulls=1}}", "nulls must be 'first' or 'last'"),
        ("{{jsonSort '[1]' '$.name'}}", "must include [*]"),
        ("{{jsonSort 'null' '$[*]'}}", "cannot sort a JSON null value"),
        ("{{jsonSort '[1]' '$[*].['}}", "invalid JSONPath expression ('$[*].[')"),
        (#"{{jsonSort '{"user":{"name":"bob"}}' '$.user[*].name'}}"#, "does not reference an array ('$.user')"),
        (#"{{jsonSort '{"id":123}' '$[*].name'}}"#, "does not reference an array ('$')"),
        (#"{{jsonSort '[{"id":1}]' '$.users[*].name'}}"#, "did not match any values ('$.users[*].name')"),
        (#"{{jsonSort '[{"a":1},{"a":"x"}]' '$[*].a'}}"#, "the same comparable type"),
    ])
    func jsonSortErrors(_ template: String, _ message: String) {
        let result = renderTemplate(template)
        #expect(result.status == 500)
        #expect(result.body.contains(message), "\(result.body)")
    }

    /// `ParseJsonHelper`: the block form sets a variable; blank text and `{}` are an empty object.
    @Test(arguments: [
        (#"{{#parseJson 'doc'}}{"name":"{{request.method}}"}{{/parseJson}}{{doc.name}}"#, "POST"),
        ("{{#with (parseJson '  ')}}object{{/with}}|{{size (parseJson '{ }')}}", "object|0"),
        ("{{parseJson '[1,2]' 'list'}}{{list.[1]}}", "2"),
    ])
    func parseJson(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    /// `ToJsonHelper` / `ToJsonHelperTest`: WireMock's `Json.write`, Jackson's default pretty
    /// printer; null renders nothing.
    @Test(arguments: [
        ("{{toJson (array 1 2 3)}}", "[ 1, 2, 3 ]"),
        ("[{{toJson null}}][{{toJson request.query.none}}]", "[][]"),
        ("{{toJson 'null'}}|{{toJson true}}|{{toJson 123}}", #""null"|true|123"#),
        ("{{toJson request.cookies}}", "{\n  \"session\" : \"s1\",\n  \"theme\" : \"dark\"\n}"),
    ])
    func toJson(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }
}
