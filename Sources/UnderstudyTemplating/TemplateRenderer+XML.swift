import UnderstudyXML

extension TemplateRenderer {
    static let xmlHelperNames: Set<String> = ["xPath", "soapXPath", "formatXml"]

    /// WireMock's `xPath` (`HandlebarsXPathHelper`) and `soapXPath` (`HandlebarsSoapHelper`,
    /// the expression under `/Envelope/Body/`): `{{xPath request.body '/order/id/text()'}}`.
    ///
    /// Names match whatever their prefix, as in WireMock's namespace-unaware document. The result
    /// prints as the first value selected (text and attributes as their text, elements as XML,
    /// numbers as Java formats them), iterates with `#each` over every node selected, and each
    /// node has `name`, `text` and `attributes`. Nothing selected, or no document, prints `""`.
    ///
    /// `formatXml` (`FormatXmlHelper`) re-prints XML, `format='pretty'` (the default, two-space
    /// indents) or `'compact'`, from its parameter or, as a block, from its rendered body
    /// (`{{#formatXml}}<a><b/></a>{{/formatXml}}`).
    mutating func xmlHelper(_ name: String, _ arguments: Arguments, block: Template.Block? = nil) throws -> TemplateValue? {
        guard Self.xmlHelperNames.contains(name) else { return nil }
        if name == "formatXml" { return .string(try formatXml(arguments, block: block)) }
        let document = arguments[0]
        if document == .null { return .string("") }
        guard arguments.params.count > 1, arguments[1] != .null else { throw HelperFailure("the XPath expression cannot be empty") }
        let source = (name == "soapXPath" ? "/Envelope/Body/" : "") + arguments[1].text
        let expression: XPathExpression
        do {
            expression = try XPathExpression(source)
        } catch {
            throw HelperFailure("\(arguments[1].text) is not a valid XPath expression: \(error)")
        }
        let tree: XMLTree
        do {
            tree = try XMLTree(parsing: document.text)
        } catch {
            throw HelperFailure("the document is not valid XML: \(error)")
        }
        guard let value = expression.evaluate(tree) else {
            throw HelperFailure("evaluating \(source) took too many steps and was abandoned")
        }
        switch value {
        case .nodes(let nodes):
            guard let first = nodes.first else { return .string("") }
            let items = nodes.map { Self.templateNode($0, in: tree) }
            guard case .composite(let text, _, let members) = Self.templateNode(first, in: tree) else { return .list(items) }
            return .composite(text: text, items: items, members: members)
        case .string(let text):
            return .string(text)
        case .boolean(let flag):
            return .bool(flag)
        case .number(let number):
            return .string(XPathExpression.javaNumberFormat(number))
        }
    }

    private mutating func formatXml(_ arguments: Arguments, block: Template.Block?) throws -> String {
        let format = arguments.string("format") ?? "pretty"
        guard format == "pretty" || format == "compact" else {
            throw HelperFailure("format [\(format)] should be one of [pretty, compact]")
        }
        let input: String
        if let block {
            input = try render(block.body)
        } else if arguments.params.count == 1, case .string(let text) = arguments[0] {
            input = text
        } else {
            throw HelperFailure("formatXml should take a block of XML to format or a single parameter of type String")
        }
        do {
            return try XMLTree(parsing: input).formatted(indent: format == "pretty")
        } catch {
            throw HelperFailure("Input is not valid XML: \(error)")
        }
    }

    /// A selected node: prints as WireMock prints it, with `name`, `text` and `attributes`.
    private static func templateNode(_ index: Int, in tree: XMLTree) -> TemplateValue {
        var attributes = TemplateValue.JSONObjectValue()
        for attribute in tree[index].attributes {
            attributes.set(tree[attribute].name.qualified, .string(tree[attribute].value))
        }
        let node = tree[index]
        let name: String
        switch node.kind {
        case .element, .attribute, .processingInstruction: name = node.name.qualified
        case .text: name = "#text"
        case .comment: name = "#comment"
        case .document: name = "#document"
        }
        return .composite(text: tree.renderedValue(index), items: [], members: [
            "name": .string(name), "text": .string(tree.stringValue(index)), "attributes": .object(attributes),
        ])
    }
}
