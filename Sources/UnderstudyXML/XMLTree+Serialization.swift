extension XMLTree {
    /// A node as WireMock prints what an XPath selected: text and attributes as their value,
    /// elements and the document as XML (attributes in name order, empty elements as `<a/>`,
    /// whitespace kept as parsed), comments and processing instructions as markup.
    package func renderedValue(_ index: Int) -> String {
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
    package func redacted(_ redacts: @escaping (String) -> Bool, placeholder: String) -> String {
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

    /// The document as WireMock's `formatXml` prints it: no declaration, blank text dropped, and
    /// with `indent`, one element per line indented by two spaces (an element holding only text
    /// stays on its line), ending with a line break; without, all on one line.
    package func formatted(indent: Bool) -> String {
        var text = ""
        for child in nodes[XMLTree.root].children { writeFormatted(child, depth: 0, indent: indent, to: &text) }
        return text
    }

    private func isBlank(_ index: Int) -> Bool {
        nodes[index].kind == .text && nodes[index].value.allSatisfy(\.isWhitespace)
    }

    private func writeFormatted(_ index: Int, depth: Int, indent: Bool, to text: inout String) {
        let node = nodes[index]
        guard !isBlank(index) else { return }
        let margin = indent ? String(repeating: "  ", count: depth) : ""
        let children = node.children.filter { !isBlank($0) }
        guard node.kind == .element, !children.isEmpty, children.contains(where: { nodes[$0].kind != .text }),
              !children.contains(where: { nodes[$0].kind == .text }) || !indent else {
            // A leaf, an element with only text, or mixed content: written as it is.
            var piece = ""
            write(index, to: &piece)
            text += margin + piece + (indent ? "\n" : "")
            return
        }
        var open = ""
        write(index, to: &open)
        // The start tag is what comes before the first child's markup.
        let startTag = String(open.prefix { $0 != ">" }) + ">"
        text += margin + startTag + (indent ? "\n" : "")
        for child in children { writeFormatted(child, depth: depth + 1, indent: indent, to: &text) }
        text += margin + "</" + node.name.qualified + ">" + (indent ? "\n" : "")
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
