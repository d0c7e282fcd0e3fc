import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyRecording

/// Exchanges in, stubs out: body patterns, captured headers, redaction, scenarios, files.
struct StubRecorderTests {
    static func exchange(
        _ method: HTTPMethod = .get, _ url: String, headers: HTTPHeaders = [:], body: String? = nil,
        status: Int = 200, responseHeaders: HTTPHeaders = [:], responseBody: Data = Data()
    ) -> RecordedExchange {
        RecordedExchange(request: request(method, url, headers: headers, body: body),
                         response: RecordedResponse(status: status, headers: responseHeaders, body: responseBody))
    }

    /// A mock serving the recorded stubs (with the files, when there are any, from a temporary root).
    static func serving(_ result: RecordingResult) throws -> HTTPMock {
        var root: MappingsRoot?
        if !result.files.isEmpty {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-recorder-\(UUID().uuidString)")
            root = MappingsRoot(folder)
            for (name, data) in result.files { try root!.writeBodyFile(named: name, data) }
        }
        let mock = HTTPMock(configuration: .init(root: root))
        mock.stub(result.mappings)
        return mock
    }

    static func bodyText(_ mock: HTTPMock, _ event: ServeEvent) throws -> String {
        String(decoding: try mock.bodyData(for: event.response), as: UTF8.self)
    }

