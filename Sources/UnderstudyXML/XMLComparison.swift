import Foundation
import UnderstudySupport

/// Compares two XML documents the way WireMock 3.13's `EqualToXmlPattern` drives XMLUnit 2.11:
/// whitespace ignored (text trimmed, blank text dropped), comments ignored, children paired by
/// name whatever their order, and only the comparison types WireMock counts able to differ
/// (element names, namespace URIs, text, attribute values and counts, child counts and
/// lookups, processing instructions, schema locations). Namespace prefixes, child order and
/// the XML declaration never make a difference.
package struct XMLComparison {
    /// The comparison types WireMock counts, named as XMLUnit names them; XMLUnit's others
    /// always count as equal.
    package enum ComparisonType: String, Sendable, Hashable, CaseIterable {
        case schemaLocation = "SCHEMA_LOCATION"
        case noNamespaceSchemaLocation = "NO_NAMESPACE_SCHEMA_LOCATION"
        case nodeType = "NODE_TYPE"
        case namespaceURI = "NAMESPACE_URI"
        case textValue = "TEXT_VALUE"
        case processingInstructionTarget = "PROCESSING_INSTRUCTION_TARGET"
        case processingInstructionData = "PROCESSING_INSTRUCTION_DATA"
        case elementTagName = "ELEMENT_TAG_NAME"
        case elementNumAttributes = "ELEMENT_NUM_ATTRIBUTES"
        case attrValue = "ATTR_VALUE"
        case childNodelistLength = "CHILD_NODELIST_LENGTH"
        case childLookup = "CHILD_LOOKUP"
        case attrNameLookup = "ATTR_NAME_LOOKUP"
    }

    /// How namespaces count.
    package enum NamespaceMode: Sendable, Hashable {
        /// Namespace URIs are compared, prefixes are not; `xmlns` attributes are not attributes.
        case strict
        /// Element prefixes are dropped, attributes compare by their full name, `xmlns`
        /// attributes are ignored but an element's default namespace counts.
        case legacy
        /// Names compare as written, namespaces are ignored, `xmlns` attributes are ordinary attributes.
        case none
    }

    /// A placeholder in an expected text or attribute value (XMLUnit's `${xmlunit.…}`), as the
    /// comparison asks it: the caller reads placeholders, the comparison only applies them.
    package enum Placeholder: Sendable {
        /// Accepts any value, and a missing attribute or an empty element (`${xmlunit.ignore}`).
        case ignore
        /// Accepts the actual values `accepts` returns `true` for.
        case check(_ accepts: @Sendable (String) -> Bool)

        func accepts(_ actual: String) -> Bool {
            switch self {
            case .ignore: true
            case .check(let accepts): accepts(actual)
            }
        }

        var isIgnore: Bool {
            if case .ignore = self { true } else { false }
        }
    }

    /// The settings of one comparison.
    package struct Options: Sendable {
        /// The placeholder an expected value holds (`nil` when it holds none); `nil` when
        /// placeholders are not read.
        package var placeholders: (@Sendable (String) -> Placeholder?)?
        /// Comparison types that may differ.
        package var exempted: Set<ComparisonType>
        /// Whether children with the same name pair up by their text too, not only in order.
        package var ignoreOrderOfSameNode: Bool
        package var namespaceMode: NamespaceMode

        package init(placeholders: (@Sendable (String) -> Placeholder?)?, exempted: Set<ComparisonType>,
                     ignoreOrderOfSameNode: Bool, namespaceMode: NamespaceMode) {
            self.placeholders = placeholders
            self.exempted = exempted
            self.ignoreOrderOfSameNode = ignoreOrderOfSameNode
            self.namespaceMode = namespaceMode
        }
    }

    /// One counted comparison that differed.
    package struct Difference: Sendable, CustomStringConvertible {
        package var type: ComparisonType
        /// The XPath of the node in the expected document (`/a[1]/b[1]/text()[1]`).
        package var path: String
        package var expected: String
        package var actual: String

        package var description: String { "\(type.rawValue) at \(path): expected \(expected), got \(actual)" }
    }

    private let options: Options
    private let control: XMLTree
    private let test: XMLTree
    /// Counted comparisons made, and those that differed.
    package private(set) var compared = 0
    package private(set) var differences: [Difference] = []

    /// Compares the documents; read ``differences`` and ``compared`` afterwards.
    package init(expected: XMLTree, actual: XMLTree, options: Options) {
        self.options = options
        control = expected
        test = actual
        compareChildren(XMLTree.root, XMLTree.root, path: "")
    }

    /// Records a comparison of a type WireMock counts (XMLUnit's others always count as equal).
    private mutating func record(_ type: ComparisonType, equal: Bool, path: String, expected: String, actual: String) {
        guard !options.exempted.contains(type) else { return }
        compared += 1
        if !equal { differences.append(Difference(type: type, path: path, expected: expected, actual: actual)) }
    }

    // MARK: The documents as WireMock's parser sees them

    private func children(_ tree: XMLTree, _ index: Int) -> [Int] {
        tree[index].children.filter { child in
            switch tree[child].kind {
            case .comment: false
            case .text: !tree[child].value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            default: true
            }
        }
    }

    private func text(_ tree: XMLTree, _ index: Int) -> String {
        tree[index].value.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func namespace(_ tree: XMLTree, _ index: Int) -> String? {
        let name = tree[index].name
        switch options.namespaceMode {
        case .strict: return name.namespaceURI
        case .legacy: return tree[index].kind == .element && name.prefix == nil ? name.namespaceURI : nil
        case .none: return nil
        }
    }

    private func localName(_ tree: XMLTree, _ index: Int) -> String {
        options.namespaceMode == .none ? tree[index].name.qualified : tree[index].name.local
    }

    private static let xsiNamespace = "http://www.w3.org/2001/XMLSchema-instance"

    /// The attributes compared one by one, keyed for lookup, and the two XSI schema locations.
    private func attributes(_ tree: XMLTree, _ element: Int) -> (plain: [(key: String, index: Int)], schemaLocation: String?, noNamespaceSchemaLocation: String?) {
        var plain: [(String, Int)] = []
        var schemaLocation: String?
        var noNamespaceSchemaLocation: String?
        for attribute in tree[element].attributes {
            let name = tree[attribute].name
            switch options.namespaceMode {
            case .strict:
                if name.isNamespaceDeclaration { continue }
                if name.namespaceURI == Self.xsiNamespace, name.local == "schemaLocation" {
                    schemaLocation = tree[attribute].value
                } else if name.namespaceURI == Self.xsiNamespace, name.local == "noNamespaceSchemaLocation" {
                    noNamespaceSchemaLocation = tree[attribute].value
                } else {
                    plain.append(("{\(name.namespaceURI ?? "")}\(name.local)", attribute))
                }
            case .legacy:
                if !name.isNamespaceDeclaration { plain.append((name.qualified, attribute)) }
            case .none:
                plain.append((name.qualified, attribute))
            }
        }
        return (plain, schemaLocation, noNamespaceSchemaLocation)
    }

    private func placeholder(_ value: String) -> Placeholder? {
        options.placeholders?(value)
    }

    // MARK: Comparing

    private mutating func compare(_ c: Int, _ t: Int, path: String) {
        let cNode = control[c]
        let tNode = test[t]
        let sameKind = cNode.kind == tNode.kind
        record(.nodeType, equal: sameKind, path: path, expected: Self.kindName(cNode.kind), actual: Self.kindName(tNode.kind))
        guard sameKind else { return }
        switch cNode.kind {
        case .text:
            let expected = text(control, c)
            let actual = text(test, t)
            let equal = expected == actual || placeholder(expected)?.accepts(actual) == true
            record(.textValue, equal: equal, path: path, expected: quoted(expected), actual: quoted(actual))
        case .processingInstruction:
            record(.processingInstructionTarget, equal: cNode.name.qualified == tNode.name.qualified,
                   path: path, expected: quoted(cNode.name.qualified), actual: quoted(tNode.name.qualified))
            record(.processingInstructionData, equal: cNode.value == tNode.value, path: path, expected: quoted(cNode.value), actual: quoted(tNode.value))
        case .element:
            compareElements(c, t, path: path)
        case .document, .attribute, .comment:
            break
        }
    }

    private mutating func compareElements(_ c: Int, _ t: Int, path: String) {
        let cNamespace = namespace(control, c)
        let tNamespace = namespace(test, t)
        record(.namespaceURI, equal: cNamespace == tNamespace, path: path,
               expected: cNamespace.map(quoted) ?? "no namespace", actual: tNamespace.map(quoted) ?? "no namespace")
        let cName = localName(control, c)
        let tName = localName(test, t)
        record(.elementTagName, equal: cName == tName, path: path, expected: "<\(cName)>", actual: "<\(tName)>")

        let cAttributes = attributes(control, c)
        let tAttributes = attributes(test, t)
        // An ignored attribute may be missing (XMLUnit's `${xmlunit.ignore}` on an absent attribute).
        let ignorableMissing = cAttributes.plain.filter { entry in
            placeholder(control[entry.index].value)?.isIgnore == true && !tAttributes.plain.contains { $0.key == entry.key }
        }.count
        let countEqual = cAttributes.plain.count == tAttributes.plain.count
            || cAttributes.plain.count - ignorableMissing == tAttributes.plain.count
        record(.elementNumAttributes, equal: countEqual, path: path,
               expected: "\(cAttributes.plain.count) attribute(s)", actual: "\(tAttributes.plain.count) attribute(s)")
        for (key, attribute) in cAttributes.plain {
            let name = control[attribute].name.qualified
            let attributePath = path + "/@" + name
            let expected = control[attribute].value
            let placeholder = placeholder(expected)
            guard let match = tAttributes.plain.first(where: { $0.key == key }) else {
                record(.attrNameLookup, equal: placeholder?.isIgnore == true, path: attributePath, expected: "attribute \(name)", actual: "none")
                continue
            }
            let actual = test[match.index].value
            record(.attrValue, equal: expected == actual || placeholder?.accepts(actual) == true,
                   path: attributePath, expected: quoted(expected), actual: quoted(actual))
        }
        if let expected = cAttributes.schemaLocation {
            record(.schemaLocation, equal: expected == tAttributes.schemaLocation, path: path,
                   expected: quoted(expected), actual: tAttributes.schemaLocation.map(quoted) ?? "none")
        }
        if let expected = cAttributes.noNamespaceSchemaLocation {
            record(.noNamespaceSchemaLocation, equal: expected == tAttributes.noNamespaceSchemaLocation, path: path,
                   expected: quoted(expected), actual: tAttributes.noNamespaceSchemaLocation.map(quoted) ?? "none")
        }
        compareChildren(c, t, path: path)
    }

    private mutating func compareChildren(_ c: Int, _ t: Int, path: String) {
        let cChildren = children(control, c)
        let tChildren = children(test, t)
        // `<a>${xmlunit.ignore}</a>` also accepts an empty `<a/>`.
        if tChildren.isEmpty, cChildren.count == 1, control[cChildren[0]].kind == .text,
           placeholder(text(control, cChildren[0]))?.isIgnore == true {
            return
        }
        // The document's own child count counts too (WireMock's distance for <a/> against <b/> is 0.5).
        record(.childNodelistLength, equal: cChildren.count == tChildren.count, path: path.isEmpty ? "/" : path,
               expected: "\(cChildren.count) child node(s)", actual: "\(tChildren.count) child node(s)")
        let cSorted = sortedForMatching(control, cChildren)
        let tSorted = sortedForMatching(test, tChildren)
        var used = Array(repeating: false, count: tSorted.count)
        var last = -1
        var positions: [String: Int] = [:]
        for child in cSorted {
            let step = stepName(control, child)
            positions[step, default: 0] += 1
            let childPath = path + "/" + step + "[\(positions[step] ?? 1)]"
            // XMLUnit's DefaultNodeMatcher: search onwards from the last match, wrapping around.
            var found: Int?
            for offset in 0..<tSorted.count {
                let candidate = (last + 1 + offset) % tSorted.count
                if !used[candidate], pairs(child, tSorted[candidate]) {
                    found = candidate
                    break
                }
            }
            guard let found else {
                record(.childLookup, equal: false, path: childPath, expected: Self.describe(control, child), actual: "none")
                continue
            }
            used[found] = true
            last = found
            compare(child, tSorted[found], path: childPath)
        }
    }

    /// WireMock's `OrderInvariantNodeMatcher` sorts children by local name (then text).
    private func sortedForMatching(_ tree: XMLTree, _ nodes: [Int]) -> [Int] {
        nodes.enumerated().sorted { lhs, rhs in
            let a = tree[lhs.element].kind == .element ? tree[lhs.element].name.local : ""
            let b = tree[rhs.element].kind == .element ? tree[rhs.element].name.local : ""
            if a != b { return a < b }
            if options.ignoreOrderOfSameNode {
                let textA = tree.stringValue(lhs.element)
                let textB = tree.stringValue(rhs.element)
                if textA != textB { return textA < textB }
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Whether a control child and a test child are compared with each other: elements with
    /// the same name (and namespace), other nodes of the same kind.
    private func pairs(_ c: Int, _ t: Int) -> Bool {
        guard control[c].kind == test[t].kind else { return false }
        guard control[c].kind == .element else { return true }
        // With NAMESPACE_URI exempted, `<a xmlns="x"/>` pairs with `<a/>` (EqualToXmlPatternTest.defaultNamespaceUriComparisonCanBeExcluded…).
        return localName(control, c) == localName(test, t)
            && (options.exempted.contains(.namespaceURI) || namespace(control, c) == namespace(test, t))
    }

    private func stepName(_ tree: XMLTree, _ index: Int) -> String {
        switch tree[index].kind {
        case .element: tree[index].name.qualified
        case .text: "text()"
        case .comment: "comment()"
        case .processingInstruction: "processing-instruction()"
        case .document, .attribute: ""
        }
    }

    private static func describe(_ tree: XMLTree, _ index: Int) -> String {
        switch tree[index].kind {
        case .element: "<\(tree[index].name.qualified)>"
        case .text: "text " + quoted(tree[index].value.trimmingCharacters(in: .whitespacesAndNewlines))
        default: kindName(tree[index].kind)
        }
    }

    private static func kindName(_ kind: XMLTree.Kind) -> String {
        switch kind {
        case .document: "document"
        case .element: "element"
        case .attribute: "attribute"
        case .text: "text"
        case .comment: "comment"
        case .processingInstruction: "processing instruction"
        }
    }
}
