import Foundation
import Testing
@testable import Understudy

/// How WireMock 3.13.2 reads pattern objects that hold more than one operator, unknown keys,
/// several URL keys and the other forms it accepts; each test names the WireMock source it follows.
struct WireMockPatternDecodingTests {
    private func decode(_ json: String) throws -> (mapping: StubMapping, warnings: [MappingWarning]) {
        let decoded = try WireMockMappings.decodeWithWarnings(Data(json.utf8), file: "m.json")
        return (try #require(decoded.mappings.first), decoded.warnings)
    }

    struct Place: Sendable, CustomTestStringConvertible {
        let name: String
        /// A request object with `PATTERN` where the pattern goes.
        let request: String
        /// The same request built in Swift around the pattern the JSON means.
        let expected: @Sendable (StringValuePattern) -> RequestPattern
        /// Where the ignored operator's warning points.
        let ignoredPath: String
        var testDescription: String { name }
    }

    static let places: [Place] = [
        Place(name: "header", request: #"{"urlPath": "/a", "headers": {"X": PATTERN}}"#,
              expected: { .request(.any, .urlPath("/a")).header("X", $0) }, ignoredPath: "request.headers.X.contains"),
        Place(name: "query", request: #"{"urlPath": "/a", "queryParameters": {"q": PATTERN}}"#,
              expected: { .request(.any, .urlPath("/a")).queryParameter("q", $0) }, ignoredPath: "request.queryParameters.q.contains"),
        Place(name: "form", request: #"{"urlPath": "/a", "formParameters": {"f": PATTERN}}"#,
              expected: { .request(.any, .urlPath("/a")).formParameter("f", $0) }, ignoredPath: "request.formParameters.f.contains"),
        Place(name: "cookie", request: #"{"urlPath": "/a", "cookies": {"c": PATTERN}}"#,
              expected: { .request(.any, .urlPath("/a")).cookie("c", $0) }, ignoredPath: "request.cookies.c.contains"),
        Place(name: "path parameter", request: #"{"urlPathTemplate": "/a/{id}", "pathParameters": {"id": PATTERN}}"#,
              expected: { .request(.any, .urlPathTemplate("/a/{id}")).pathParameter("id", $0) }, ignoredPath: "request.pathParameters.id.contains"),
        Place(name: "host", request: #"{"urlPath": "/a", "host": PATTERN}"#,
              expected: { .request(.any, .urlPath("/a")).host($0) }, ignoredPath: "request.host.contains"),
        Place(name: "body", request: #"{"urlPath": "/a", "bodyPatterns": [PATTERN]}"#,
              expected: { .request(.any, .urlPath("/a")).body($0) }, ignoredPath: "request.bodyPatterns[0].contains"),
        Place(name: "multipart header", request: #"{"urlPath": "/a", "multipartPatterns": [{"headers": {"X": PATTERN}}]}"#,
              expected: { .request(.any, .urlPath("/a")).multipart(MultipartPattern(headers: [NamedPattern(name: "X", pattern: .single($0))])) },
              ignoredPath: "request.multipartPatterns[0].headers.X.contains"),
        Place(name: "multipart body", request: #"{"urlPath": "/a", "multipartPatterns": [{"bodyPatterns": [PATTERN]}]}"#,
              expected: { .request(.any, .urlPath("/a")).multipart(MultipartPattern(bodyPatterns: [$0])) },
              ignoredPath: "request.multipartPatterns[0].bodyPatterns[0].contains"),
        Place(name: "inside and", request: #"{"urlPath": "/a", "headers": {"X": {"and": [PATTERN, {"absent": true}]}}}"#,
              expected: { .request(.any, .urlPath("/a")).header("X", .and($0, .absent)) }, ignoredPath: "request.headers.X.and[0].contains"),
        Place(name: "inside or", request: #"{"urlPath": "/a", "headers": {"X": {"or": [PATTERN]}}}"#,
              expected: { .request(.any, .urlPath("/a")).header("X", .or($0)) }, ignoredPath: "request.headers.X.or[0].contains"),
        Place(name: "inside not", request: #"{"urlPath": "/a", "headers": {"X": {"not": PATTERN}}}"#,
              expected: { .request(.any, .urlPath("/a")).header("X", .not($0)) }, ignoredPath: "request.headers.X.not.contains"),
    ]

    // StringValuePatternJsonDeserializer.findPatternClass: the first operator key in the text
    // decides; later operator keys are never read, so an invalid regex there is no error.
    @Test(arguments: places)
    func firstOperatorKeyInTheTextWins(_ place: Place) throws {
        let pattern = #"{"equalTo": "a", "contains": "b", "matches": "(["}"#
        let json = #"{"request": \#(place.request.replacingOccurrences(of: "PATTERN", with: pattern))}"#
        let (mapping, warnings) = try decode(json)
        #expect(mapping.request == place.expected(.equalTo("a")))
        #expect(warnings.map(\.path) == [place.ignoredPath, place.ignoredPath.replacingOccurrences(of: ".contains", with: ".matches")])
        #expect(warnings.first?.message == #""contains" is ignored: a pattern uses only its first operator, here "equalTo" (WireMock's StringValuePatternJsonDeserializer); keep one, or combine them with "and": [...]"#)
        // Writing the stub back keeps only the operator that was used.
        #expect(try !mapping.wireMockJSON().jsonText().contains("contains"))
    }

    // StringValuePatternJsonDeserializer.deserialiseMatchesJsonPathPattern builds the nested
    // pattern from the same object as "expression", with the same first-operator rule.
    @Test func matchesJsonPathNestedPatternUsesItsFirstOperator() throws {
        let json = #"{"request": {"bodyPatterns": [{"matchesJsonPath": {"doesNotMatch": "x", "expression": "$.a", "equalTo": "b"}}]}}"#
        let (mapping, warnings) = try decode(json)
        #expect(mapping.request.bodyPatterns == [.matchesJsonPath("$.a", .doesNotMatch("x"))])
        #expect(warnings.map(\.path) == ["request.bodyPatterns[0].matchesJsonPath.equalTo"])
        #expect(try mapping.wireMockJSON()["request"]?["bodyPatterns"] == [["matchesJsonPath": ["expression": "$.a", "doesNotMatch": "x"]]])
    }

    // StringValuePatternJsonDeserializer reads modifiers with rootNode.findValue, wherever they sit.
    @Test func modifiersApplyWhereverTheySit() throws {
        let json = #"""
            {"request": {"headers": {
              "A": {"caseInsensitive": true, "equalTo": "X", "contains": "y"},
              "D": {"truncateExpected": "first day of month", "before": "now", "after": "2020-01-01T00:00:00Z"}
            }, "bodyPatterns": [{"ignoreArrayOrder": true, "equalToJson": [1, 2], "ignoreExtraElements": true}]}}
            """#
        let (mapping, warnings) = try decode(json)
        let before = try DateTimePattern(.before, "now", truncateExpected: .firstDayOfMonth)
        #expect(mapping.request.headers == [
            NamedPattern(name: "A", pattern: .single(.equalToIgnoringCase("X"))),
            NamedPattern(name: "D", pattern: .single(.dateTime(before))),
        ])
        #expect(mapping.request.bodyPatterns == [.equalToJson([1, 2], ignoreArrayOrder: true, ignoreExtraElements: true)])
        #expect(warnings.map(\.path) == ["request.headers.A.contains", "request.headers.D.after"])
    }

    // ContentPatternDeserialiser: a body pattern holding binaryEqualTo is that, wherever it sits;
    // elsewhere the first operator still wins.
    @Test func binaryEqualToWinsInBodyPatternsOnly() throws {
        let pattern = #"{"equalTo": "a", "binaryEqualTo": "AAEC"}"#
        let (mapping, warnings) = try decode(#"{"request": {"bodyPatterns": [\#(pattern)], "headers": {"X": \#(pattern)}}}"#)
        #expect(mapping.request.bodyPatterns == [.binaryEqualTo(Data([0, 1, 2]))])
        #expect(mapping.request.headers == [NamedPattern(name: "X", pattern: .single(.equalTo("a")))])
        #expect(warnings.map(\.path) == ["request.headers.X.binaryEqualTo", "request.bodyPatterns[0].equalTo"])
        #expect(warnings.last?.message.hasPrefix(#""equalTo" is ignored: a body pattern with "binaryEqualTo" uses it wherever it sits (WireMock's ContentPatternDeserialiser)"#) == true)
    }

    // UrlPattern.fromOneOf: url > urlPattern > urlPath > urlPathPattern > urlPathTemplate,
    // whatever the order in the text; the others are not read (the bad regex is no error).
    @Test func oneURLKeyByPriorityAndNullIsNoKey() throws {
        let json = #"{"request": {"urlPathTemplate": "/t/{id}", "urlPattern": "/p/.*", "urlPath": "/p", "url": null}}"#
        let (mapping, warnings) = try decode(json)
        #expect(mapping.request.url == .urlPattern("/p/.*"))
        #expect(warnings.map(\.path) == ["request.urlPath", "request.urlPathTemplate"])
    }

    @Test func oneURLKeyByPriorityIgnoresTheRest() throws {
        let json = "{\"id\": \"00000000-0000-0000-0000-000000000003\", \"request\": {\n\"urlPathTemplate\": \"/t/{id\", \"urlPathPattern\": \"([\", \"urlPath\": \"/p\", \"url\": \"/u?a=1\"}}"
        let (mapping, warnings) = try decode(json)
        #expect(mapping.request.url == .url("/u?a=1"))
        #expect(warnings.map(\.path) == ["request.urlPath", "request.urlPathPattern", "request.urlPathTemplate"])
        #expect(warnings.first?.description == #"m.json:2:54: stub id 00000000-0000-0000-0000-000000000003: request.urlPath: "urlPath" is ignored: a request matches one URL key, and "url" comes first in WireMock's order url > urlPattern > urlPath > urlPathPattern > urlPathTemplate; keep one"#)
    }

    // StubMapping.setId and setUuid set the same field: the later key wins.
    @Test(arguments: [("id", "uuid"), ("uuid", "id")])
    func laterOfIdAndUuidWins(_ keys: (first: String, second: String)) throws {
        let json = #"{"\#(keys.first)": "00000000-0000-0000-0000-000000000001", "\#(keys.second)": "00000000-0000-0000-0000-000000000002", "request": {}}"#
        let (mapping, warnings) = try decode(json)
        #expect(mapping.id == fixedID(2))
        #expect(warnings.map(\.path) == [keys.second])
        #expect(warnings.first?.stub == StubIdentity(id: fixedID(2), name: nil))
        #expect(warnings.first?.message == "\(keys.second) differs from \(keys.first) and wins, as the later key does in WireMock; they name the same stub, so keep one")
    }

    // StringValuePatternJsonDeserializer returns AbsentPattern.ABSENT without reading the value.
    @Test func absentFalseStillMeansAbsent() throws {
        let (mapping, warnings) = try decode(#"{"request": {"headers": {"X": {"absent": false}}}}"#)
        #expect(mapping.request.headers == [NamedPattern(name: "X", pattern: .single(.absent))])
        #expect(mapping.request.matches(request(.get, "/")))
        #expect(!mapping.request.matches(request(.get, "/", headers: ["X": "1"])))
        #expect(warnings.map(\.path) == ["request.headers.X.absent"])
        #expect(try mapping.wireMockJSON()["request"]?["headers"] == ["X": ["absent": true]])
    }

    // The deserializer reads a JSON tree, so keys no operator reads are ignored; lint names the likely typo.
    @Test func unknownKeysAreIgnoredAndTyposNamed() throws {
        let (mapping, warnings) = try decode(#"{"request": {"headers": {"X": {"equalTo": "a", "caseInsensitve": true, "comment": 1}, "Y": {"contains": "b", "caseInsensitive": true}}}}"#)
        #expect(mapping.request.headers == [
            NamedPattern(name: "X", pattern: .single(.equalTo("a"))),
            NamedPattern(name: "Y", pattern: .single(.contains("b"))),
        ])
        #expect(warnings.map(\.message) == [
            #"unknown key "caseInsensitve" is ignored; did you mean "caseInsensitive"?"#,
            #"unknown key "comment" is ignored"#,
            #""caseInsensitive" is ignored: "contains" does not read it"#,
        ])
    }

    // StringValuePatternJsonDeserializer.deserializeEqualToJson reads no enablePlaceholders:
    // EqualToJsonPattern always applies JsonUnit placeholders, so "false" changes nothing.
    @Test func enablePlaceholdersIsIgnoredByEqualToJson() throws {
        let (mapping, warnings) = try decode(#"{"request": {"bodyPatterns": [{"equalToJson": {"a": "${json-unit.any-string}"}, "enablePlaceholders": false}]}}"#)
        #expect(mapping.request.matches(request(.post, "/", body: #"{"a": "anything"}"#)))
        #expect(warnings.map(\.path) == ["request.bodyPatterns[0].enablePlaceholders"])
    }

    // EqualToPattern's caseInsensitive goes through JsonNode.asBoolean(): "true" is true.
    @Test func modifierFlagsAreReadAsJacksonReadsThem() throws {
        let (mapping, warnings) = try decode(#"{"request": {"headers": {"X": {"equalTo": "a", "caseInsensitive": "true"}}}}"#)
        #expect(mapping.request.headers == [NamedPattern(name: "X", pattern: .single(.equalToIgnoringCase("a")))])
        #expect(warnings.map(\.message) == [#"expected true or false, found string "true"; WireMock reads it as true"#])
    }

    // AnythingPattern matches every value, a missing one too, and writes {"anything": "anything"}.
    @Test func anythingMatchesEveryValue() throws {
        let (mapping, warnings) = try decode(#"{"request": {"headers": {"X": {"anything": "(always)"}}, "bodyPatterns": [{"anything": "x"}]}}"#)
        #expect(warnings.isEmpty)
        #expect(mapping.request.matches(request(.get, "/")))
        #expect(mapping.request.matches(request(.post, "/", headers: ["X": "1"], body: "b")))
        #expect(try mapping.wireMockJSON()["request"]?["headers"] == ["X": ["anything": "anything"]])
        #expect(throws: MappingDecodingError.self) { try decode(#"{"request": {"headers": {"X": {"anything": true}}}}"#) }
    }

    // PathTemplatePattern: the value matches the template; a miss is ranked by the template text.
    @Test func matchesPathTemplate() throws {
        let (mapping, _) = try decode(#"{"request": {"headers": {"Referer-Path": {"matchesPathTemplate": "/users/{id}"}}}}"#)
        #expect(mapping.request.matches(request(.get, "/", headers: ["Referer-Path": "/users/42"])))
        #expect(!mapping.request.matches(request(.get, "/", headers: ["Referer-Path": "/users"])))
        #expect(!mapping.request.matches(request(.get, "/")))
        #expect(StringValuePattern.matchesPathTemplate("/users/{id}").match("/users/4/x").distance < 1)
        #expect(try mapping.wireMockJSON()["request"]?["headers"] == ["Referer-Path": ["matchesPathTemplate": "/users/{id}"]])
        do {
            _ = try decode(#"{"request": {"headers": {"P": {"matchesPathTemplate": "/a/{"}}}}"#)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("m.json:1:32: request.headers.P.matchesPathTemplate: invalid path template \"/a/{\": '{' without a matching '}'"), "\(error)")
        }
    }

    // The XML and JSON Schema operators take part in choosing a pattern's first operator like
    // any other: a later one is ignored with a warning.
    @Test func laterXMLOperatorsAreIgnoredLikeAnyOther() throws {
        let (mapping, warnings) = try decode(#"{"request": {"bodyPatterns": [{"contains": "a", "equalToXml": "<a/>"}]}}"#)
        #expect(mapping.request.bodyPatterns == [.contains("a")])
        #expect(warnings.map(\.path) == ["request.bodyPatterns[0].equalToXml"])
    }

    // SortedConcurrentMappingSet.add overwrites insertionIndex with the load order, so the
    // value in the file never decides a tie: the stub loaded later wins.
    @Test func insertionIndexDoesNotDecideTies() throws {
        let json = #"""
            [{"id": "00000000-0000-0000-0000-000000000001", "insertionIndex": 9, "request": {"urlPath": "/a"}, "response": {"body": "first"}},
             {"id": "00000000-0000-0000-0000-000000000002", "insertionIndex": 0, "request": {"urlPath": "/a"}, "response": {"body": "second"}}]
            """#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(json.utf8))
        #expect(decoded.warnings.isEmpty)
        let mock = HTTPMock()
        mock.stub(decoded.mappings)
        #expect(mock.serve(request(.get, "/a")).stub?.id == fixedID(2))
    }

    // StubMappingCollection (a mapping file with "mappings") ignores $schema and meta and has no importOptions.
    @Test func mappingsDocumentKeys() throws {
        let json = #"{"$schema": "https://example.com/s.json", "meta": {"total": 1}, "importOptions": {}, "mappings": [{"$schema": "x", "request": {}}]}"#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(json.utf8), file: "m.json")
        #expect(decoded.mappings.count == 1)
        #expect(decoded.warnings.map(\.path) == ["importOptions"])
        #expect(try WireMockMappings.decodeWithWarnings(Data(json.utf8)).warnings.isEmpty)
    }

    // Body.fromOneOf: body > jsonBody > base64Body; ResponseDefinition.specifiesBodyFile: bodyFileName
    // only without them. The others are not read (the bad base64 is no error).
    @Test func oneResponseBodyByPriority() throws {
        let (mapping, warnings) = try decode(#"{"request": {}, "response": {"bodyFileName": "f.json", "base64Body": "!!", "jsonBody": {"a": 1}}}"#)
        #expect(mapping.response.definition?.body == .json(["a": 1]))
        #expect(warnings.map(\.path) == ["response.base64Body", "response.bodyFileName"])
        #expect(warnings.first?.message == #""base64Body" is ignored: a response has one body, and "jsonBody" comes first in WireMock's order body > jsonBody > base64Body > bodyFileName; keep one"#)
        let (text, _) = try decode(#"{"request": {}, "response": {"jsonBody": null, "bodyFileName": "f.json", "body": ""}}"#)
        #expect(text.response.definition?.body == .text(""))
        // ResponseDefinition's @JsonCreator also takes fromConfiguredStub, which a stub never needs.
        let (configured, note) = try decode(#"{"request": {}, "response": {"fromConfiguredStub": true}}"#)
        #expect(configured.response.definition == ResponseDefinition(status: 200))
        #expect(note.map(\.path) == ["response.fromConfiguredStub"])
    }

    // StubMapping.comparePriorityWith subtracts whatever integers it is given: 0 outranks 1.
    @Test func priorityBelowOneOutranksOne() throws {
        let json = #"[{"id": "00000000-0000-0000-0000-000000000001", "priority": 0, "request": {}}, {"id": "00000000-0000-0000-0000-000000000002", "priority": 1, "request": {}}]"#
        let mock = HTTPMock()
        mock.stub(try WireMockMappings.decode(Data(json.utf8)))
        #expect(mock.serve(request(.get, "/")).stub?.id == fixedID(1))
    }

    // RequestPattern's @JsonCreator takes "clientIp", a string-value pattern over the caller's address.
    @Test func clientIpIsMatched() throws {
        let (mapping, _) = try decode(#"{"request": {"clientIp": {"matches": "127\\.0\\.0\\.[0-9]+"}}}"#)
        var local = request(.get, "/")
        local.clientAddress = "127.0.0.1:50000"
        var remote = local
        remote.clientAddress = "10.0.0.2:50000"
        #expect(mapping.request.matches(local))
        #expect(!mapping.request.matches(remote))
        #expect(try mapping.wireMockJSON()["request"]?["clientIp"] == ["matches": "127\\.0\\.0\\.[0-9]+"])
    }

    @Test func patternWithOnlyModifiersNamesWhatIsMissing() {
        #expect(throws: MappingDecodingError(file: "m.json", line: 1, column: 26, path: "request.headers.X",
                                             message: #"a pattern needs an operator such as "equalTo" besides "caseInsensitive""#)) {
            try decode(#"{"request": {"headers": {"X": {"caseInsensitive": true}}}}"#)
        }
    }
}

/// WireMock 3's `MultipartValuePattern` (`name`, `fileName`) and `ResponseDefinition` transformers.
struct WireMockMultipartAndTransformerTests {
    static let upload: RecordedRequest = {
        let body = [
            "--XYZ",
            #"Content-Disposition: form-data; name="file"; filename="cat.png""#,
            "",
            "PNGDATA",
            "--XYZ--",
            "",
        ].joined(separator: "\r\n")
        return request(.post, "/upload", headers: ["Content-Type": "multipart/form-data; boundary=XYZ"], body: body)
    }()

    // MultipartValuePattern.match compares fileName with the part's file name, only alongside
    // headers or bodyPatterns; name is kept and written back but not matched.
    @Test func fileNameIsMatchedAndNameIsALabel() throws {
        let json = #"{"request": {"multipartPatterns": [{"name": "other", "fileName": "cat.png", "bodyPatterns": [{"contains": "PNG"}]}]}}"#
        let decoded = try WireMockMappings.decodeWithWarnings(Data(json.utf8), file: "m.json")
        let mapping = try #require(decoded.mappings.first)
        #expect(mapping.request.multipartPatterns == [MultipartPattern(bodyPatterns: [.contains("PNG")], name: "other", fileName: "cat.png")])
        #expect(mapping.request.matches(Self.upload))
        #expect(decoded.warnings.map(\.path) == ["request.multipartPatterns[0].name"])
        #expect(try mapping.wireMockJSON()["request"]?["multipartPatterns"]
            == [["name": "other", "fileName": "cat.png", "matchingType": "ANY", "bodyPatterns": [["contains": "PNG"]]]])

        let wrongFile = RequestPattern.post(urlPath: "/upload").multipart(MultipartPattern(bodyPatterns: [.contains("PNG")], fileName: "dog.png"))
        #expect(!wrongFile.matches(Self.upload))
        let line = try #require(wrongFile.compare(Self.upload).first { $0.field == "multipart" })
        #expect(line.expected == #"ANY part, fileName "dog.png", body contains "PNG""#)
        #expect(line.actual == #"1 part(s): name "file" fileName "cat.png""#)
        // Alone, fileName is not compared (WireMock matches any part then), and lint says so.
        #expect(RequestPattern.post(urlPath: "/upload").multipart(MultipartPattern(fileName: "dog.png")).matches(Self.upload))
        let alone = try WireMockMappings.decodeWithWarnings(Data(#"{"request": {"multipartPatterns": [{"fileName": "dog.png"}]}}"#.utf8))
        #expect(alone.warnings.map(\.path) == ["request.multipartPatterns[0].fileName"])
    }

    // MultipartValuePatternBuilder.withName adds Content-Disposition contains name="…".
    @Test func namedPatternSelectsThePartAsWireMocksBuilderDoes() {
        #expect(RequestPattern.post(urlPath: "/upload").multipart(.named("file")).matches(Self.upload))
        #expect(!RequestPattern.post(urlPath: "/upload").multipart(.named("photo")).matches(Self.upload))
    }

    @Test func unknownTransformerIsRefusedNamingTheKnownOnes() {
        #expect(throws: MappingDecodingError(file: "m.json", line: 1, column: 68, path: "response.transformers[1]",
                                             message: #"unknown transformer "response-templat"; did you mean "response-template"?; Understudy has "response-template" (other WireMock transformers are Java extensions; remove it, or compute the response in a Swift dynamic stub)"#)) {
            try WireMockMappings.decode(Data(#"{"request": {}, "response": {"transformers": ["response-template", "response-templat"]}}"#.utf8), file: "m.json")
        }
    }
}
