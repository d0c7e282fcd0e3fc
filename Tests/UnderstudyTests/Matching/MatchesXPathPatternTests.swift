import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyXML

/// `matchesXPath`, following WireMock 3.13.2's `matching/MatchesXPathPattern.java` and its
/// `MatchesXPathPatternTest.java`, and the XPath 1.0 subset behind it.
struct MatchesXPathPatternTests {
    static let solarSystem = "<solar-system><planet name='Earth' position='3' supportsLife='yes'/><planet name='Venus' position='4'/></solar-system>"

    // MatchesXPathPatternTest.returnsExactMatchWhenXPathMatches / returnsNoExactMatchWhenXPathDoesNotMatch
    @Test func matchesWhenTheExpressionSelectsSomething() {
        #expect(StringValuePattern.matchesXPath("//planet[@name='Earth']").match(Self.solarSystem) == .exactMatch)
        #expect(StringValuePattern.matchesXPath("//star[@name='alpha centauri']").match(Self.solarSystem) == .noMatch)
    }

    // MatchesXPathPatternTest.returnsNoExactMatchWhenXmlIsBadlyFormed, noMatchOnNullValue, reportsErrorWhenActualIsNotXml
    @Test func badlyFormedOrAbsentValuesDoNotMatch() {
        let pattern = StringValuePattern.matchesXPath("//*")
        #expect(pattern.match("solar-system><planet/></solar-system>") == .noMatch)
        #expect(pattern.match("<xml") == .noMatch)
        #expect(pattern.match("{not-xml") == .noMatch)
        #expect(pattern.match(nil as String?) == .noMatch)
    }

    // MatchesXPathPatternTest.matchesNamespacedXmlWhenNamespacesSpecified / matchesNamespacedXmlFromLocalNames
    @Test func namespacesMatchByURIWhenDeclaredAndByLocalNameOtherwise() {
        let xml = "<t:thing xmlns:t='http://things' xmlns:s='http://subthings'><s:subThing>The stuff</s:subThing></t:thing>"
        let declared = StringValuePattern.matchesXPath("//sub:subThing[.='The stuff']", namespaces: ["sub": "http://subthings", "t": "http://things"])
        #expect(declared.match(xml) == .exactMatch)
        let wrongURI = StringValuePattern.matchesXPath("//sub:subThing", namespaces: ["sub": "http://other"])
        #expect(wrongURI.match(xml) == .noMatch)
        #expect(StringValuePattern.matchesXPath("/thing/subThing[.='The stuff']").match(xml) == .exactMatch)
        // With namespaces, an unprefixed name means "no namespace", as XPath 1.0 says.
        #expect(StringValuePattern.matchesXPath("/thing", namespaces: ["t": "http://things"]).match(xml) == .noMatch)
    }

    // MatchesXPathPatternTest.matchesAgainstValuePatternWhen{Single,Multiple}Element(s)ReturnedFromXPath,
    // returnsTheMatchFromTheClosestElementWhenNoneMatchExactly, matchesAttributeAgainstValuePattern
    @Test func nestedPatternsSeeEachSelectedValueAndTheClosestGradesAMiss() throws {
        let single = "<outer>\n    <inner>stuff</inner>\n</outer>"
        #expect(StringValuePattern.matchesXPath("//inner/text()", .matches("[a-z]*")).match(single) == .exactMatch)
        let many = "<outer><inner>stuffing</inner><inner>stuffed</inner><inner>stuff</inner><inner>stuffable</inner></outer>"
        #expect(StringValuePattern.matchesXPath("//inner/text()", .equalTo("stuff")).match(many) == .exactMatch)
        let none = "<outer><inner>stuffing</inner><inner>stuffed</inner><inner>stuffy</inner><inner>stuffable</inner></outer>"
        let closest = StringValuePattern.matchesXPath("//inner/text()", .equalTo("stuff")).match(none)
        #expect(!closest.isExactMatch)
        #expect(abs(closest.distance - 1.0 / 6.0) < 0.01, "the closest value, stuffy, is one edit in six away")
        #expect(StringValuePattern.matchesXPath("/outer/@inner", .equalToIgnoringCase("Stuff")).match("<outer inner=\"stuff\"/>") == .exactMatch)
        #expect(StringValuePattern.matchesXPath("/outer/@nothing", .equalToIgnoringCase("Stuff")).match("<outer inner=\"stuff\"/>") == .noMatch)
        // matchesComplexElementAgainstValuePattern: an element is handed over as XML.
        #expect(StringValuePattern.matchesXPath("/outer/inner", try .equalToXml("<inner>stuff</inner>")).match(single) == .exactMatch)
    }

