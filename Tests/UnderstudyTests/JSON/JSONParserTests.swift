import Foundation
import Testing
@testable import Understudy

struct JSONParserTests {
    // MARK: Valid input

    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", true),
        ("false", false),
        ("0", 0),
        ("-12", -12),
        ("\"text\"", "text"),
        ("[]", []),
        ("{}", [:]),
        (" \t\r\n[ 1 , 2 ,3 ] \n", [1, 2, 3]),
        ("{\"a\":{\"b\":[null,{}]}}", ["a": ["b": [nil, [:]]]]),
        ("[[[]],[{}]]", [[[]], [[:]]]),
        ("{\"\":\"\"}", ["": ""]),
    ] as [(String, JSONValue)])
    func parsesValidText(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
        #expect(try JSONParser.parse(Data(text.utf8)) == expected)
    }

    @Test(arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u0041\u00e9\u00E9""#, "Aéé"),
        (#""\u0000""#, "\u{0}"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uD834\uDD1E clef""#, "𝄞 clef"),
        (#""a\u20acb""#, "a€b"),
        (#""héllo wörld 😀""#, "héllo wörld 😀"),
        (#""x\ty""#, "x\ty"),
    ])
    func decodesEscapes(text: String, expected: String) throws {
        #expect(try JSONParser.parse(text) == .string(expected))
    }

    @Test(arguments: ["1.50e+3", "-0", "0.10", "1E-7", "2e10", "-0.0e-0", "123456789012345678901234567890", "1.0"])
    func keepsNumberText(text: String) throws {
        let value = try JSONParser.parse(text)
        guard case .number(let number) = value else {
            Issue.record("expected a number, got \(value)")
            return
        }
        #expect(number.text == text)
        #expect(try JSONParser.parse("[\(text)]").jsonText() == "[\(text)]")
    }

    @Test func publicParsingEntryPointsOnJSONValue() throws {
        #expect(try JSONValue(parsing: #"{"a": [1, true]}"#) == ["a": [1, true]])
        #expect(try JSONValue(parsing: Data("null".utf8)) == .null)
        #expect(throws: JSONParseError(line: 2, column: 1, message: "unexpected end of input; expected a value (the '[' at line 1, column 1 is never closed)")) {
            try JSONValue(parsing: "[1,\n")
        }
    }

    @Test func keepsMemberOrder() throws {
        let value = try JSONParser.parse(#"{"zeta":1,"alpha":2,"mid":{"y":1,"x":2}}"#)
        #expect(value.objectValue?.keys == ["zeta", "alpha", "mid"])
        #expect(value["mid"]?.objectValue?.keys == ["y", "x"])
    }

    @Test func laterDuplicateKeyWins() throws {
        let value = try JSONParser.parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == 3)
    }

    @Test func skipsUTF8ByteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"a":1}"#.utf8)
        #expect(try JSONParser.parse(data) == ["a": 1])
        #expect(try JSONParser.parse("\u{FEFF}[true]") == [true])
    }

    @Test func byteOrderMarkAnywhereElseIsRejected() {
        #expect(throws: JSONParseError(line: 1, column: 2, message: "expected a value, found character U+FEFF")) {
            try JSONParser.parse("[\u{FEFF}1]")
        }
    }

    // MARK: Invalid input

    @Test(arguments: [
        ("[1,2,]", 1, 5, "trailing comma before ']' is not allowed in JSON; remove the ','"),
        ("{\n  \"a\": 1,\n}", 2, 9, "trailing comma before '}' is not allowed in JSON; remove the ','"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after object member, found '\"'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after array element, found '2'"),
        ("[1}", 1, 3, "mismatched '}': the '[' at line 1, column 1 must be closed with ']'"),
        ("{\"a\":1]", 1, 7, "mismatched ']': the '{' at line 1, column 1 must be closed with '}'"),
        ("01", 1, 1, "leading zeros are not allowed in JSON numbers; remove them, or quote the value as a string"),
        ("[-007]", 1, 3, "leading zeros are not allowed in JSON numbers; remove them, or quote the value as a string"),
        ("0x1F", 1, 1, "hexadecimal numbers are not allowed in JSON; write the value in decimal"),
        ("1.", 1, 3, "expected a digit after the decimal point, found end of input; write 1.0 or 1 instead of 1."),
        ("1e+", 1, 4, "expected a digit in the exponent of a number, found end of input; write 1e5 or 1e-5"),
        ("-", 1, 2, "expected a digit after '-' in number, found end of input"),
        ("[.5]", 1, 2, "a JSON number must start with a digit; write 0.5 instead of .5"),
        ("+1", 1, 1, "a leading '+' is not allowed in JSON numbers; remove it"),
        ("[NaN]", 1, 2, "NaN is not a valid JSON number; JSON has no NaN or infinity, use null or a string"),
        ("-Infinity", 1, 2, "-Infinity is not a valid JSON number; JSON has no infinity, use null or a string"),
        ("[True]", 1, 2, "unknown literal 'True'; JSON literals are lowercase true, false and null"),
        ("tru", 1, 1, "unexpected 'tru'; strings must be in double quotes and literals are true, false or null"),
        ("nullx", 1, 1, "unexpected 'nullx'; strings must be in double quotes and literals are true, false or null"),
        ("{a:1}", 1, 2, "expected '\"' to begin an object key, found 'a'; object keys must be strings in double quotes"),
        ("{'a':1}", 1, 2, "expected '\"' to begin an object key, found '''; use double quotes, not single quotes"),
        ("['a']", 1, 2, "strings must be in double quotes, found '''; use \"text\" instead of 'text'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after object key \"a\", found '1'"),
        ("{\"a\":}", 1, 6, "expected a value after ':', found '}'"),
        ("[,1]", 1, 2, "expected a value, found ','"),
        ("// note\n1", 1, 1, "comments are not allowed in JSON, found '/'; remove the comment"),
        ("[1, /* two */ 2]", 1, 5, "comments are not allowed in JSON, found '/'; remove the comment"),
        ("1 2", 1, 3, "unexpected '2' after the JSON value; a JSON document holds exactly one value (wrap several values in an array)"),
        ("{} x", 1, 4, "unexpected 'x' after the JSON value; a JSON document holds exactly one value (wrap several values in an array)"),
        ("", 1, 1, "the input is empty; expected a JSON value such as {}, [] or \"text\""),
        ("  \n ", 2, 2, "the input is empty; expected a JSON value such as {}, [] or \"text\""),
        ("[", 1, 2, "unexpected end of input; expected a value (the '[' at line 1, column 1 is never closed)"),
        ("[1,\n 2", 2, 3, "unexpected end of input; expected ',' or ']' after array element (the '[' at line 1, column 1 is never closed)"),
        ("{\"a\":[1]", 1, 9, "unexpected end of input; expected ',' or '}' after object member (the '{' at line 1, column 1 is never closed)"),
        ("{", 1, 2, "unexpected end of input; expected an object key in double quotes (the '{' at line 1, column 1 is never closed)"),
        ("\"abc", 1, 1, "unterminated string: no closing '\"' before the end of input"),
        ("[\"a\\\"b", 1, 2, "unterminated string: no closing '\"' before the end of input"),
        ("\"a\nb\"", 1, 3, "line break inside a string; write it as \\n, or add the missing closing '\"'"),
        ("\"é\tx\"", 1, 3, "unescaped tab character in string; write it as \\t"),
        ("\"\u{01}\"", 1, 2, "unescaped control character U+0001 in string; write it as \\u0001"),
        ("\"\\x\"", 1, 2, "invalid escape '\\x' in string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX (write \\\\ for a backslash)"),
        ("\"\\u12G4\"", 1, 6, "expected 4 hexadecimal digits after \\u, found 'G'"),
        ("\"\\ud800\"", 1, 2, "lone surrogate \\uD800 in string: a high surrogate must be followed by a low surrogate escape \\uDC00-\\uDFFF"),
        ("\"ab\\uD83D\\u0041\"", 1, 4, "lone surrogate \\uD83D in string: a high surrogate must be followed by a low surrogate escape \\uDC00-\\uDFFF"),
        ("\"\\uDE00\"", 1, 2, "lone surrogate \\uDE00 in string: a low surrogate must follow a high surrogate escape \\uD800-\\uDBFF"),
        ("[\u{A0}1]", 1, 2, "expected a value, found character U+00A0"),
        ("[1,\u{E9}]", 1, 4, "expected a value, found 'é' (U+00E9)"),
        ("\r\n[\r\n1,\r\n]", 3, 2, "trailing comma before ']' is not allowed in JSON; remove the ','"),
        ("{\"ü\":1,\"é\":2,}", 1, 13, "trailing comma before '}' is not allowed in JSON; remove the ','"),
    ] as [(String, Int, Int, String)])
    func rejectsInvalidText(text: String, line: Int, column: Int, message: String) {
        let expected = JSONParseError(line: line, column: column, message: message)
        #expect(throws: expected) { try JSONParser.parse(text) }
        #expect(throws: expected) { try JSONParser.parse(Data(text.utf8)) }
    }

    @Test(arguments: [
        ([0x22, 0xFF, 0x22], 1, 2, "invalid UTF-8 byte 0xFF in string; JSON text must be encoded as UTF-8"),
        ([0x22, 0xC3, 0x22], 1, 2, "invalid UTF-8 byte 0xC3 in string; JSON text must be encoded as UTF-8"),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0xED in string; JSON text must be encoded as UTF-8"),
        ([0x5B, 0xFE, 0x5D], 1, 2, "expected a value, found byte 0xFE (not valid UTF-8)"),
    ] as [([UInt8], Int, Int, String)])
    func rejectsInvalidUTF8(bytes: [UInt8], line: Int, column: Int, message: String) {
        #expect(throws: JSONParseError(line: line, column: column, message: message)) {
            try JSONParser.parse(Data(bytes))
        }
    }

    @Test func errorDescriptionNamesLineAndColumn() {
        let error = JSONParseError(line: 3, column: 14, message: "expected ',' or '}' after object member, found '\"'")
        #expect(error.description == "line 3, column 14: expected ',' or '}' after object member, found '\"'")
    }

    // MARK: Nesting limit

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(arrays)
        var levels = 0
        while case .array(let elements) = value {
            levels += 1
            value = elements.first ?? .null
        }
        #expect(levels == 512)

        let objects = String(repeating: "{\"a\":", count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(throws: Never.self) { try JSONParser.parse(objects) }
    }

    @Test func rejectsNestingBeyondTheLimit() {
        let depth = JSONParser.maximumDepth + 1
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let expected = JSONParseError(
            line: 1, column: 513,
            message: "too deeply nested: arrays and objects may nest at most 512 levels deep"
        )
        #expect(throws: expected) { try JSONParser.parse(arrays) }

        let mixed = String(repeating: "[{\"k\":", count: 300)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(mixed) }
        do {
            _ = try JSONParser.parse(mixed)
        } catch {
            #expect(error.message.contains("512"))
            #expect(error.column == 256 * 6 + 1)
        }
    }

    // MARK: Source locations

    private static let mappingText = """
        {
          "name": "x",
          "request": {
            "headers": {"Accept": {"equalTo": "a"}}
          },
          "list": [1, {"k": true}],
          "naïve": {"ü": [ "é", 2 ]}
        }
        """

    @Test(arguments: [
        ([], 1, 1),
        ([.key("name")], 2, 3),
        ([.key("request")], 3, 3),
        ([.key("request"), .key("headers")], 4, 5),
        ([.key("request"), .key("headers"), .key("Accept")], 4, 17),
        ([.key("request"), .key("headers"), .key("Accept"), .key("equalTo")], 4, 28),
        ([.key("list")], 6, 3),
        ([.key("list"), .index(0)], 6, 12),
        ([.key("list"), .index(1)], 6, 15),
        ([.key("list"), .index(1), .key("k")], 6, 16),
        ([.key("naïve"), .key("ü")], 7, 13),
        ([.key("naïve"), .key("ü"), .index(0)], 7, 20),
        ([.key("naïve"), .key("ü"), .index(1)], 7, 25),
    ] as [([JSONCodingPathElement], Int, Int)])
    func recordsLocations(path: [JSONCodingPathElement], line: Int, column: Int) throws {
        let (_, locations) = try JSONParser.parseWithLocations(Data(Self.mappingText.utf8))
        #expect(locations.location(of: path) == JSONSourceLocation(line: line, column: column))
    }

    @Test func locationsOfMissingPathsAreNil() throws {
        let (value, locations) = try JSONParser.parseWithLocations(Self.mappingText)
        #expect(value["name"] == "x")
        #expect(locations.location(of: [.key("nope")]) == nil)
        #expect(locations.location(of: [.key("list"), .index(2)]) == nil)
        #expect(locations.location(of: [.index(0)]) == nil)
        #expect(locations.count == 14)
    }

    @Test func locationsOfRootAfterByteOrderMarkAndWhitespace() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data("\n\n  [true, null]".utf8)
        let (value, locations) = try JSONParser.parseWithLocations(data)
        #expect(value == [true, nil])
        #expect(locations.location(of: []) == JSONSourceLocation(line: 3, column: 3))
        #expect(locations.location(of: [.index(1)]) == JSONSourceLocation(line: 3, column: 10))
    }

    @Test func duplicateKeyLocationIsTheLaterOne() throws {
        let (_, locations) = try JSONParser.parseWithLocations(Data("{\"a\": 1,\n \"a\": 2}".utf8))
        #expect(locations.location(of: [.key("a")]) == JSONSourceLocation(line: 2, column: 2))
    }

    @Test func sourceLocationDescription() {
        #expect(JSONSourceLocation(line: 12, column: 5).description == "line 12, column 5")
    }
}
