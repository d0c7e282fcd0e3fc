import Foundation
import Testing
@testable import Understudy

struct JSONWriterTests {
    @Test(arguments: [
        (["a": 1, "b": [true, nil]], #"{"a":1,"b":[true,null]}"#),
        ([], "[]"),
        ([:], "{}"),
        ([[], [:], [[]]], "[[],{},[[]]]"),
        (nil, "null"),
        (false, "false"),
        (-3, "-3"),
        (0.5, "0.5"),
        ("", #""""#),
        (["z": 1, "a": ["y": 2, "x": 3]], #"{"z":1,"a":{"y":2,"x":3}}"#),
    ] as [(JSONValue, String)])
    func writesCompactText(value: JSONValue, expected: String) {
        #expect(value.jsonText() == expected)
        #expect(value.description == expected)
        #expect(value.jsonData() == Data(expected.utf8))
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" backslash \\ slash /", #""quote \" backslash \\ slash /""#),
        ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{01}\u{1F}\u{7F}", #""\u0000\u0001\u001f\#u{7F}""#),
        ("héllo 😀 €", #""héllo 😀 €""#),
        ("\u{2028}", "\"\u{2028}\""),
    ])
    func escapesStrings(string: String, expected: String) throws {
        let value = JSONValue.string(string)
        #expect(value.jsonText() == expected)
        #expect(try JSONParser.parse(value.jsonText()) == value)
    }

    @Test(arguments: [
        (JSONNumber(text: "1.50e+3"), "1.50e+3"),
        (JSONNumber(text: "-0"), "-0"),
        (JSONNumber(text: "1E400"), "1E400"),
        (JSONNumber(42), "42"),
        (JSONNumber(2.5), "2.5"),
        (JSONNumber(text: "+1"), "1"),
        (JSONNumber(text: "007"), "7"),
        (JSONNumber(text: ".5"), "0.5"),
        (JSONNumber(Double.nan), "null"),
        (JSONNumber(Double.infinity), "null"),
        (JSONNumber(text: "abc"), "null"),
    ])
    func writesNumbers(number: JSONNumber, expected: String) {
        #expect(JSONValue.number(number).jsonText() == expected)
    }

    @Test func writesPrettyText() {
        let value: JSONValue = [
            "name": "stub",
            "request": ["method": "GET", "headers": [:]],
            "tags": ["a", 1.5, nil],
            "empty": [],
        ]
        let expected = """
            {
              "name": "stub",
              "request": {
                "method": "GET",
                "headers": {}
              },
              "tags": [
                "a",
                1.5,
                null
              ],
              "empty": []
            }
            """
        #expect(value.jsonText(pretty: true) == expected)
        #expect(value.jsonData(pretty: true) == Data(expected.utf8))
        #expect(JSONValue.array([1]).jsonText(pretty: true) == "[\n  1\n]")
        #expect(JSONValue.string("x").jsonText(pretty: true) == "\"x\"")
    }

    @Test func sortsKeysWhenAsked() {
        let value: JSONValue = ["b": 1, "a": ["d": 1, "c": 2, "B": 3], "é": 0, "Z": 2]
        #expect(value.jsonText(sortedKeys: true) == #"{"Z":2,"a":{"B":3,"c":2,"d":1},"b":1,"é":0}"#)
        #expect(value.jsonText() == #"{"b":1,"a":{"d":1,"c":2,"B":3},"é":0,"Z":2}"#)
        #expect(value.jsonText(pretty: true, sortedKeys: true).hasPrefix("{\n  \"Z\": 2,\n  \"a\": {\n    \"B\": 3,"))
    }

    @Test(arguments: [
        #"{"a":1,"b":[true,null]}"#,
        #"{"zeta":{"y":[1.50e+3,-0,1E-7]},"alpha":"\"quoted\"\n","":[]}"#,
        #"[{},[],"héllo 😀",0.10,false,null,"a/b","\u0001"]"#,
        #""\\\"""#,
        "123456789012345678901234567890",
    ])
    func canonicalCompactTextRoundTrips(text: String) throws {
        #expect(try JSONParser.parse(text).jsonText() == text)
    }

    @Test(arguments: [
        ["a": 1, "b": [true, nil]],
        ["nested": ["deep": [["x": "y\u{0}"]]], "n": 1e100, "m": -0.25],
        ["😀", "\u{1F}", "\\", "/", 12345678901234],
        [:],
        "just a string",
    ] as [JSONValue])
    func valuesRoundTripThroughText(value: JSONValue) throws {
        let compact = try JSONParser.parse(value.jsonText())
        #expect(compact == value)
        #expect(compact.jsonText() == value.jsonText())
        #expect(try JSONParser.parse(value.jsonText(pretty: true)) == value)
        #expect(try JSONParser.parse(value.jsonData(sortedKeys: true)) == value)
    }

    @Test func prettyTextOfParsedDocumentKeepsOrderAndSpelling() throws {
        let value = try JSONParser.parse(#"{"b":1.50,"a":[1E2]}"#)
        #expect(value.jsonText(pretty: true) == "{\n  \"b\": 1.50,\n  \"a\": [\n    1E2\n  ]\n}")
    }
}
