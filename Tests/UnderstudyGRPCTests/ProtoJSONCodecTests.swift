import Foundation
import Testing
@testable import UnderstudyGRPC
import UnderstudyJSON

/// Binary protobuf <-> proto3 JSON, checked against Python's protobuf (`json_format`), which
/// made `Fixtures/everything.bin` and `Fixtures/everything.json` from one message.
struct ProtoJSONCodecTests {
    @Test func decodesAsProtobufsOwnJSONPrinterDoes() throws {
        let codec = try Fixtures.codec()
        let json = try codec.json(fromMessage: Array(Fixtures.data("everything.bin")), type: "understudy.test.Everything")
        #expect(json == (try JSONValue(parsing: Fixtures.data("everything.json"))))
        guard case .object(let object) = json else { Issue.record("not an object"); return }
        // int64 as strings, enums by name, bytes base64, field-number order.
        #expect(object["anInt64"] == .string("-9007199254740993"))
        #expect(object["aUint64"] == .string("18446744073709551615"))
        #expect(object["mood"] == .string("GRUMPY"))
        #expect(object["someBytes"] == .string("AAH+/w=="))
        #expect(object["at"] == .string("2023-11-14T22:13:20.021Z"))
        #expect(object["took"] == .string("-1.500s"))
        #expect(object.keys.first == "aDouble" && object.keys.last == "inner")
    }

    @Test func encodesWhatPythonReadsBackAsTheSameMessage() throws {
        let codec = try Fixtures.codec()
        let json = try JSONValue(parsing: Fixtures.data("everything.json"))
        let bytes = try codec.message(fromJSON: json, type: "understudy.test.Everything")
        // The same fields, in field-number order as protobuf writes them; maps may be in another order.
        #expect(bytes.count == (try Fixtures.data("everything.bin")).count)
        #expect(try codec.json(fromMessage: bytes, type: "understudy.test.Everything") == json)
    }

