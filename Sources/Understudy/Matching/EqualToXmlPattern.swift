import UnderstudyXML

/// WireMock's `equalToXml`: the value is an XML document equal to `expected`, compared as
/// WireMock 3.13 compares with XMLUnit — whitespace, comments, namespace prefixes and the
/// order of child elements do not matter; element names, namespace URIs, text, attributes and
/// the number of children do.
///
/// - `enablePlaceholders`: expected text and attribute values may be XMLUnit placeholders,
///   `${xmlunit.ignore}`, `${xmlunit.isNumber}`, `${xmlunit.matchesRegex(regex)}`,
///   `${xmlunit.isDateTime}`, `${xmlunit.isDateTime(format)}`, with other delimiters when
///   `placeholderOpeningDelimiterRegex`/`placeholderClosingDelimiterRegex` are set.
/// - `exemptedComparisons`: XMLUnit comparison types that may differ.
/// - `namespaceAwareness`: ``NamespaceAwareness/strict`` (the default), `legacy` or `none`.
public struct EqualToXmlPattern: Sendable, Hashable {
    /// How namespaces count (WireMock's `EqualToXmlPattern.NamespaceAwareness`).
    public enum NamespaceAwareness: String, Sendable, Hashable, CaseIterable {
        /// Prefixes must be declared; namespace URIs are compared, prefixes are not.
        case strict = "STRICT"
        /// WireMock's old behaviour: element prefixes are dropped, attributes compare by their
        /// full name, `xmlns` attributes are ignored but an element's default namespace counts.
        case legacy = "LEGACY"
        /// Names compare as written, namespaces are ignored, `xmlns` attributes are ordinary attributes.
        case none = "NONE"
    }

    /// XMLUnit's comparison types, as `exemptedComparisons` names them.
    public enum ComparisonType: String, Sendable, Hashable, CaseIterable {
        case attrValueExplicitlySpecified = "ATTR_VALUE_EXPLICITLY_SPECIFIED"
        case hasDoctypeDeclaration = "HAS_DOCTYPE_DECLARATION"
        case doctypeName = "DOCTYPE_NAME"
        case doctypePublicID = "DOCTYPE_PUBLIC_ID"
        case doctypeSystemID = "DOCTYPE_SYSTEM_ID"
        case schemaLocation = "SCHEMA_LOCATION"
        case noNamespaceSchemaLocation = "NO_NAMESPACE_SCHEMA_LOCATION"
        case nodeType = "NODE_TYPE"
        case namespacePrefix = "NAMESPACE_PREFIX"
        case namespaceURI = "NAMESPACE_URI"
        case textValue = "TEXT_VALUE"
        case processingInstructionTarget = "PROCESSING_INSTRUCTION_TARGET"
        case processingInstructionData = "PROCESSING_INSTRUCTION_DATA"
        case elementTagName = "ELEMENT_TAG_NAME"
        case elementNumAttributes = "ELEMENT_NUM_ATTRIBUTES"
        case attrValue = "ATTR_VALUE"
        case childNodelistLength = "CHILD_NODELIST_LENGTH"
        case childNodelistSequence = "CHILD_NODELIST_SEQUENCE"
        case childLookup = "CHILD_LOOKUP"
        case attrNameLookup = "ATTR_NAME_LOOKUP"
        case xmlVersion = "XML_VERSION"
        case xmlStandalone = "XML_STANDALONE"
        case xmlEncoding = "XML_ENCODING"
    }

    /// The expected document, as written.
    public let expected: String
    /// Whether XMLUnit placeholders are read (`nil`: not set, which means no).
    public let enablePlaceholders: Bool?
    /// The regex opening a placeholder (`nil`: `\$\{`).
    public let placeholderOpeningDelimiterRegex: String?
    /// The regex closing a placeholder (`nil`: `\}`).
    public let placeholderClosingDelimiterRegex: String?
    /// Comparison types that may differ (`nil`: not set).
    public let exemptedComparisons: Set<ComparisonType>?
    /// Whether children with the same name pair up by their text too, not only in order.
    public let ignoreOrderOfSameNode: Bool?
    /// How namespaces count (`nil`: not set, which means ``NamespaceAwareness/strict``).
    public let namespaceAwareness: NamespaceAwareness?

    private let expectedTree: XMLTree
    private let placeholders: XMLPlaceholder.Reader?

