#if canImport(FoundationXML)
import Foundation
import FoundationXML
import Testing
@testable import Understudy
@testable import UnderstudyXML

/// Understudy's XPath 1.0 subset against libxml2's, through swift-corelibs-foundation's
/// `XMLDocument.nodes(forXPath:)`: every expression of the corpus, on every document, selects
/// the same nodes (compared by kind, name and string-value) or, for expressions yielding a
/// value, the same value (checked as `/*[…]` predicates, since corelibs has no
/// `objects(forXQuery:)`). WireMock evaluates with the JDK's XPath 1.0 engine, which
/// implements the same W3C recommendation, so libxml2 is the reference peer.
struct XPathDifferentialTests {
    static let documents = [
        """
        <?xml version="1.0"?>
        <library xmlns:bk="urn:books" open="yes">
          <!-- the stock -->
          <?audit checked?>
          <shelf id="s1" floor="1">
            <bk:book id="b1" lang="en"><title>Dune</title><price>9.50</price><tag>sf</tag><tag>classic</tag></bk:book>
            <bk:book id="b2" lang="fr"><title>L'Étranger</title><price>7</price><tag>classic</tag></bk:book>
          </shelf>
          <shelf id="s2" floor="2">
            <bk:book id="b3"><title>Neuromancer</title><price>12.25</price></bk:book>
            <magazine id="m1">Wired <issue>42</issue> monthly</magazine>
          </shelf>
          <empty/>
        </library>
        """,
        """
        <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:o="urn:orders">
          <soap:Header><o:trace>abc</o:trace></soap:Header>
          <soap:Body>
            <o:order o:priority="high" status="new">
              <o:line sku="A-1" qty="2"/>
              <o:line sku="B-2" qty="10"/>
              <o:line sku="C-3" qty="1"><note>gift wrap</note></o:line>
              <o:total>  31.5  </o:total>
            </o:order>
          </soap:Body>
        </soap:Envelope>
        """,
        """
        <a><b>1</b><b>2</b><c><b>3</b><d><b>4</b></d></c>text &lt;raw&gt; tail<e x="1" y="2"/><f/><f>  spaced   out  </f></a>
        """,
    ]

    static let nodeExpressions = [
        "/", "/*", "//*", "//node()", "//text()", "//comment()", "//processing-instruction()", "//processing-instruction('audit')",
        "//@*", "//*[@id]", "//*[@id='b2']", "/library/shelf", "/library/shelf[2]/*", "//shelf[@floor > 1]", "//shelf[last()]",
        "//shelf[position() = 1]//title", "//title[. = 'Dune']", "//title/ancestor::*", "//title/ancestor-or-self::shelf", "//magazine/preceding-sibling::*", "//magazine/preceding::title", "//shelf[1]/following::*", "//tag/parent::*/@id",
        "//magazine/text()", "//*[starts-with(name(), 'bk:')]", "//*[local-name() = 'book'][2]", "(//title)[2]", "(//tag)[last()]",
        "//title | //price", "//*[local-name() = 'book']/..", "//price[. > 9][1]", "//*[contains(text(), 'Wired')]", "//shelf/descendant::*[3]",
        "//shelf/descendant-or-self::node()[self::shelf]", "//@*[. = 'classic']", "//*[string-length(@id) = 2][@floor]",
        "//*[namespace-uri() = 'urn:orders']", "/a/b", "//b", "/a//b[. >= 2]", "//c//b", "//d/b/ancestor::c", "/a/text()", "//e/@x | //e/@y", "//f[normalize-space(.) = 'spaced out']",
        "//f[not(node())]", "//f[text()]", "/a/*[position() > 2 and position() < 5]", "//*[. = '1' or . = '4']", "//b[number(.) * 2 = 6]",
    ]

    /// Prefixed expressions (ours, with ``namespaces``) and the same selection without prefixes
    /// for libxml2, which corelibs gives no namespace bindings.
    static let prefixedExpressions = [
        ("//bk:book", "//*[local-name() = 'book' and namespace-uri() = 'urn:books']"),
        ("//bk:book[price > 8]/title", "//*[local-name() = 'book' and namespace-uri() = 'urn:books'][price > 8]/title"),
        ("//bk:book[tag = 'classic']/@id", "//*[local-name() = 'book' and namespace-uri() = 'urn:books'][tag = 'classic']/@id"),
        ("//bk:book[not(@lang)]", "//*[local-name() = 'book'][not(@lang)]"),
        ("//bk:*", "//*[namespace-uri() = 'urn:books']"),
        ("//bk:book[1]/following-sibling::*", "//*[local-name() = 'book'][1]/following-sibling::*"),
        ("/soap:Envelope/soap:Body/o:order/o:line", "/*[local-name() = 'Envelope']/*[local-name() = 'Body']/*[local-name() = 'order']/*[local-name() = 'line']"),
        ("//o:line[@qty > 5]/@sku", "//*[local-name() = 'line'][@qty > 5]/@sku"),
        ("//o:order/@o:priority", "//*[local-name() = 'order']/@*[local-name() = 'priority' and namespace-uri() = 'urn:orders']"),
        ("//o:order/@*", "//*[local-name() = 'order']/@*"),
        ("//o:line[3]/note/text()", "//*[local-name() = 'line'][3]/note/text()"),
        ("//soap:*", "//*[namespace-uri() = 'http://schemas.xmlsoap.org/soap/envelope/']"),
        ("//o:total[normalize-space() = '31.5']", "//*[local-name() = 'total'][normalize-space() = '31.5']"),
        ("//o:line[position() mod 2 = 1]", "//*[local-name() = 'line'][position() mod 2 = 1]"),
        ("//*[namespace-uri() = 'urn:orders']", "//*[namespace-uri() = 'urn:orders']"),
    ]

