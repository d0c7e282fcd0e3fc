import UnderstudyXML

/// An `equalToXml` pattern's settings in the XML engine's terms: the engine knows XMLUnit's
/// comparison types and namespace modes, not the pattern's, and applies placeholders the
/// pattern reads.
extension XMLComparison.Options {
    init(
        placeholders: XMLPlaceholder.Reader?,
        exempted: Set<EqualToXmlPattern.ComparisonType>,
        ignoreOrderOfSameNode: Bool,
        namespaceAwareness: EqualToXmlPattern.NamespaceAwareness
    ) {
        self.init(
            placeholders: placeholders.map(Self.placeholders(read:)),
            // Both name XMLUnit's comparison types; those the engine does not know never differ.
            exempted: Set(exempted.compactMap { XMLComparison.ComparisonType(rawValue: $0.rawValue) }),
            ignoreOrderOfSameNode: ignoreOrderOfSameNode,
            namespaceMode: Self.namespaceMode(namespaceAwareness)
        )
    }

    /// The placeholder an expected value holds, as the comparison applies it; a value whose
    /// placeholder cannot be read (checked when the pattern was built) holds none.
    private static func placeholders(read reader: XMLPlaceholder.Reader) -> @Sendable (String) -> XMLComparison.Placeholder? {
        { value in
            guard let placeholder = try? reader.placeholder(in: value) else { return nil }
            return placeholder == .ignore ? .ignore : .check { placeholder.accepts($0) }
        }
    }

    private static func namespaceMode(_ awareness: EqualToXmlPattern.NamespaceAwareness) -> XMLComparison.NamespaceMode {
        switch awareness {
        case .strict: .strict
        case .legacy: .legacy
        case .none: .none
        }
    }
}
