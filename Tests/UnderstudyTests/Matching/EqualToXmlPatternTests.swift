import Foundation
import Testing
@testable import Understudy

/// `equalToXml`, following WireMock 3.13.2's `matching/EqualToXmlPattern.java` (XMLUnit 2.11
/// with its counted comparison types) and `EqualToXmlPatternTest.java`.
struct EqualToXmlPatternTests {
    static let things = "<things>\n    <thing characteristic=\"tepid\"/>\n    <thing characteristic=\"tedious\"/>\n</things>"

    // EqualToXmlPatternTest.returnsNoMatchAnd1DistanceWhenActualIs{Null,Empty,NotXml}
    @Test func absentEmptyOrNonXMLValuesAreAsFarAsCanBe() throws {
        let pattern = try StringValuePattern.equalToXml(Self.things)
        #expect(pattern.match(nil as String?) == .noMatch)
        #expect(pattern.match("") == .noMatch)
        #expect(pattern.match("{ \"markup\": \"wrong\" }") == .noMatch)
    }

    // returnsExactMatchWhenDocumentsAreIdentical(OtherThanWhitespace), ...AttributesAreInDifferentOrder,
    // ...ElementsAreInDifferentOrder
    @Test func whitespaceDeclarationsAndOrderDoNotMatter() throws {
        let pattern = try StringValuePattern.equalToXml(Self.things)
        #expect(pattern.match("<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n" + Self.things) == .exactMatch)
        #expect(pattern.match("<things><thing characteristic=\"tepid\"/><thing characteristic=\"tedious\"/></things>") == .exactMatch)
        #expect(try StringValuePattern.equalToXml("<my-attribs one=\"1\" two=\"2\" three=\"3\"/>")
            .match("<my-attribs two=\"2\" one=\"1\" three=\"3\"/>") == .exactMatch)
        #expect(try StringValuePattern.equalToXml("<my-elements><one/><two/><three/></my-elements>")
            .match("<my-elements>\n <two/>\n <three/>\n <one/>\n</my-elements>") == .exactMatch)
        #expect(try StringValuePattern.equalToXml("<a><!-- a comment --><b>1</b></a>").match("<a><b> 1 </b></a>") == .exactMatch)
    }

    // returnsNoMatchWhenDocumentsAreTotallyDifferent (distance 0.5), returnsNoMatchWhenTagNamesDifferAndContentIsSame
    @Test func differencesGradeByTheShareOfCountedComparisons() throws {
        let totallyDifferent = try StringValuePattern.equalToXml(Self.things).match("<no-things-at-all />")
        #expect(!totallyDifferent.isExactMatch)
        #expect(totallyDifferent.distance == 0.5)
        let renamed = try StringValuePattern.equalToXml("<one>Hello</one>").match("<two>Hello</two>")
        #expect(!renamed.isExactMatch && renamed.distance > 0)
        let missing = try StringValuePattern.equalToXml(Self.things).match("<things><thing characteristic=\"tepid\"/></things>")
        #expect(!missing.isExactMatch && missing.distance < totallyDifferent.distance)
        #expect(try StringValuePattern.equalToXml("<a x=\"1\"/>").match("<a x=\"2\"/>").isExactMatch == false)
        #expect(try StringValuePattern.equalToXml("<a x=\"1\"/>").match("<a x=\"1\" y=\"2\"/>").isExactMatch == false, "extra attributes change the count")
        #expect(try StringValuePattern.equalToXml("<a><b/></a>").match("<a><b/><c/></a>").isExactMatch == false, "extra children change the count")
    }

    // The NamespaceAwareness javadoc in EqualToXmlPattern.java, and the legacyNamespaceAwareness… tests.
    @Test func namespaceAwarenessDecidesWhatNamespacesMean() throws {
        let soap = { (prefix: String, inner: String) in
            "<\(prefix):Envelope xmlns:\(prefix)=\"http://schemas.xmlsoap.org/soap/envelope/\"><\(prefix):Body>"
                + "<stuff xmlns=\"\(inner)\"><things/></stuff></\(prefix):Body></\(prefix):Envelope>"
        }
        for awareness in [nil, EqualToXmlPattern.NamespaceAwareness.strict, .legacy] {
            let pattern = try StringValuePattern.equalToXml(soap("shampoo", "https://example.com/mine"), namespaceAwareness: awareness)
            #expect(pattern.match(soap("soap", "https://example.com/mine")) == .exactMatch, "prefixes differ, \(String(describing: awareness))")
            #expect(!pattern.match(soap("soap", "https://example.com/wrong")).isExactMatch, "default namespace differs")
        }
        // STRICT compares element namespace URIs; LEGACY drops prefixed elements' namespaces.
        let strict = try StringValuePattern.equalToXml("<t:a xmlns:t=\"urn:one\"/>")
        #expect(!strict.match("<t:a xmlns:t=\"urn:two\"/>").isExactMatch)
        let legacy = try StringValuePattern.equalToXml("<t:a xmlns:t=\"urn:one\"/>", namespaceAwareness: .legacy)
        #expect(legacy.match("<t:a xmlns:t=\"urn:two\"/>") == .exactMatch)
        // NONE: names as written, xmlns attributes are ordinary attributes, undeclared prefixes are fine.
        let none = try StringValuePattern.equalToXml("<th:thing>x</th:thing>", namespaceAwareness: EqualToXmlPattern.NamespaceAwareness.none)
        #expect(none.match("<th:thing>x</th:thing>") == .exactMatch)
        #expect(!none.match("<st:thing>x</st:thing>").isExactMatch)
        #expect(throws: EqualToXmlPatternError.self) { try StringValuePattern.equalToXml("<th:thing>x</th:thing>") }
        let exempt = try StringValuePattern.equalToXml("<t:a xmlns:t=\"urn:one\"/>", exemptedComparisons: [.namespaceURI])
        #expect(exempt.match("<t:a xmlns:t=\"urn:two\"/>") == .exactMatch)
    }

    // returnsMatchWhenTextNodeIsIgnored(_DefaultDelimiters) and XMLUnit's PlaceholderDifferenceEvaluator keywords.
    @Test func placeholdersStandInForValues() throws {
        #expect(try StringValuePattern.equalToXml("<a>${xmlunit.ignore}</a>", enablePlaceholders: true).match("<a>123</a>") == .exactMatch)
        #expect(try StringValuePattern.equalToXml("<a>${xmlunit.ignore}</a>", enablePlaceholders: true).match("<a/>") == .exactMatch)
        #expect(try StringValuePattern.equalToXml("<a>${xmlunit.ignore}</a>").match("<a>123</a>").isExactMatch == false,
                "placeholders are off unless enabled")
        let custom = try StringValuePattern.equalToXml("<a>#{xmlunit.ignore}</a>", enablePlaceholders: true,
                                                        placeholderOpeningDelimiterRegex: "#\\{", placeholderClosingDelimiterRegex: "}")
        #expect(custom.match("<a>123</a>") == .exactMatch)
        let typed = try StringValuePattern.equalToXml(
            "<a n=\"${xmlunit.isNumber}\" gone=\"${xmlunit.ignore}\"><d>${xmlunit.isDateTime}</d><r>${xmlunit.matchesRegex(^[A-Z]{3}$)}</r></a>",
            enablePlaceholders: true)
        #expect(typed.match("<a n=\"12.5\"><d>2024-01-02T03:04:05Z</d><r>ABC</r></a>") == .exactMatch)
        #expect(!typed.match("<a n=\"twelve\"><d>2024-01-02T03:04:05Z</d><r>ABC</r></a>").isExactMatch)
        #expect(!typed.match("<a n=\"1\"><d>yesterday</d><r>ABC</r></a>").isExactMatch)
        #expect(!typed.match("<a n=\"1\"><d>2024-01-02T03:04:05Z</d><r>ABCD</r></a>").isExactMatch)
        #expect {
            try StringValuePattern.equalToXml("<a>${xmlunit.isBanana}</a>", enablePlaceholders: true)
        } throws: { error in
            "\(error)".contains("unknown XMLUnit placeholder \"xmlunit.isBanana\"")
        }
    }

    // EqualToXmlPatternTest.doesNotFetchDtdBecauseItCouldResultInAFailedMatch
    @Test func externalDTDsAreNotFetched() throws {
        let xml = "<!DOCTYPE my_request SYSTEM \"https://thishostname.doesnotexist.com/one.dtd\"><do_request/>"
        #expect(try StringValuePattern.equalToXml(xml).match(xml) == .exactMatch)
    }

    // StringValuePatternJsonDeserializer.deserializeEqualToXml and EqualToXmlPatternTest.serializesEqualToXmlWithAllParameters
    @Test func mappingJSONRoundTripsEveryOption() throws {
        let json = """
        {"equalToXml": "<stuff />", "enablePlaceholders": true, "placeholderOpeningDelimiterRegex": "\\\\[",
         "placeholderClosingDelimiterRegex": "]", "exemptedComparisons": ["ATTR_VALUE", "NAMESPACE_URI", "SCHEMA_LOCATION"],
         "ignoreOrderOfSameNode": true, "namespaceAwareness": "NONE"}
        """
        let pattern = try StringValuePattern(wireMock: JSONReader(JSONParser.parse(json)))
        #expect(pattern.wireMockJSON == (try JSONParser.parse(json)))
        let plain = try StringValuePattern(wireMock: JSONReader(JSONParser.parse(#"{"equalToXml": "<a/>"}"#)))
        #expect(plain.wireMockJSON == ["equalToXml": "<a/>"])
    }

    @Test(arguments: [
        (#"{"equalToXml": "<a>"}"#, "not well-formed"),
        (#"{"equalToXml": "<a/>", "namespaceAwareness": "LOOSE"}"#, "STRICT, LEGACY, NONE"),
        (#"{"equalToXml": "<a/>", "exemptedComparisons": ["ATTR_VALUES"]}"#, "did you mean"),
    ])
    func invalidMappingsAreRefusedWithTheReason(json: String, message: String) {
        #expect {
            try StringValuePattern(wireMock: JSONReader(JSONParser.parse(json)))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    // StringValuePatternJsonDeserializer ignores keys it does not read; Understudy warns.
    @Test func aMisspelledOptionIsAWarning() throws {
        let decoded = try WireMockMappings.decodeWithWarnings(Data(#"{"request": {"bodyPatterns": [{"equalToXml": "<a/>", "enablePlaceholder": true}]}}"#.utf8))
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.description.contains("enablePlaceholders") == true, "\(decoded.warnings)")
    }

    @Test func nearMissesNameTheFirstDifferenceAndItsPath() throws {
        let pattern = try StringValuePattern.equalToXml("<order><id>7</id><qty>1</qty></order>")
        #expect(pattern.explainMiss(on: "<order><qty>1</qty><id>8</id></order>")
            == "first difference: TEXT_VALUE at /order[1]/id[1]/text()[1]: expected \"7\", got \"8\"")
        #expect(pattern.explainMiss(on: "<order>") == "the value is not well-formed XML: the document ends before its root element is closed (line 1, column 8)")
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/o").body(pattern), .ok)
        let report = mock.nearMisses(for: request(.post, "/o", body: "<order><id>8</id><qty>1</qty></order>")).description
        #expect(report.contains("TEXT_VALUE at /order[1]/id[1]/text()[1]"), "\(report)")
    }
}
