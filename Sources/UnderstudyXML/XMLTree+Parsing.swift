import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

extension XMLTree {
    /// Parses an XML document. External entities are not resolved; a document that is not
    /// well-formed throws an ``XMLParseError`` with the line and column `XMLParser` stopped at.
    package init(parsing text: String) throws(XMLParseError) {
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw XMLParseError(line: 1, column: 1, message: "the document is empty")
        }
        // A byte order mark says nothing the UTF-8 text does not.
        let shield = try XMLParserShield(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        let builder = XMLTreeBuilder(shield: shield)
        let parser = XMLParser(data: Data(shield.shielded.utf8))
        // Namespaces are resolved by the builder, identically on every platform.
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let succeeded = parser.parse()
        // swift-corelibs-foundation's parse() can return true and still set parserError. It also
        // reports undeclared prefixes (libxml2's namespace errors, 200 and up) though namespaces
        // are not processed; the builder records those itself, so they are not failures here.
        let error = parser.parserError.flatMap { (200..<300).contains(($0 as NSError).code) ? nil : $0 }
        if !succeeded && parser.parserError == nil || error != nil || builder.openElements.count != 1 {
            throw XMLParseError(
                line: parser.lineNumber, column: parser.columnNumber,
                message: XMLParseError.describe(parser.parserError))
        }
        guard builder.nodes[XMLTree.root].children.contains(where: { builder.nodes[$0].kind == .element }) else {
            throw XMLParseError(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
                                message: "the document has no complete root element")
        }
        self.init(nodes: builder.nodes, unboundPrefixes: builder.unboundPrefixes)
    }
}

/// Builds an ``XMLTree`` from `XMLParser` events. Used by one parse on one thread, then dropped.
private final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    var nodes = [XMLTree.Node(kind: .document)]
    /// The element (or the document) new children go to, innermost last.
    var openElements = [XMLTree.root]
    /// Prefix → URI bindings per open element (`""` is the default namespace).
    private var scopes: [[String: String]] = [["xml": XMLName.xmlNamespace]]
    var unboundPrefixes: [String] = []
    /// The processing instructions taken out before parsing, which come back as marker comments.
    private let shield: XMLParserShield

    init(shield: XMLParserShield) {
        self.shield = shield
    }

    private var current: Int { openElements[openElements.count - 1] }

    private func append(_ node: XMLTree.Node) -> Int {
        var node = node
        node.parent = current
        nodes.append(node)
        let index = nodes.count - 1
        nodes[current].children.append(index)
        return index
    }

    private func resolve(_ prefix: String?, isElement: Bool) -> String? {
        let key = prefix ?? ""
        if prefix == nil, !isElement { return nil }
        if prefix == "xmlns" { return XMLName.xmlnsNamespace }
        guard let uri = scopes[scopes.count - 1][key], !uri.isEmpty else {
            if let prefix, !unboundPrefixes.contains(prefix) { unboundPrefixes.append(prefix) }
            return nil
        }
        return uri
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        var scope = scopes[scopes.count - 1]
        // Attribute order is lost in XMLParser's dictionary; sort for a stable order.
        let attributes = attributeDict.sorted { $0.key < $1.key }
        for (name, value) in attributes {
            if name == "xmlns" { scope[""] = value } else if name.hasPrefix("xmlns:") { scope[String(name.dropFirst(6))] = value }
        }
        scopes.append(scope)
        var elementName = XMLName(qualified: elementName)
        elementName.namespaceURI = resolve(elementName.prefix, isElement: true)
        let element = append(XMLTree.Node(kind: .element, name: elementName))
        for (name, value) in attributes {
            var attributeName = XMLName(qualified: name)
            attributeName.namespaceURI = attributeName.isNamespaceDeclaration
                ? XMLName.xmlnsNamespace : resolve(attributeName.prefix, isElement: false)
            nodes.append(XMLTree.Node(kind: .attribute, parent: element, name: attributeName, value: value))
            nodes[element].attributes.append(nodes.count - 1)
        }
        openElements.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        if openElements.count > 1 { openElements.removeLast() }
        if scopes.count > 1 { scopes.removeLast() }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { appendText(string) }

    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) { appendText(whitespaceString) }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { appendText(String(decoding: CDATABlock, as: UTF8.self)) }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        if let instruction = shield.instruction(for: comment) {
            _ = append(XMLTree.Node(kind: .processingInstruction, name: XMLName(qualified: instruction.target), value: instruction.data))
        } else {
            _ = append(XMLTree.Node(kind: .comment, value: comment))
        }
    }

    /// Text joins the text node before it, as the XPath data model merges adjacent text.
    private func appendText(_ text: String) {
        // Outside the root element only whitespace is well-formed, and it is not a node.
        guard current != XMLTree.root else { return }
        if let last = nodes[current].children.last, nodes[last].kind == .text {
            nodes[last].value += text
        } else {
            _ = append(XMLTree.Node(kind: .text, value: text))
        }
    }
}
