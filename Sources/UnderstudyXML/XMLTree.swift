/// A parsed XML document, built from `XMLParser` so it exists on every platform (Foundation's
/// `XMLDocument` is missing on iOS, tvOS and watchOS).
///
/// The nodes live in one array in document order: each element is followed by its attributes,
/// then its children. A node's index therefore doubles as its position in document order,
/// which is what XPath node-sets are sorted by. Adjacent text and CDATA sections are merged
/// into one text node, as the XPath data model sees them; the XML declaration and the DOCTYPE
/// are not nodes.
///
/// Namespaces are resolved while parsing, and both views are kept: the qualified name as
/// written (`soap:Body`) and, when its prefix is declared in scope, the namespace URI. Which
/// view counts is up to the reader (XPath with or without `xPathNamespaces`, `equalToXml`'s
/// `namespaceAwareness`).
package struct XMLTree: Sendable {
    /// What a node is.
    package enum Kind: Sendable, Equatable {
        case document
        case element
        case attribute
        case text
        case comment
        case processingInstruction
    }

    /// One node of the tree.
    package struct Node: Sendable {
        package var kind: Kind
        /// The parent's index; `nil` for the document node. An attribute's parent is its element.
        var parent: Int?
        /// Child nodes (elements, text, comments, processing instructions) in order.
        package var children: [Int] = []
        /// An element's attributes, namespace declarations (`xmlns`, `xmlns:p`) included.
        package var attributes: [Int] = []
        /// Element and attribute names; a processing instruction's target in `name.local`.
        package var name = XMLName(qualified: "")
        /// An attribute's value, a text's or comment's content, a processing instruction's data.
        package var value = ""
    }

    /// Every node; index 0 is the document node.
    package private(set) var nodes: [Node]
    /// Prefixes used in element or attribute names without a declaration in scope.
    package private(set) var unboundPrefixes: [String]

    init(nodes: [Node], unboundPrefixes: [String]) {
        self.nodes = nodes
        self.unboundPrefixes = unboundPrefixes
    }

    /// The document node.
    static let root = 0

    package subscript(index: Int) -> Node { nodes[index] }

    /// The XPath string-value of a node: all descendant text for documents and elements,
    /// the value for the others.
    package func stringValue(_ index: Int) -> String {
        let node = nodes[index]
        switch node.kind {
        case .document, .element:
            // Most elements hold one text node: no need to build a new string.
            if node.children.count == 1, nodes[node.children[0]].kind == .text { return nodes[node.children[0]].value }
            var text = ""
            appendText(of: index, to: &text)
            return text
        case .attribute, .text, .comment, .processingInstruction:
            return node.value
        }
    }

    private func appendText(of index: Int, to text: inout String) {
        for child in nodes[index].children {
            switch nodes[child].kind {
            case .text: text += nodes[child].value
            case .element: appendText(of: child, to: &text)
            default: break
            }
        }
    }

    /// Whether the attribute is a namespace declaration (`xmlns` or `xmlns:p`).
    func isNamespaceDeclaration(_ index: Int) -> Bool {
        nodes[index].kind == .attribute && nodes[index].name.isNamespaceDeclaration
    }

    /// The index one past the node's last descendant (attributes included): the subtree of
    /// `index` is `index..<subtreeEnd(index)`.
    func subtreeEnd(_ index: Int) -> Int {
        var current = index
        while true {
            let node = nodes[current]
            if let last = node.children.last {
                current = last
            } else if let last = node.attributes.last {
                return last + 1
            } else {
                return current + 1
            }
        }
    }
}

/// A qualified name and, when its prefix is declared, its namespace.
package struct XMLName: Sendable, Hashable {
    /// The name as written: `soap:Body`, `id`.
    package var qualified: String
    /// The part before the colon, if any.
    var prefix: String?
    /// The part after the colon (the whole name without one).
    package var local: String
    /// The namespace URI the prefix (or, for elements, the default namespace) is bound to.
    var namespaceURI: String?

    init(qualified: String, namespaceURI: String? = nil) {
        self.qualified = qualified
        if let colon = qualified.firstIndex(of: ":") {
            prefix = String(qualified[..<colon])
            local = String(qualified[qualified.index(after: colon)...])
        } else {
            prefix = nil
            local = qualified
        }
        self.namespaceURI = namespaceURI
    }

    /// `xmlns` or `xmlns:p`.
    package var isNamespaceDeclaration: Bool { qualified == "xmlns" || prefix == "xmlns" }

    /// The namespace URI of `xml:` names.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    /// The namespace URI of `xmlns` declarations.
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"
}