    // MatchesXPathPattern.isSimpleMatch: any non-node result is one "node", so it matches.
    @Test func expressionsThatYieldAValueAlwaysSelectSomething() {
        #expect(StringValuePattern.matchesXPath("count(//planet) = 5").match(Self.solarSystem) == .exactMatch)
        #expect(StringValuePattern.matchesXPath("count(//planet)", .equalTo("2")).match(Self.solarSystem) == .exactMatch)
        #expect(StringValuePattern.matchesXPath("count(//planet) > 1", .equalTo("true")).match(Self.solarSystem) == .exactMatch)
    }

    // Understudy refuses at load what WireMock would only fail on at match time (MatchesXPathPatternTest.reportsErrorWhenXPathExpressionIsInvalid).
    @Test(arguments: [
        ("/\\!what?", "unexpected character"),
        ("//a[", "expected a location step or an expression"),
        ("/stuff:outer", "the prefix \"stuff\" is not declared"),
        ("//a[$x = 1]", "variables are not supported"),
        ("id('x')", "id() is not supported"),
        ("//a[matches(., 'x')]", "XPath 2.0 function"),
        ("namespace::*", "namespace axis is not supported"),
        ("count()", "count() takes 1 argument, not 0"),
    ])
    func invalidOrUnsupportedExpressionsAreProblems(expression: String, message: String) {
        let pattern = StringValuePattern.matchesXPath(expression)
        #expect(pattern.problems.count == 1)
        #expect(pattern.problems.first?.contains(message) == true, "\(pattern.problems)")
        #expect(pattern.match("<a/>") == .noMatch)
    }

    @Test func theSubsetEvaluatesPathsPredicatesAndFunctions() throws {
        let xml = """
        <shop xmlns:x="urn:x"><item id="1" kind="book"><name>Dune</name><price>9.5</price></item>
        <item id="2" kind="film"><name>Alien</name><price>12</price></item><!-- note --><x:extra>  a   b </x:extra></shop>
        """
        let tree = try XMLTree(parsing: xml)
        func results(_ expression: String) throws -> [String] {
            try #require(try XPathExpression(expression).renderedResults(tree))
        }
        #expect(try results("/shop/item[2]/name/text()") == ["Alien"])
        #expect(try results("//item[last()]/@id") == ["2"])
        #expect(try results("//item[price > 10 and @kind = 'film']/name/text()") == ["Alien"])
        #expect(try results("//item[not(@kind = 'film')]/name/text()") == ["Dune"])
        #expect(try results("//name[starts-with(., 'Du') or contains(., 'lie')]/text()") == ["Dune", "Alien"])
        #expect(try results("count(//item)") == ["2"])
        #expect(try results("sum(//price)") == ["21.5"])
        #expect(try results("name(/*/*[3])") == ["x:extra"])
        #expect(try results("local-name(/*/*[3])") == ["extra"])
        #expect(try results("normalize-space(//extra)") == ["a b"])
        #expect(try results("string(//item[1]/@kind)") == ["book"])
        #expect(try results("//comment()") == ["<!-- note -->"])
        #expect(try results("//item[1]/name") == ["<name>Dune</name>"])
        #expect(try results("//name/text() | //@id") == ["1", "Dune", "2", "Alien"])
        #expect(try results("//price[. = 12]/../name/text()") == ["Alien"])
        #expect(try results("//item[1]/following-sibling::item/@id") == ["2"])
        #expect(try results("//name[text() = 'Alien']/ancestor::*[1]/@kind") == ["film"])
        #expect(try results("substring('12345', 1.5, 2.6)") == ["234"])
        #expect(try results("translate('bar', 'abc', 'ABC')") == ["BAr"])
        #expect(try results("1 div 3") == ["0.333"], "numbers print as Java's NumberFormat prints them")
        #expect(try results("1000 * 1234.5") == ["1,234,500"])
        #expect(try results("//missing") == [])
    }

