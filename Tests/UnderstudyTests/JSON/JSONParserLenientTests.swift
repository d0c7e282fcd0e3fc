import Foundation
import Testing
@testable import Understudy

/// Mapping files and admin bodies are read as WireMock's Jackson mapper reads them
/// (WireMock 3.13.2 `common/Json.java`: `JsonParser.Feature.ALLOW_COMMENTS` and
/// `ALLOW_SINGLE_QUOTES`); everything else stays strict JSON.
struct JSONParserLenientTests {
    @Test func commentsAndSingleQuotesAreReadLeniently() throws {
        let text = """
            // a stub written by hand
            {
              'request': { /* GET only */ "method": 'GET', "urlPath": '/it\\'s' },
              "response": {"status": 200, 'body': 'say "hi"'} // done
            }
            /* trailing */
            """
        let value = try JSONParser.parseLeniently(Data(text.utf8))
        #expect(value == ["request": ["method": "GET", "urlPath": "/it's"], "response": ["status": 200, "body": #"say "hi""#]])
    }

    @Test func strictParsingStillRefusesThem() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#"{"a": 1} // no"#) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse("{'a': 1}") }
    }

    @Test func locationsCountLinesInsideBlockComments() throws {
        let text = "/* one\ntwo\nthree */\n{\"a\":\n  true}"
        let (_, locations) = try JSONParser.parseWithLocations(Data(text.utf8), lenient: true)
        #expect(locations.location(of: [.key("a")])?.line == 4, "the key is on line 4, after three lines of comment")
    }

    @Test func anUnclosedCommentOrStringIsStillAnError() {
        #expect(throws: JSONParseError.self) { try JSONParser.parseLeniently(Data("{\"a\": 1 /* never closed".utf8)) }
        #expect(throws: JSONParseError.self) { try JSONParser.parseLeniently(Data("{'a': 'never closed}".utf8)) }
    }

    @Test func aMappingFileWithCommentsLoadsAsWireMockLoadsIt() throws {
        let file = """
            {
              // WireMock loads this; so does Understudy
              "request": {"method": "GET", "url": '/hello'},
              "response": {"status": 200, "body": 'hello'}
            }
            """
        let mapping = try WireMockMappings.decodeMapping(Data(file.utf8))
        #expect(mapping.request.url == .url("/hello"))
        #expect(mapping.response.definition?.body == .text("hello"))
    }
}