    /// Creates the pattern. Throws when `expected` is not well-formed XML, uses an undeclared
    /// prefix under ``NamespaceAwareness/strict``, or holds a placeholder XMLUnit does not know.
    public init(
        expected: String,
        enablePlaceholders: Bool? = nil,
        placeholderOpeningDelimiterRegex: String? = nil,
        placeholderClosingDelimiterRegex: String? = nil,
        exemptedComparisons: Set<ComparisonType>? = nil,
        ignoreOrderOfSameNode: Bool? = nil,
        namespaceAwareness: NamespaceAwareness? = nil
    ) throws(EqualToXmlPatternError) {
        self.expected = expected
        self.enablePlaceholders = enablePlaceholders
        self.placeholderOpeningDelimiterRegex = placeholderOpeningDelimiterRegex
        self.placeholderClosingDelimiterRegex = placeholderClosingDelimiterRegex
        self.exemptedComparisons = exemptedComparisons
        self.ignoreOrderOfSameNode = ignoreOrderOfSameNode
        self.namespaceAwareness = namespaceAwareness
        do {
            expectedTree = try XMLTree(parsing: expected)
        } catch {
            throw EqualToXmlPatternError(message: "equalToXml holds XML that is not well-formed: \(error)")
        }
        if (namespaceAwareness ?? .strict) == .strict, let prefix = expectedTree.unboundPrefixes.first {
            throw EqualToXmlPatternError(message: "equalToXml uses the prefix \"\(prefix)\" without declaring it; "
                + "add xmlns:\(prefix)=\"…\" or set \"namespaceAwareness\": \"NONE\"")
        }
        if enablePlaceholders == true {
            do {
                let reader = try XMLPlaceholder.Reader(opening: placeholderOpeningDelimiterRegex, closing: placeholderClosingDelimiterRegex)
                for node in expectedTree.nodes where node.kind == .text || node.kind == .attribute {
                    _ = try reader.placeholder(in: node.value)
                }
                placeholders = reader
            } catch {
                throw EqualToXmlPatternError(message: "equalToXml: \(error.description)")
            }
        } else {
            placeholders = nil
        }
    }

    public static func == (lhs: EqualToXmlPattern, rhs: EqualToXmlPattern) -> Bool {
        lhs.expected == rhs.expected && lhs.enablePlaceholders == rhs.enablePlaceholders
            && lhs.placeholderOpeningDelimiterRegex == rhs.placeholderOpeningDelimiterRegex
            && lhs.placeholderClosingDelimiterRegex == rhs.placeholderClosingDelimiterRegex
            && lhs.exemptedComparisons == rhs.exemptedComparisons && lhs.ignoreOrderOfSameNode == rhs.ignoreOrderOfSameNode
            && lhs.namespaceAwareness == rhs.namespaceAwareness
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(expected)
        hasher.combine(enablePlaceholders)
        hasher.combine(exemptedComparisons)
        hasher.combine(namespaceAwareness)
    }

    /// Compares an XML text with the expected document; the distance is the share of counted
    /// comparisons that differed, as WireMock computes it.
    public func match(_ text: String) -> MatchResult {
        guard case .compared(let comparison) = compare(text) else { return .noMatch }
        if comparison.differences.isEmpty { return .exactMatch }
        return .partialMatch(distance: Double(comparison.differences.count) / Double(max(comparison.compared, 1)))
    }

    /// What comparing `text` found, for near-miss reports: `first difference: …` with its path,
    /// or why the text could not be compared. `nil` when it matches.
    public func firstDifference(_ text: String) -> String? {
        switch compare(text) {
        case .unreadable(let reason): return reason
        case .compared(let comparison): return comparison.differences.first.map { "first difference: \($0)" }
        }
    }

    private enum Outcome {
        case unreadable(String)
        case compared(XMLComparison)
    }

    private func compare(_ text: String) -> Outcome {
        guard !text.isEmpty else { return .unreadable("the value is empty, not XML") }
        let actual: XMLTree
        do {
            actual = try XMLTree(parsing: text)
        } catch {
            return .unreadable("the value is not well-formed XML: \(error)")
        }
        let awareness = namespaceAwareness ?? .strict
        if awareness == .strict, let prefix = actual.unboundPrefixes.first {
            return .unreadable("the value uses the prefix \"\(prefix)\" without declaring it")
        }
        return .compared(XMLComparison(expected: expectedTree, actual: actual, options: XMLComparison.Options(
            placeholders: placeholders, exempted: exemptedComparisons ?? [],
            ignoreOrderOfSameNode: ignoreOrderOfSameNode ?? false, namespaceAwareness: awareness)))
    }
}

/// An `equalToXml` pattern that cannot be built: the expected document or a setting is invalid.
public struct EqualToXmlPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public let message: String
    public var description: String { message }
}