    /// swift-corelibs-foundation's XMLParser crashes on `<?target?>` (a null data pointer, found by
    /// the xpath fuzz target); Understudy reads processing instructions itself.
    @Test(arguments: ["<a><?pi?></a>", "<!DOCTYPE a [<?pi?>]><a/>", "<?pi?><a/>", "<a><?pi \u{A0}data?></a>",
                      // It also crashes on these DOCTYPE internal subsets; Understudy drops the DOCTYPE.
                      "<!DOCTYPE a [<!ATTLIST a b CDATA #IMPLIED>]><a/>", "<!DOCTYPE a [<!NOTATION n SYSTEM \"x\">]><a/>",
                      "<!DOCTYPE a [<!ENTITY u SYSTEM \"x\" NDATA n>]><a/>", "<!DOCTYPE a PUBLIC \"p\" \"s]>\" [<!-- ]> -->]>\n<a/>"])
    func documentsThatCrashCorelibsXMLParserAreRead(document: String) {
        _ = StringValuePattern.matchesXPath("//processing-instruction()").match(document)
        #expect(StringValuePattern.matchesXPath("/a").match(document) == .exactMatch)
    }

    @Test func entitiesDeclaredInADoctypeAreNotExpanded() {
        // An entity whose text is an instruction crashes corelibs' XMLParser; none is expanded.
        let document = "<!DOCTYPE a [<!ENTITY e \"&#60;?pi?>\">]><a>&e;</a>"
        #expect(StringValuePattern.matchesXPath("/a").match(document) == .noMatch)
        #expect(StringValuePattern.matchesXPath("/a").explainMiss(on: document)?.contains("entity reference is undefined") == true)
    }

