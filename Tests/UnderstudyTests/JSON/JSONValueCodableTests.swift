import Foundation
import Testing
@testable import Understudy

struct JSONValueCodableTests {
    private struct Person: Codable, Equatable {
        var name: String
        var age: Int
        var tags: [String]
        var extra: JSONValue?
    }

    @Test func encodesSwiftValues() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let value = try JSONValue(encoding: Person(name: "Ann", age: 7, tags: ["x"], extra: ["k": [1, true]]), encoder: encoder)
        #expect(value.jsonText() == #"{"age":7,"extra":{"k":[1,true]},"name":"Ann","tags":["x"]}"#)
        #expect(try JSONValue(encoding: "text") == "text")
        #expect(try JSONValue(encoding: [1, 2]) == [1, 2])
    }

    @Test func decodesSwiftValues() throws {
        let value = try JSONParser.parse(#"{"tags":[],"age":41,"name":"Bo","extra":null}"#)
        #expect(try value.decode(Person.self) == Person(name: "Bo", age: 41, tags: [], extra: nil))
        #expect(throws: DecodingError.self) { try JSONValue.object(["age": "old"]).decode(Person.self) }
    }

    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", true),
        ("false", false),
        ("1", 1),
        ("0", 0),
        ("-5", -5),
        ("2.5", 2.5),
        ("18446744073709551615", .number(JSONNumber(text: "18446744073709551615"))),
        ("\"1\"", "1"),
        ("\"true\"", "true"),
        ("[1,\"a\",null,[true]]", [1, "a", nil, [true]]),
        ("{\"b\":{\"c\":[]},\"a\":1}", ["b": ["c": []], "a": 1]),
    ] as [(String, JSONValue)])
    func decodesThroughJSONDecoder(text: String, expected: JSONValue) throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(decoded == expected)
        #expect(decoded.typeName == expected.typeName)
    }

    @Test func decodedObjectsListMembersSortedByKey() throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"m":1,"z":2,"a":3}"#.utf8))
        #expect(decoded.objectValue?.keys == ["a", "m", "z"])
    }

    @Test(arguments: [
        ["a": 1, "b": [true, nil, "x"], "c": ["d": 1.5]],
        [1, -2, 3.25, .number(JSONNumber(text: "18446744073709551615"))],
        "plain",
        nil,
    ] as [JSONValue])
    func roundTripsThroughJSONEncoder(value: JSONValue) throws {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        #expect(try JSONParser.parse(data) == value)
    }

    @Test func keyStrategiesLeaveMemberNamesAlone() throws {
        struct Wrapper: Codable { var someField: JSONValue }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let wrapper = try decoder.decode(Wrapper.self, from: Data(#"{"some_field":{"snake_key":1}}"#.utf8))
        #expect(wrapper.someField == ["snake_key": 1])

        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(String(decoding: try encoder.encode(Wrapper(someField: ["camelKey": 1])), as: UTF8.self)
            == #"{"some_field":{"camelKey":1}}"#)
    }
}
