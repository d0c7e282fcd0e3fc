import Foundation
import Testing
@testable import Understudy

struct WireMockMappingsTests {
    @Test func swiftAndJSONStubsAreTheSameValue() throws {
        let json = """
            {
              "id": "00000000-0000-0000-0000-000000000001",
              "name": "Get user",
              "request": {
                "method": "GET",
                "urlPath": "/users/42",
                "headers": { "Accept": { "contains": "json" } },
                "queryParameters": { "tag": { "hasExactly": [ { "equalTo": "a" }, { "equalTo": "b" } ] } }
              },
              "response": { "status": 200, "jsonBody": { "id": 42 }, "headers": { "Content-Type": "application/json" } }
            }
            """
        let decoded = try WireMockMappings.decodeMapping(Data(json.utf8))
        let built = StubMapping(
            id: fixedID(1), name: "Get user",
            .get(urlPath: "/users/42").header("Accept", .contains("json")).queryParameter("tag", .hasExactly("a", "b")),
            .ok.json(["id": 42]))
        #expect(decoded.request == built.request)
        #expect(decoded.response.definition == built.response.definition)
        #expect(try decoded.wireMockJSON() == built.wireMockJSON())
    }

    static let roundTripDocuments: [String] = [
        #"{"request":{"method":"GET","url":"/a?b=c"},"response":{"status":204}}"#,
        #"{"request":{"method":"ANY","urlPattern":"/p/.*","scheme":"https","host":{"equalTo":"api.example.com"},"port":8443},"response":{"status":200,"body":"x","statusMessage":"Fine"}}"#,
        #"{"request":{"method":"GET","urlPathTemplate":"/u/{id}","pathParameters":{"id":{"matches":"[0-9]+"}}},"response":{"status":200}}"#,
        #"{"request":{"method":"POST","urlPathPattern":"/f","formParameters":{"a":{"equalTo":"1"}},"cookies":{"s":{"absent":true}},"basicAuthCredentials":{"username":"u","password":"p"}},"response":{"status":200,"base64Body":"AAEC"}}"#,
        #"{"request":{"method":"POST","urlPath":"/b","bodyPatterns":[{"equalToJson":{"a":[1,2]},"ignoreArrayOrder":true,"ignoreExtraElements":true},{"equalToJson":"{\"x\":1}"},{"matchesJsonPath":{"expression":"$.a","contains":"1"}},{"matchesJsonPath":"$.b"},{"binaryEqualTo":"AAEC"}]},"response":{"status":200}}"#,
        #"{"request":{"method":"POST","urlPath":"/x","bodyPatterns":[{"equalToXml":"<a><b>${xmlunit.ignore}</b></a>","enablePlaceholders":true,"namespaceAwareness":"LEGACY"},{"matchesXPath":{"expression":"//s:b","matches":"[0-9]+"},"xPathNamespaces":{"s":"urn:s"}},{"matchesJsonSchema":{"type":"object","required":["id"]},"schemaVersion":"V7"},{"matchesJsonSchema":"{\"type\":\"string\"}"}]},"response":{"status":200}}"#,
        #"{"request":{"method":"GET","urlPath":"/h","headers":{"A":{"and":[{"matches":"x.*"},{"not":{"contains":"y"}}]},"B":{"or":[{"equalTo":"b","caseInsensitive":true},{"doesNotMatch":"z"}]},"C":{"includes":[{"doesNotContain":"q"}]}}},"response":{"status":200}}"#,
        #"{"request":{"method":"GET","urlPath":"/d","headers":{"Date":{"before":"now +3 days","truncateExpected":"first day of month"}}},"response":{"status":200}}"#,
        #"{"request":{"method":"POST","urlPath":"/m","multipartPatterns":[{"matchingType":"ALL","headers":{"Content-Disposition":{"contains":"name="}},"bodyPatterns":[{"contains":"x"}]}]},"response":{"status":200}}"#,
        #"{"request":{"method":"POST","urlPath":"/m","multipartPatterns":[{"name":"file","fileName":"a.txt","matchingType":"ANY","headers":{"Content-Disposition":{"contains":"name=\"file\""}}}]},"response":{"status":200}}"#,
        #"{"request":{"method":"GET","urlPath":"/k","headers":{"A":{"anything":"anything"},"B":{"matchesPathTemplate":"/u/{id}"}}},"response":{"status":200}}"#,
        #"{"request":{"method":"GET","urlPath":"/r"},"response":{"status":200,"headers":{"Set-Cookie":["a=1","b=2"]},"bodyFileName":"f.json","fixedDelayMilliseconds":10,"delayDistribution":{"type":"lognormal","median":80,"sigma":0.4,"maxValue":500},"chunkedDribbleDelay":{"numberOfChunks":5,"totalDuration":1000},"transformers":["response-template"],"transformerParameters":{"k":"v"}}}"#,
        #"{"request":{"method":"GET","urlPath":"/p"},"response":{"proxyBaseUrl":"http://upstream","proxyUrlPrefixToRemove":"/api","additionalProxyRequestHeaders":{"X-A":"1"},"removeProxyRequestHeaders":["Cookie"],"status":200}}"#,
        #"{"request":{"method":"GET","urlPath":"/u"},"response":{"status":200,"delayDistribution":{"type":"uniform","lower":10,"upper":20},"fault":"RANDOM_DATA_THEN_CLOSE"}}"#,
        #"{"id":"00000000-0000-0000-0000-000000000009","uuid":"00000000-0000-0000-0000-000000000009","priority":2,"scenarioName":"s","requiredScenarioState":"Started","newScenarioState":"n","metadata":{"tags":["x"]},"persistent":true,"postServeActions":[{"name":"webhook","parameters":{"method":"POST","url":"http://localhost:8081/cb"}}],"request":{"method":"GET","urlPath":"/s"},"response":{"status":200}}"#,
    ]