    @Test func jsonRequestBodiesMatchAsJSONWhateverTheKeyOrder() throws {
        let result = StubRecorder.record([Self.exchange(.post, "/orders", headers: ["Content-Type": "application/json"],
                                                        body: #"{"sku":"A","tags":["x","y"]}"#, status: 201)], spec: RecordSpec())
        let pattern = try #require(result.mappings.first?.request.wireMockJSON)
        #expect(pattern["bodyPatterns"] == [["equalToJson": ["sku": "A", "tags": ["x", "y"]], "ignoreArrayOrder": true, "ignoreExtraElements": true]])
        #expect(pattern["url"] == "/orders" && pattern["method"] == "POST")
        let mock = try Self.serving(result)
        #expect(mock.serve(request(.post, "/orders", body: #"{"tags":["y","x"],"sku":"A"}"#)).response.status == 201)
        #expect(mock.serve(request(.post, "/orders", body: #"{"sku":"B"}"#)).wasMatched == false)
    }

    @Test(arguments: [
        (RecordSpec.BodyPatternChoice.auto(), "text/plain", "hello", "equalTo"),
        (.auto(), "application/octet-stream", "\u{1}\u{2}", "binaryEqualTo"),
        (.equalTo(caseInsensitive: true), "application/json", #"{"a":1}"#, "equalTo"),
        (.equalToJson(), "application/json", #"[1,2]"#, "equalToJson"),
        // RequestBodyAutomaticPatternFactory (WireMock 3.13.2): a media type with "xml" records equalToXml.
        (.auto(), "application/soap+xml", "<a><b>1</b></a>", "equalToXml"),
        (.auto(), "text/xml", "not xml at all", "equalTo"),
        // RequestBodyEqualToXmlPatternFactory.
        (.equalToXml, "text/plain", "<a/>", "equalToXml"),
    ])
    func bodyPatternChoices(_ choice: RecordSpec.BodyPatternChoice, contentType: String, body: String, operator: String) throws {
        let spec = RecordSpec(requestBodyPattern: choice)
        let result = StubRecorder.record([Self.exchange(.put, "/x", headers: ["Content-Type": contentType], body: body)], spec: spec)
        let patterns = try #require(result.mappings.first?.request.wireMockJSON["bodyPatterns"]?.arrayValue)
        #expect(patterns.first?[`operator`] != nil, "\(patterns)")
        #expect(try Self.serving(result).serve(request(.put, "/x", body: body)).wasMatched)
    }

    @Test func xmlBodiesKeepNoSecretsAndStillMatch() throws {
        let body = #"<login user="ada" api_key="attr-secret"><password>body-secret</password><lang>en</lang></login>"#
        let result = StubRecorder.record([Self.exchange(.post, "/soap", headers: ["Content-Type": "text/xml"], body: body)], spec: RecordSpec())
        let text = try #require(result.mappings.first).wireMockJSON().jsonText()
        #expect(!text.contains("body-secret") && !text.contains("attr-secret"), "\(text)")
        let patterns = try #require(result.mappings.first?.request.wireMockJSON["bodyPatterns"]?.arrayValue)
        #expect(patterns.first?["enablePlaceholders"] == true, "\(patterns)")
        let mock = try Self.serving(result)
        #expect(mock.serve(request(.post, "/soap", body: body)).wasMatched)
        #expect(mock.serve(request(.post, "/soap", body: body.replacingOccurrences(of: "body-secret", with: "other"))).wasMatched)
        #expect(!mock.serve(request(.post, "/soap", body: body.replacingOccurrences(of: ">en<", with: ">fr<"))).wasMatched)
    }

    /// A body whose own text looks like a placeholder (`${name}`), or whose prefixes are not
    /// declared, still records its secret redacted: the raw text is never the fallback.
    @Test(arguments: [
        #"<login><greeting>${name}</greeting><password>body-secret</password></login>"#,
        #"<soap:Envelope><soap:Body><password>body-secret</password><lang>en</lang></soap:Body></soap:Envelope>"#,
    ])
    func xmlBodiesKeepNoSecretsWhenTheDefaultPlaceholderCannotBeUsed(body: String) throws {
        let result = StubRecorder.record([Self.exchange(.post, "/soap", headers: ["Content-Type": "text/xml"], body: body)], spec: RecordSpec())
        let text = try #require(result.mappings.first).wireMockJSON().jsonText()
        #expect(!text.contains("body-secret"), "\(text)")
        let mock = try Self.serving(result)
        #expect(mock.serve(request(.post, "/soap", body: body.replacingOccurrences(of: "body-secret", with: "other"))).wasMatched)
    }

    @Test func capturedHeadersMatchAndOthersDoNot() throws {
        let spec = RecordSpec(captureHeaders: [.init("Accept", caseInsensitive: true), .init("X-Tenant")])
        let result = StubRecorder.record([Self.exchange(.get, "/a", headers: ["Accept": "application/JSON", "X-Tenant": "t1", "User-Agent": "ua"])], spec: spec)
        let headers = try #require(result.mappings.first?.request.wireMockJSON["headers"])
        #expect(headers == ["Accept": ["equalTo": "application/JSON", "caseInsensitive": true], "X-Tenant": ["equalTo": "t1"]])
        let mock = try Self.serving(result)
        #expect(mock.serve(request(.get, "/a", headers: ["Accept": "application/json", "X-Tenant": "t1"])).wasMatched)
        #expect(!mock.serve(request(.get, "/a", headers: ["Accept": "application/json", "X-Tenant": "t2"])).wasMatched)
    }

    @Test func secretsNeverReachTheStubs() throws {
        let secrets = ["query-secret", "header-secret", "body-secret", "cookie-secret", "token-secret", "nested-secret"]
        let exchanges = [
            Self.exchange(.post, "/login?api_key=query-secret&lang=en",
                          headers: ["Authorization": "Bearer header-secret", "Content-Type": "application/json"],
                          body: #"{"user":"ada","password":"body-secret"}"#,
                          responseHeaders: ["Set-Cookie": "sid=cookie-secret", "Content-Type": "application/json"],
                          responseBody: Data(#"{"access_token":"token-secret","profile":{"secret":"nested-secret","name":"Ada"}}"#.utf8)),
        ]
        let spec = RecordSpec(captureHeaders: [.init("Authorization")])
        let result = StubRecorder.record(exchanges, spec: spec)
        let text = try result.mappings.map { try $0.wireMockJSON().jsonText() }.joined()
        for secret in secrets { #expect(!text.contains(secret), "\(secret) leaked: \(text)") }
        #expect(text.contains("REDACTED"))

        // The stub still answers the same request, whatever the secrets are now.
        let mock = try Self.serving(result)
        let replay = mock.serve(request(.post, "/login?api_key=other&lang=en",
                                        headers: ["Authorization": "Bearer other"], body: #"{"user":"ada","password":"other"}"#))
        #expect(replay.wasMatched)
        #expect(replay.response.headers["Set-Cookie"] == "REDACTED")
        #expect(try JSONParser.parse(mock.bodyData(for: replay.response)) == ["access_token": "REDACTED", "profile": ["secret": "REDACTED", "name": "Ada"]])
        #expect(!mock.serve(request(.post, "/login?api_key=other&lang=fr", headers: ["Authorization": "x"], body: #"{"user":"ada","password":"x"}"#)).wasMatched)
        #expect(!mock.serve(request(.post, "/login?lang=en", headers: ["Authorization": "x"], body: #"{"user":"ada","password":"x"}"#)).wasMatched,
                "the redacted parameter must still be present")
    }

    @Test func formBodiesRedactTheirSecretFields() throws {
        let result = StubRecorder.record([Self.exchange(.post, "/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                                        body: "grant_type=password&password=form-secret&user=ada")], spec: RecordSpec())
        let text = try #require(try result.mappings.first?.wireMockJSON().jsonText())
        #expect(!text.contains("form-secret"))
        let mock = try Self.serving(result)
        #expect(mock.serve(request(.post, "/token", body: "grant_type=password&password=another&user=ada")).wasMatched)
        #expect(!mock.serve(request(.post, "/token", body: "grant_type=password&password=another&user=bob")).wasMatched)
    }

    @Test func repeatsPlayBackInOrderAsAScenario() throws {
        let exchanges = ["1", "2", "2", "3"].map { Self.exchange(.get, "/counter", responseBody: Data($0.utf8)) }
        let result = StubRecorder.record(exchanges, spec: RecordSpec())
        #expect(result.mappings.count == 3, "consecutive identical answers are one step")
        #expect(result.mappings.map(\.requiredScenarioState) == ["Started", "scenario-1-get-counter-2", "scenario-1-get-counter-3"])
        #expect(result.mappings.map(\.newScenarioState) == ["scenario-1-get-counter-2", "scenario-1-get-counter-3", nil])
        let mock = try Self.serving(result)
        let answers = try (0..<5).map { _ in try Self.bodyText(mock, mock.serve(request(.get, "/counter"))) }
        #expect(answers == ["1", "2", "3", "3", "3"])

        let firstOnly = StubRecorder.record(exchanges, spec: RecordSpec(repeatsAsScenarios: false))
        #expect(firstOnly.mappings.count == 1)
        #expect(firstOnly.mappings[0].scenarioName == nil)
        let same = StubRecorder.record(Array(repeating: Self.exchange(.get, "/same", responseBody: Data("x".utf8)), count: 3), spec: RecordSpec())
        #expect(same.mappings.count == 1 && same.mappings[0].scenarioName == nil)
    }

    @Test func largeAndBinaryBodiesGoToFiles() throws {
        let large = String(repeating: "abc", count: 5_000)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 2_000))
        let exchanges = [
            Self.exchange(.get, "/report", responseHeaders: ["Content-Type": "text/plain"], responseBody: Data(large.utf8)),
            Self.exchange(.get, "/logo", responseHeaders: ["Content-Type": "image/png"], responseBody: png),
            Self.exchange(.get, "/small", responseHeaders: ["Content-Type": "text/plain"], responseBody: Data("tiny".utf8)),
        ]
        let result = StubRecorder.record(exchanges, spec: RecordSpec())
        #expect(result.files.count == 2)
        #expect(result.files.keys.contains { $0.hasPrefix("get-logo-") && $0.hasSuffix(".png") })
        #expect(result.files.keys.contains { $0.hasPrefix("get-report-") && $0.hasSuffix(".txt") })
        let mock = try Self.serving(result)
        #expect(try mock.bodyData(for: mock.serve(request(.get, "/logo")).response) == png)
        #expect(try Self.bodyText(mock, mock.serve(request(.get, "/report"))) == large)
        #expect(mock.stubMappings.first { $0.name == "get-small" }?.response.definition?.body == .text("tiny"))

        let inline = StubRecorder.record(exchanges, spec: RecordSpec(extractBodyCriteria: nil))
        #expect(inline.files.isEmpty)
        #expect(inline.mappings.first { $0.name == "get-logo" }?.response.definition?.body == .binary(png))
    }

    @Test func responseHeadersLoseFramingButKeepEncoding() throws {
        let gzipped = Data([0x1F, 0x8B, 0x08, 0x00, 1, 2, 3])
        let result = StubRecorder.record([Self.exchange(.get, "/z", responseHeaders: [
            "Content-Type": "application/json", "Content-Encoding": "gzip", "Content-Length": "7", "Connection": "keep-alive",
            "Transfer-Encoding": "chunked", "Matched-Stub-Id": "x", "X-Request-Id": "r1",
        ], responseBody: gzipped)], spec: RecordSpec(extractBodyCriteria: nil))
        let response = try #require(result.mappings.first?.response.definition)
        #expect(response.headers.names == ["Content-Type", "Content-Encoding", "X-Request-Id"])
        #expect(response.body == .binary(gzipped))
    }

    @Test func filtersChooseTheExchanges() throws {
        let keep = Self.exchange(.get, "/api/a")
        let exchanges = [keep, Self.exchange(.post, "/api/b"), Self.exchange(.get, "/static/c")]
        var pattern = RequestPattern.request(.get, .urlPathPattern("/api/.*"))
        pattern.method = .get
        let byPattern = StubRecorder.record(exchanges, spec: RecordSpec(filters: .init(request: pattern)))
        #expect(byPattern.mappings.map(\.name) == ["get-api-a"])
        let byID = StubRecorder.record(exchanges, spec: RecordSpec(filters: .init(ids: [exchanges[2].request.id])))
        #expect(byID.mappings.map(\.name) == ["get-static-c"])
    }

    @Test func theSameTrafficGivesTheSameStubs() throws {
        let exchanges = [Self.exchange(.get, "/a?b=1", responseBody: Data("x".utf8)), Self.exchange(.post, "/c", body: "d")]
        let first = try StubRecorder.record(exchanges, spec: RecordSpec()).mappings.map { try $0.wireMockJSON() }
        let again = try StubRecorder.record(exchanges, spec: RecordSpec()).mappings.map { try $0.wireMockJSON() }
        #expect(first == again)
        #expect(first.allSatisfy { $0["persistent"] == true })
        #expect(Set(first.compactMap { $0["id"] }).count == 2)
    }

    @Test func hostileURLsNeverNameFilesOutsideFiles() throws {
        let big = Data(repeating: 65, count: 5_000)
        let result = StubRecorder.record([
            Self.exchange(.get, "/../../etc/passwd", responseBody: big),
            Self.exchange(.get, "/a/%2e%2e/%2F/b\\c", responseBody: big),
        ], spec: RecordSpec(extractBodyCriteria: .init(textSizeThreshold: 0, binarySizeThreshold: 0)))
        #expect(result.files.count == 2)
        for name in result.files.keys {
            #expect(!name.contains("/") && !name.contains("..") && !name.contains("\\"), "\(name)")
            #expect(name.range(of: "^[a-z0-9-]+\\.[a-z]+$", options: .regularExpression) != nil, "\(name)")
        }
    }
}
