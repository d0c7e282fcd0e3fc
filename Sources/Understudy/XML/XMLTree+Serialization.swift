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

    /// Appends the node's XML to `text`.
    func write(_ index: Int, to text: inout String) {
        let node = nodes[index]
        switch node.kind {
        case .document:
            for child in node.children { write(child, to: &text) }
        case .element:
            text += "<" + node.name.qualified
            // Declarations first, then the other attributes.
            let attributes = node.attributes.filter { isNamespaceDeclaration($0) } + node.attributes.filter { !isNamespaceDeclaration($0) }
            for attribute in attributes {
                text += " " + nodes[attribute].name.qualified + "=\"" + Self.escape(nodes[attribute].value, attribute: true) + "\""
            }
            if node.children.isEmpty {
                text += "/>"
                return
            }
            text += ">"
            for child in node.children { write(child, to: &text) }
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