    @Test func leavesOutDefaultsUnlessTheFieldTracksPresence() throws {
        let codec = try Fixtures.codec()
        let json = try Fixtures.json(#"{"anInt32": 0, "aString": "", "mood": "MOOD_UNSPECIFIED", "numbers": [], "maybe": 0, "textChoice": "", "nested": {}}"#)
        let bytes = try codec.message(fromJSON: json, type: "understudy.test.Everything")
        #expect(try codec.json(fromMessage: bytes, type: "understudy.test.Everything")
            == Fixtures.json(#"{"maybe": 0, "textChoice": "", "nested": {}}"#))
        // An implicit-presence field sent with its default on the wire is left out too.
        var writer = ProtobufWriter()
        writer.writeTag(5, .varint)
        writer.writeVarint(0)
        #expect(try codec.json(fromMessage: writer.bytes, type: "understudy.test.Everything") == .object([:]))
    }

    @Test(arguments: [
        (#""1970-01-01T00:00:00Z""#, 0 as Int64, 0 as Int32),
        (#""1972-01-01T10:00:20.021Z""#, 63_108_020, 21_000_000),
        (#""0001-01-01T00:00:00Z""#, -62_135_596_800, 0),
        (#""9999-12-31T23:59:59.999999999Z""#, 253_402_300_799, 999_999_999),
        (#""1969-12-31T23:59:59.000001Z""#, -1, 1_000),
    ])
    func timestamps(text: String, seconds: Int64, nanos: Int32) throws {
        let codec = try Fixtures.codec()
        let bytes = try codec.message(fromJSON: Fixtures.json(text), type: "google.protobuf.Timestamp")
        var expected = ProtobufWriter()
        if seconds != 0 { expected.writeTag(1, .varint); expected.writeVarint(UInt64(bitPattern: seconds)) }
        if nanos != 0 { expected.writeTag(2, .varint); expected.writeVarint(UInt64(nanos)) }
        #expect(bytes == expected.bytes)
        #expect(try codec.json(fromMessage: bytes, type: "google.protobuf.Timestamp") == Fixtures.json(text))
    }

    @Test func timestampsWithOffsetsAreReadInUTC() throws {
        let codec = try Fixtures.codec()
        let bytes = try codec.message(fromJSON: .string("1970-01-01T01:00:00+01:00"), type: "google.protobuf.Timestamp")
        #expect(try codec.json(fromMessage: bytes, type: "google.protobuf.Timestamp") == .string("1970-01-01T00:00:00Z"))
    }

    @Test(arguments: ["1s", "-0.500s", "0s", "315576000000.999999999s", "1.010s"])
    func durations(text: String) throws {
        let codec = try Fixtures.codec()
        let bytes = try codec.message(fromJSON: .string(text), type: "google.protobuf.Duration")
        #expect(try codec.json(fromMessage: bytes, type: "google.protobuf.Duration") == .string(text))
    }

    @Test func wrappersEmptyStructValueAndListValueTakeTheirJSONForms() throws {
        let codec = try Fixtures.codec()
        let json = try Fixtures.json(#"""
            {"wrappedInt64": "0", "wrappedString": "", "nothing": {}, "anything": null,
             "details": {"n": 1.5, "s": "x", "b": false, "z": null, "l": [1.0, {"deep": []}], "o": {}},
             "list": [null, true], "wrappedDouble": 0.0, "wrappedBytes": ""}
            """#)
        let bytes = try codec.message(fromJSON: json, type: "understudy.test.Everything")
        #expect(try codec.json(fromMessage: bytes, type: "understudy.test.Everything") == json)
        #expect(try codec.message(fromJSON: .object([:]), type: "google.protobuf.Empty") == [])
        #expect(try codec.json(fromMessage: [], type: "google.protobuf.Struct") == .object([:]))
    }

    @Test func anyCarriesItsTypeAndFields() throws {
        let codec = try Fixtures.codec()
        let message = try Fixtures.json(#"{"@type": "type.googleapis.com/understudy.test.HelloRequest", "name": "Ada", "times": 2}"#)
        let bytes = try codec.message(fromJSON: message, type: "google.protobuf.Any")
        #expect(try codec.json(fromMessage: bytes, type: "google.protobuf.Any") == message)
        let wellKnown = try Fixtures.json(#"{"@type": "type.googleapis.com/google.protobuf.Duration", "value": "2s"}"#)
        #expect(try codec.json(fromMessage: codec.message(fromJSON: wellKnown, type: "google.protobuf.Any"), type: "google.protobuf.Any") == wellKnown)
    }

    @Test func acceptsTheInputFormsProto3JSONAllows() throws {
        let codec = try Fixtures.codec()
        let loose = try Fixtures.json(#"{"an_int64": 5, "anInt32": "7", "aDouble": "NaN", "aFloat": "-Infinity", "mood": 2, "someBytes": "AAH-_w", "aUint32": 1e2}"#)
        let bytes = try codec.message(fromJSON: loose, type: "understudy.test.Everything")
        #expect(try codec.json(fromMessage: bytes, type: "understudy.test.Everything")
            == Fixtures.json(#"{"aDouble": "NaN", "aFloat": "-Infinity", "anInt64": "5", "anInt32": 7, "someBytes": "AAH+/w==", "aUint32": 100, "mood": "GRUMPY"}"#))
    }

    @Test(arguments: [
        (#"{"nope": 1}"#, "understudy.test.Everything has no field \"nope\""),
        (#"{"anInt32": 2147483648}"#, "anInt32: 2147483648 is out of range"),
        (#"{"anInt32": 1.5}"#, "anInt32: 1.5 is not an integer"),
        (#"{"aUint64": "-1"}"#, "aUint64: -1 is not an unsigned integer in range"),
        (#"{"mood": "SAD"}"#, "mood: \"SAD\" is not a value of understudy.test.Mood (MOOD_UNSPECIFIED, HAPPY, GRUMPY)"),
        (#"{"aBool": "true"}"#, "aBool: expected true or false, got \"true\""),
        (#"{"people": [{"name": 3}]}"#, "people[0].name: expected a string, got 3"),
        (#"{"at": "yesterday"}"#, "at: \"yesterday\" is not an RFC 3339 timestamp such as 1972-01-01T10:00:20.021Z"),
        (#"{"textChoice": "a", "numberChoice": 1}"#, "textChoice and numberChoice belong to the same oneof; give one of them"),
        (#"{"numbers": 1}"#, "numbers: expected an array for a repeated field, got 1"),
        (#"[]"#, "expected an object for understudy.test.Everything, got an array"),
    ])
    func jsonOfTheWrongShapeSaysWhereAndWhy(text: String, message: String) throws {
        let codec = try Fixtures.codec()
        let error = #expect(throws: ProtoJSONError.self) { try codec.message(fromJSON: Fixtures.json(text), type: "understudy.test.Everything") }
        #expect(error?.description == message)
    }

    @Test func malformedBytesAreAnErrorNotACrash() throws {
        let codec = try Fixtures.codec()
        // Field 9 (a string) whose length runs past the end; then invalid UTF-8; then a truncated varint.
        for bytes: [UInt8] in [[0x4A, 0x05, 0x61], [0x4A, 0x01, 0xFF], [0x28, 0xFF], [0x07]] {
            #expect(throws: ProtoJSONError.self) { try codec.json(fromMessage: bytes, type: "understudy.test.Everything") }
        }
        #expect(throws: ProtoJSONError.self) { try codec.json(fromMessage: [], type: "understudy.test.Missing") }
    }
}