    @Test func processingInstructionsKeepTargetAndData() throws {
        let tree = try XMLTree(parsing: "<?xml version=\"1.0\"?><?first?><a><?second  some data ?><!-- c --></a>")
        func results(_ expression: String) throws -> [String] { try #require(try XPathExpression(expression).renderedResults(tree)) }
        #expect(try results("//processing-instruction()") == ["<?first?>", "<?second some data ?>"])
        #expect(try results("string(//processing-instruction('second'))") == ["some data "])
        #expect(try results("//comment()") == ["<!-- c -->"])
        #expect(throws: XMLParseError.self) { try XMLTree(parsing: "<a><?pi never closed</a>") }
        #expect(throws: XMLParseError.self) { try XMLTree(parsing: "<a/><?xml version=\"1.0\"?>") }
        #expect(throws: XMLParseError.self) { try XMLTree(parsing: "<?xml?><a/>") }
        #expect(throws: XMLParseError.self) { try XMLTree(parsing: "<a><!-- never closed <?pi?></a>") }
        let cdata = try XMLTree(parsing: "\u{FEFF}<?xml version=\"1.0\"?><a><![CDATA[<?xml version=\"1.0\"?><b/>]]><!-- <?x?> --></a>")
        #expect(try XPathExpression("string(/a)").renderedResults(cdata) == [#"<?xml version="1.0"?><b/>"#], "CDATA is text, whatever it holds")
    }

    /// Evaluation is bounded in steps (not time): an expression that compares every node with
    /// every other node of a large body is abandoned, counts as a miss, and says so.
    @Test func runawayEvaluationIsAbandoned() async throws {
        let body = "<r>" + String(repeating: "<a>x</a>", count: 2_000) + "</r>"
        let (runaway, ordinary, match, explanation) = try await onOwnThread {
            let tree = try XMLTree(parsing: body)
            let pattern = StringValuePattern.matchesXPath("//a[. = //a]")
            return (try XPathExpression("//a[. = //a]").evaluate(tree), try XPathExpression("count(//a)").evaluate(tree),
                    pattern.match(body), pattern.explainMiss(on: body))
        }
        #expect(runaway == nil)
        #expect(ordinary == .number(2_000), "ordinary expressions on the same body finish")
        #expect(match == .noMatch)
        #expect(explanation == "evaluating //a[. = //a] took too many steps and was abandoned")
    }

    @Test func xpathNumbersPrintWithoutExponent() {
        #expect(XPathValue.format(1.5e-7) == "0.00000015")
        #expect(XPathValue.format(-2) == "-2")
        #expect(XPathValue.format(.nan) == "NaN")
        #expect(XPathValue.format(1e21) == "1000000000000000000000")
        #expect(XPathValue.number(" -3.5 ") == -3.5)
        #expect(XPathValue.number("1e3").isNaN)
    }

    // XPathPatternJsonSerializer and StringValuePatternJsonDeserializer.deserialiseMatchesXPathPattern
    @Test func mappingJSONRoundTrips() throws {
        let json = #"{"matchesXPath": {"expression": "/thing", "matches": "[0-9]*"}, "xPathNamespaces": {"one": "http://one.com/"}}"#
        let pattern = try StringValuePattern(wireMock: JSONReader(JSONParser.parse(json)))
        guard case let .matchesXPath(expression, nested) = pattern.kind else {
            Issue.record("decoded \(pattern)")
            return
        }
        #expect(expression.source == "/thing")
        #expect(expression.namespaces == ["one": "http://one.com/"])
        #expect(nested == .matches("[0-9]*"))
        #expect(pattern.wireMockJSON == (try JSONParser.parse(json)))
        let simple = try StringValuePattern(wireMock: JSONReader(JSONParser.parse(#"{"matchesXPath": "//*"}"#)))
        #expect(simple.wireMockJSON == ["matchesXPath": "//*"])
    }

    @Test func aMappingWithAnInvalidExpressionFailsToLoadNamingTheConstruct() {
        #expect {
            try StringValuePattern(wireMock: JSONReader(JSONParser.parse(#"{"matchesXPath": "//a[lang('en')]"}"#)))
        } throws: { error in
            "\(error)".contains("lang() is not supported")
        }
    }

    @Test func lintWarnsAboutExpressionsThatMatchEveryBody() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-xpath-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let document = #"""
        [{"name": "counts", "request": {"urlPath": "/a", "bodyPatterns": [{"matchesXPath": "count(//item) > 2"}]}, "response": {}},
         {"name": "fine", "request": {"urlPath": "/b", "bodyPatterns": [{"matchesXPath": {"expression": "count(//item) > 2", "equalTo": "true"}},
                                                                       {"matchesXPath": "//item"}]}, "response": {}}]
        """#
        try Data(document.utf8).write(to: folder.appendingPathComponent("mappings/m.json"))
        let report = MappingsRoot(folder).lint()
        #expect(report.isClean)
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.contains("m.json") == true, "\(report.warnings)")
        #expect(report.warnings.first?.contains("matchesXPath \"count(//item) > 2\" yields a value, not nodes") == true)
    }

    @Test func nearMissesSayWhatTheXPathFound() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/soap").body(.matchesXPath("//order/id[. = '7']")), .ok, name: "order 7")
        let report = mock.nearMisses(for: request(.post, "/soap", body: "<order><id>8</id></order>"))
        let text = report.description
        #expect(text.contains("//order/id[. = '7'] selected nothing"), "\(text)")
        let nested = StringValuePattern.matchesXPath("//id/text()", .equalTo("7"))
        #expect(nested.explainMiss(on: "<order><id>8</id></order>") == "//id/text() selected \"8\"; none is equalTo \"7\"")
    }
}