    static let valueExpressions = [
        "count(//*)", "count(//@*)", "count(//text())", "sum(//price)", "sum(//@qty)", "string(//title)", "string-length(//title[1])",
        "normalize-space(//f[2])", "concat(name(/*), '-', local-name(/*))", "substring(//title, 2, 3)", "substring-before('2024-01', '-')",
        "substring-after('a=b', '=')", "translate('abc', 'ab', 'B')", "floor(2.7) + ceiling(2.1) + round(2.5) + round(-2.5)",
        "boolean(//missing)", "not(//empty)", "7 mod 3", "7 div 2", "-(3 - 5)", "number('12') + 1", "count(//*[@id]) > 2",
        "//price = 7", "//price != 7", "//price < 8", "'10' = 10", "true() and not(false())", "name(//*[@sku][1])", "count(//*[local-name() = 'line'])",
        "number(' 4 ')", "string(1 div 0)", "string(0 div 0)", "contains('abc', '')",
    ]

    /// The prefixes the corpus uses, for our namespace-aware mode (libxml2 is always namespace-aware).
    static let namespaces = ["bk": "urn:books", "soap": "http://schemas.xmlsoap.org/soap/envelope/", "o": "urn:orders"]

    /// XPath's string-value (corelibs' `stringValue` of an element also holds comment text).
    private static func stringValue(_ node: XMLNode) -> String {
        switch node.kind {
        case .element, .document:
            return (node.children ?? []).map { child in
                child.kind == .text || child.kind == .element ? stringValue(child) : ""
            }.joined()
        default:
            return node.stringValue ?? ""
        }
    }

    private static func describe(_ node: XMLNode) -> String {
        let kind: String
        switch node.kind {
        case .element: kind = "element"
        case .attribute: kind = "attribute"
        case .text: kind = "text"
        case .comment: kind = "comment"
        case .processingInstruction: kind = "processing-instruction"
        case .document: kind = "document"
        default: kind = "other"
        }
        let name = node.kind == .text || node.kind == .comment || node.kind == .document ? "" : node.name ?? ""
        return "\(kind) \(name) \(stringValue(node))"
    }

    private static func describe(_ tree: XMLTree, _ index: Int) -> String {
        let node = tree[index]
        let kind: String
        switch node.kind {
        case .element: kind = "element"
        case .attribute: kind = "attribute"
        case .text: kind = "text"
        case .comment: kind = "comment"
        case .processingInstruction: kind = "processing-instruction"
        case .document: kind = "document"
        }
        let name = node.kind == .text || node.kind == .comment || node.kind == .document ? "" : node.name.qualified
        return "\(kind) \(name) \(tree.stringValue(index))"
    }

    @Test(arguments: documents.indices)
    func nodeSetsAgreeWithLibxml2(documentIndex: Int) throws {
        let text = Self.documents[documentIndex]
        let reference = try XMLDocument(xmlString: text, options: [.nodePreserveWhitespace])
        let tree = try XMLTree(parsing: text)
        var compared = 0
        for (expression, referenceExpression) in Self.nodeExpressions.map({ ($0, $0) }) + Self.prefixedExpressions {
            guard let theirs = try? reference.nodes(forXPath: referenceExpression) else { continue }
            let compiled = try XPathExpression(expression, namespaces: Self.namespaces)
            guard case .nodes(let ours)? = compiled.evaluate(tree) else {
                Issue.record("\(expression) did not yield nodes")
                continue
            }
            // Attribute order within an element is not fixed by XPath; compare as sorted lists,
            // and the first node exactly (document order decides what a single-value reader sees).
            let theirDescriptions = theirs.map(Self.describe)
            let ourDescriptions = ours.map { Self.describe(tree, $0) }
            #expect(ourDescriptions.sorted() == theirDescriptions.sorted(), "\(expression) on document \(documentIndex)")
            if !expression.contains("@") {
                #expect(ourDescriptions.first == theirDescriptions.first, "first node of \(expression) on document \(documentIndex)")
            }
            compared += 1
        }
        #expect(compared > Self.nodeExpressions.count / 2, "libxml2 answered most of the corpus")
    }

    @Test(arguments: documents.indices)
    func valuesAgreeWithLibxml2(documentIndex: Int) throws {
        let text = Self.documents[documentIndex]
        let reference = try XMLDocument(xmlString: text, options: [.nodePreserveWhitespace])
        let tree = try XMLTree(parsing: text)
        for expression in Self.valueExpressions {
            let ours = try #require(try XPathExpression(expression, namespaces: Self.namespaces).evaluate(tree))
            let check: String
            switch ours {
            case .boolean(let flag): check = flag ? "/*[boolean(\(expression))]" : "/*[not(\(expression))]"
            case .number(let number) where number.isNaN: check = "/*[string(\(expression)) = 'NaN']"
            case .number(let number): check = "/*[(\(expression)) = \(XPathValue.format(number))]"
            case .string(let string): check = "/*[string(\(expression)) = \"\(string)\"]"
            case .nodes: Issue.record("\(expression) yielded nodes"); continue
            }
            let theirs = try reference.nodes(forXPath: check)
            #expect(theirs.count == 1, "\(expression) is \(ours) here; libxml2 disagrees (document \(documentIndex))")
        }
    }
}
#endif
