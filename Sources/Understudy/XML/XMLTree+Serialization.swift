extension XMLTree {
    /// A node as WireMock prints what an XPath selected: text and attributes as their value,
    /// elements and the document as XML (attributes in name order, empty elements as `<a/>`,
    /// whitespace kept as parsed), comments and processing instructions as markup.
    func renderedValue(_ index: Int) -> String {
        switch nodes[index].kind {
        case .text, .attribute: return nodes[index].value
        default:
            var text = ""
            write(index, to: &text)
            return text
        }
    }

    /// The document as XML with the content of elements and the value of attributes whose local
    /// name `redacts` picks replaced by `placeholder` (for recordings, which must not keep secrets).
    func redacted(_ redacts: @escaping (String) -> Bool, placeholder: String) -> String {
        var text = ""
        write(XMLTree.root, to: &text, redaction: (redacts, placeholder))
        return text
    }

    /// Appends the node's XML to `text`.
    func write(_ index: Int, to text: inout String, redaction: ((String) -> Bool, String)? = nil) {
        let node = nodes[index]
        switch node.kind {
        case .document:
            for child in node.children { write(child, to: &text, redaction: redaction) }
        case .element:
            text += "<" + node.name.qualified
            // Declarations first, then the other attributes.
            let attributes = node.attributes.filter { isNamespaceDeclaration($0) } + node.attributes.filter { !isNamespaceDeclaration($0) }
            for attribute in attributes {
                let name = nodes[attribute].name
                let value = redaction.map { !name.isNamespaceDeclaration && $0.0(name.local) } == true ? redaction?.1 ?? "" : nodes[attribute].value
                text += " " + name.qualified + "=\"" + Self.escape(value, attribute: true) + "\""
            }
            if node.children.isEmpty {
                text += "/>"
                return
            }
            text += ">"
            if let redaction, redaction.0(node.name.local) {
                text += Self.escape(redaction.1, attribute: false)
            } else {
                for child in node.children { write(child, to: &text, redaction: redaction) }
            }
            text += "</" + node.name.qualified + ">"
        case .attribute:
            text += node.name.qualified + "=\"" + Self.escape(node.value, attribute: true) + "\""
        case .text:
            text += Self.escape(node.value, attribute: false)
        case .comment:
            text += "<!--" + node.value + "-->"
        case .processingInstruction:
            text += "<?" + node.name.qualified + (node.value.isEmpty ? "" : " " + node.value) + "?>"
        }
    }

    /// Escapes markup characters in text or in a double-quoted attribute value.
    static func escape(_ value: String, attribute: Bool) -> String {
        guard value.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || (attribute && $0 == "\"") }) else { return value }
        var escaped = ""
        for character in value {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where attribute: escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
