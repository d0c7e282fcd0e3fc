import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyRecording

/// WireMock's record spec JSON, with our `redact` addition.
struct RecordSpecTests {
    @Test func decodesEveryField() throws {
        let spec = try RecordSpec(wireMock: JSONParser.parse("""
            {"targetBaseUrl": "https://api.example.com",
             "filters": {"urlPathPattern": "/api/.*", "method": "GET", "ids": ["8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"], "allowNonProxied": true},
             "captureHeaders": {"Accept": {}, "X-Tenant": {"caseInsensitive": true}},
             "requestBodyPattern": {"matcher": "equalToJson", "ignoreArrayOrder": false, "ignoreExtraElements": true},
             "extractBodyCriteria": {"textSizeThreshold": "2 kb", "binarySizeThreshold": "1 Mb"},
             "persist": false, "repeatsAsScenarios": false, "outputFormat": "ids",
             "transformers": ["response-template"], "transformerParameters": {"a": 1},
             "redact": {"headers": ["X-Session"], "queryParameters": ["sig"], "jsonFields": ["ssn"]},
             "streamTimeScale": 0.25}
            """))
        #expect(spec.targetBaseURL == "https://api.example.com")
        #expect(spec.filters.request?.matches(request(.get, "/api/x")) == true)
        #expect(spec.filters.request?.matches(request(.post, "/api/x")) == false)
        #expect(spec.filters.ids == [UUID(uuidString: "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7")!])
        #expect(spec.filters.allowNonProxied)
        #expect(spec.captureHeaders == [.init("Accept"), .init("X-Tenant", caseInsensitive: true)])
        #expect(spec.requestBodyPattern == .equalToJson(ignoreArrayOrder: false, ignoreExtraElements: true))
        #expect(spec.extractBodyCriteria == .init(textSizeThreshold: 2048, binarySizeThreshold: 1_048_576))
        #expect(!spec.persist && !spec.repeatsAsScenarios && spec.outputFormat == .ids)
        #expect(spec.transformers == ["response-template"] && spec.transformerParameters == ["a": 1])
        #expect(spec.redaction == .init(headers: ["X-Session"], queryParameters: ["sig"], jsonFields: ["ssn"]))
        #expect(spec.streamTimeScale == 0.25)
        #expect(try RecordSpec(wireMock: spec.wireMockJSON) == spec, "the JSON round-trips")
    }

    /// WireMock 3.13.2 `recording/RequestBodyEqualToXmlPatternFactory` is chosen by
    /// `"matcher": "equalToXml"`; it reads and writes back as such.
    @Test func theEqualToXmlMatcherRoundTrips() throws {
        let spec = try RecordSpec(wireMock: ["requestBodyPattern": ["matcher": "equalToXml"]])
        #expect(spec.requestBodyPattern == .equalToXml)
        #expect(spec.wireMockJSON["requestBodyPattern"] == ["matcher": "equalToXml"])
        #expect(try RecordSpec(wireMock: spec.wireMockJSON) == spec)
    }

    @Test func defaultsAreWireMocksPlusRedaction() throws {
        let spec = try RecordSpec(wireMock: [:])
        #expect(spec == RecordSpec())
        #expect(spec.persist && spec.repeatsAsScenarios && spec.outputFormat == .full)
        #expect(spec.redaction.headers.contains("Authorization"))
        #expect(spec.requestBodyPattern == .auto())
        #expect(spec.streamTimeScale == 1)
    }

    @Test(arguments: [
        (#"{"captureHeader": {}}"#, #"unknown field "captureHeader" in the record spec; did you mean "captureHeaders"?"#),
        (#"{"outputFormat": "XML"}"#, #"outputFormat must be "FULL" or "IDS", found "XML""#),
        (#"{"extractBodyCriteria": {"textSizeThreshold": "lots"}}"#, #""lots" is not a size"#),
        (#"{"requestBodyPattern": {"matcher": "equalToXm"}}"#, #"unknown body matcher "equalToXm"; did you mean "equalToXml"?"#),
        (#"{"filters": {"urlPath": "/a", "methd": "GET"}}"#, #"unknown field "methd" in the request pattern; did you mean "method"?"#),
        (#"{"filters": {"ids": ["nope"]}}"#, #""nope" is not a UUID"#),
        (#"{"streamTimeScale": 1001}"#, "streamTimeScale multiplies the pauses recorded in a stream"),
        (#"{"streamTimeScale": -0.5}"#, "use a number from 0 to 1000"),
    ])
    func badSpecsSayWhatIsWrong(_ json: String, _ message: String) throws {
        do {
            _ = try RecordSpec(wireMock: JSONParser.parse(json))
            Issue.record("expected an error for \(json)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}