    @Test(arguments: roundTripDocuments)
    func roundTripsWithoutLoss(_ document: String) throws {
        let mapping = try WireMockMappings.decodeMapping(Data(document.utf8))
        let original = try JSONParser.parse(document)
        var encoded = try mapping.wireMockJSON().objectValue!
        // Ids are generated when absent; everything else must come back as written.
        if original["id"] == nil {
            encoded["id"] = nil
            encoded["uuid"] = nil
        }
        #expect(JSONValue.object(encoded) == original)
        let again = try WireMockMappings.decodeMapping(Data(JSONValue.object(encoded).jsonText().utf8))
        #expect(again.request == mapping.request)
        #expect(again.response.definition == mapping.response.definition)
    }

    @Test func decodesWrapperArraysAndSingles() throws {
        let single = #"{"request":{"urlPath":"/a"}}"#
        let array = "[\(single),\(single)]"
        let wrapper = #"{"mappings":[\#(single)],"meta":{"total":1}}"#
        #expect(try WireMockMappings.decode(Data(single.utf8)).count == 1)
        #expect(try WireMockMappings.decode(Data(array.utf8)).count == 2)
        #expect(try WireMockMappings.decode(Data(wrapper.utf8)).count == 1)
        let defaults = try WireMockMappings.decodeMapping(Data(single.utf8))
        #expect(defaults.request.method == .any)
        #expect(defaults.response.definition == ResponseDefinition(status: 200))
    }

    @Test func encodesTheListingShape() throws {
        let data = try WireMockMappings.encode([StubMapping(id: fixedID(1), .get(urlPath: "/a"), .ok)], pretty: false)
        #expect(String(decoding: data, as: UTF8.self) == #"{"mappings":[{"id":"00000000-0000-0000-0000-000000000001","request":{"urlPath":"/a","method":"GET"},"response":{"status":200},"uuid":"00000000-0000-0000-0000-000000000001"}],"meta":{"total":1}}"#)
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        let json: String
        let error: String
        var testDescription: String { error }
    }

