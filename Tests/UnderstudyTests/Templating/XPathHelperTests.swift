import Foundation
import Testing
@testable import Understudy

/// The `xPath` and `soapXPath` helpers, following WireMock 3.13.2's
/// `extension/responsetemplating/helpers/HandlebarsXPathHelper.java`, `HandlebarsSoapHelper.java`
/// and `HandlebarsXPathHelperTest.java`.
struct XPathHelperTests {
    private func render(_ template: String, body: String) -> (status: Int, body: String) {
        renderTemplate(template, request: request(.post, "/xml", body: body))
    }

    // rendersASimpleValue, rendersNothingWhenTheXPathExpressionResolvesNoContent, extractsAnAttribute
    @Test func valuesAttributesAndNothing() {
        #expect(render("<test>{{xPath request.body '/a/test/text()'}}</test>", body: "<a><test>success</test></a>").body == "<test>success</test>")
        #expect(render("<test>{{xPath request.body '/b/test'}}</test>", body: "<a><test>success</test></a>").body == "<test></test>")
        #expect(render("{{xPath request.body '/test/@outcome'}}", body: "<test outcome=\"success\"/>").body == "success")
    }

    // rendersXmlWhenElementIsSelected, rendersNamespacedElement
    @Test func elementsRenderAsXML() {
        #expect(render("{{{xPath request.body '/test/one'}}}", body: "<test><one>1</one><two>2</two></test>").body == "<one>1</one>")
        let namespaced = "<stuff xmlns:th=\"https://thing.com\"><th:thing>One</th:thing></stuff>"
        #expect(render("{{{xPath request.body '/stuff'}}}", body: namespaced).body == namespaced)
    }

    // supportsIterationOverNodeListWithEachHelper, supportsIterationOverElementsWithAttributes,
    // supportsIterationOverNamespacedElements, rendersElementNames
    @Test func eachIteratesOverNodesWithTheirNameTextAndAttributes() {
        let stuff = "<?xml version=\"1.0\"?>\n<stuff>\n  <thing id=\"1\">One</thing>\n  <thing id=\"2\">Two</thing>\n  <thing id=\"3\">Three</thing>\n</stuff>"
        #expect(render("{{#each (xPath request.body '/stuff/thing/text()') as |thing|}}{{thing}} {{/each}}", body: stuff).body == "One Two Three ")
        #expect(render("{{#each (xPath request.body '/stuff/thing') as |thing|}}{{{thing.attributes.id}}} {{/each}}", body: stuff).body == "1 2 3 ")
        let namespaced = "<stuff xmlns:th=\"https://thing.com\"><th:thing>One</th:thing><th:thing>Two</th:thing></stuff>"
        #expect(render("{{#each (xPath request.body '/stuff/thing') as |thing|}}{{{thing.text}}} {{/each}}", body: namespaced).body == "One Two ")
        #expect(render("{{#each (xPath request.body '/stuff/*') as |thing|}}{{{thing.name}}} {{/each}}", body: "<stuff><one>1</one><two>2</two></stuff>").body == "one two ")
        #expect(render("{{#each (xPath request.body '/stuff/one')}}{{name}}{{/each}}", body: "<stuff><one>1</one></stuff>").body == "one",
                "a single node iterates once")
    }

    // rendersElementWhenXPathSelectorReturnsPrimitive{String,Number}Result
    @Test func valuesOfExpressions() {
        #expect(render("{{xPath request.body 'local-name(/*/*[1])'}}", body: "<one>\n    <two>value</two>\n</one>").body == "two")
        #expect(render("{{xPath request.body 'count(/wrap/*)'}}", body: "<wrap><a/><b/><c/><d/></wrap>").body == "4")
    }

    // HandlebarsSoapHelper: the expression is read under /Envelope/Body/.
    @Test func soapXPathStartsInsideTheBody() {
        let envelope = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><m:Get xmlns:m=\"urn:m\"><m:id>7</m:id></m:Get></soap:Body></soap:Envelope>"
        #expect(render("{{soapXPath request.body 'Get/id/text()'}}", body: envelope).body == "7")
    }

    // rendersAMeaningfulErrorWhen{TheInputXmlIsInvalid,TheXPathExpressionIsInvalid,TheXPathExpressionIsAbsent}
    @Test func errorsNameTheProblem() {
        let invalidXML = render("{{xPath request.body '/test'}}", body: "<testsuccess</test>")
        #expect(invalidXML.status == 500 && invalidXML.body.contains("not valid XML"), "\(invalidXML)")
        let invalidPath = render("{{xPath request.body '/\\test'}}", body: "<test>success</test>")
        #expect(invalidPath.body.contains("is not a valid XPath expression"), "\(invalidPath)")
        let missing = render("{{xPath request.body}}", body: "<test/>")
        #expect(missing.body.contains("the XPath expression cannot be empty"), "\(missing)")
    }
}

/// The `formatXml` helper, following WireMock 3.13.2's
/// `extension/responsetemplating/helpers/FormatXmlHelper.java` and `FormatXmlHelperTest.java`.
struct FormatXmlHelperTests {
    // formatXmlHelperFormatsXmlInAVariable
    @Test func prettyIndentsByTwoAndKeepsTextElementsOnOneLine() {
        // {{{ }}}: the same output whether or not {{ }} escapes HTML.
        let template = "{{~#assign 'someXml'~}}\n<foo><bar\n    >wh</bar></foo\n    >\n{{/assign~}}\n{{{formatXml someXml format='pretty'}}}"
        #expect(renderTemplate(template).body == "<foo>\n  <bar>wh</bar>\n</foo>\n")
        let nested = "{{{formatXml '<a x=\"1\"><b><c>t</c><d/></b><!-- n --></a>'}}}"
        #expect(renderTemplate(nested).body == "<a x=\"1\">\n  <b>\n    <c>t</c>\n    <d/>\n  </b>\n  <!-- n -->\n</a>\n")
    }

    // formatXmlHelperFormatsXmlPrettilyByDefault, formatXmlHelperFormatsXmlPrettily: the block's body is the input.
    @Test func aBlockFormatsItsBody() {
        #expect(renderTemplate("{{#formatXml}}\n<foo><bar\n    >wh</bar></foo\n    >\n{{/formatXml}}").body == "<foo>\n  <bar>wh</bar>\n</foo>\n")
        #expect(renderTemplate("{{#formatXml format='pretty'}}\n  <foo><bar\n>wh</bar></foo\n>\n{{/formatXml}}").body == "<foo>\n  <bar>wh</bar>\n</foo>\n")
        #expect(renderTemplate("{{#formatXml}}<foo>Not well formed!</bar>{{/formatXml}}").body.contains("Input is not valid XML"))
    }

    @Test func compactDropsBlankText() {
        #expect(renderTemplate("{{{formatXml '<?xml version=\"1.0\"?>\n<a>\n  <b>x</b>\n</a>' format='compact'}}}").body == "<a><b>x</b></a>")
    }

    // formatXmlHelperGivesGoodErrorOn{UnknownFormat,NoInput,InvalidXml}
    @Test func errorsNameTheProblem() {
        #expect(renderTemplate("{{formatXml '<a/>' format='traditional'}}").body.contains("format [traditional] should be one of [pretty, compact]"))
        #expect(renderTemplate("{{formatXml 1}}").body.contains("formatXml should take a block of XML to format or a single parameter of type String"))
        #expect(renderTemplate("{{formatXml '<foo>Not well formed!</bar>'}}").body.contains("Input is not valid XML"))
    }
}