    static let badInputs: [BadInput] = [
        BadInput(json: "{\n  \"request\": {\"urlPath\": \"/a\"},\n  \"reponse\": {}\n}",
                 error: #"m.json:3:3: reponse: unknown field "reponse" in the stub mapping; did you mean "response"?; known fields: id, uuid, name, priority, request, response, scenarioName, requiredScenarioState, newScenarioState, metadata, persistent, postServeActions, serveEventListeners, insertionIndex, $schema, namespace"#),
        BadInput(json: #"{"request": {"urlPath": "/a", "headers": {"Accept": {"equalsTo": "x"}}}}"#,
                 error: #"m.json:1:54: request.headers.Accept.equalsTo: unknown operator "equalsTo"; did you mean "equalTo"?; known operators: equalTo, binaryEqualTo, contains, doesNotContain, matches, doesNotMatch, absent, anything, and, or, not, before, after, equalToDateTime, equalToJson, matchesJsonPath, matchesPathTemplate, equalToXml, matchesXPath, matchesJsonSchema, equalToNumber, greaterThanNumber, greaterThanEqualNumber, lessThanNumber, lessThanEqualNumber"#),
        BadInput(json: #"{"request": {"urlPathPattern": "/a/(["}}"#,
                 error: #"m.json:1:14: request.urlPathPattern: invalid regular expression //a/([/: the pattern is not valid ICU regular expression syntax; escape special characters such as ( [ { with a backslash"#),
        BadInput(json: #"{"request": {"urlPath": "/a"}, "response": {"status": "200"}}"#,
                 error: #"m.json:1:45: response.status: expected an integer, found string "200""#),
        BadInput(json: #"{"request": {"urlPath": "/a"}, "response": {"fault": "CONNECTION_RESET"}}"#,
                 error: #"m.json:1:45: response.fault: unknown fault "CONNECTION_RESET"; did you mean "CONNECTION_RESET_BY_PEER"?; faults are CONNECTION_RESET_BY_PEER, EMPTY_RESPONSE, MALFORMED_RESPONSE_CHUNK, RANDOM_DATA_THEN_CLOSE"#),
        BadInput(json: #"{"response": {}}"#, error: #"m.json:1:1: missing required field "request""#),
        // EqualToXmlPattern.java reads the expected document when the stub is made.
        BadInput(json: #"{"request": {"urlPath": "/a", "bodyPatterns": [{"equalToXml": "<order>"}]}}"#,
                 error: #"m.json:1:49: request.bodyPatterns[0].equalToXml: equalToXml holds XML that is not well-formed: the document ends before its root element is closed (line 1, column 8)"#),
        // StringValuePatternJsonDeserializer: "equalTo operand must be a non-null string".
        BadInput(json: #"{"request": {"urlPath": "/a", "headers": {"X": {"equalTo": 5}}}}"#,
                 error: #"m.json:1:49: request.headers.X.equalTo: expected a string (the equalTo operand), found number 5"#),
        BadInput(json: #"{"request": {"urlPath": "/a"}, "response": {"transformers": ["webhook"]}}"#,
                 error: #"m.json:1:62: response.transformers[0]: unknown transformer "webhook"; Understudy has "response-template" (other WireMock transformers are Java extensions; remove it, or compute the response in a Swift dynamic stub)"#),
        BadInput(json: #"{"request": {"urlPath": "/a"}, "response": {"status": 200,}}"#,
                 error: "m.json:1:58: not valid JSON: "),
    ]

    @Test func errorsAtAMemberFallBackToTheObjectWhenItIsMissing() throws {
        let reader = try JSONReader.parsing(Data("{\n  \"request\": {\"priority\": 0}\n}".utf8), file: "m.json")
        let request = try #require(reader.member("request"))
        #expect(request.error(at: "priority", "too low").description == "m.json:2:15: request.priority: too low")
        #expect(request.error(at: "missing", "not there").description == "m.json:2:3: request: not there")
    }

    @Test(arguments: badInputs)
    func badInputNamesTheFieldAndFix(_ input: BadInput) {
        do {
            _ = try WireMockMappings.decode(Data(input.json.utf8), file: "m.json")
            Issue.record("expected an error")
        } catch {
            // A JSON syntax error's wording comes from the parser; only its position is pinned here.
            if input.error.hasSuffix("not valid JSON: ") {
                #expect(error.description.hasPrefix(input.error))
            } else {
                #expect(error.description == input.error)
            }
        }
    }
}
