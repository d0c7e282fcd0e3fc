/// How an element's text is compared: its label or its text value must equal, or contain,
/// a string (case-sensitively, as XCUITest's predicates do by default).
public struct TextMatch: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case equals
        case contains
    }

    private let kind: Kind
    /// The string looked for.
    public let text: String

    private init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    /// The label or text value is exactly `text`.
    public static func equals(_ text: String) -> TextMatch { TextMatch(.equals, text) }
    /// The label or text value contains `text`.
    public static func contains(_ text: String) -> TextMatch { TextMatch(.contains, text) }

    /// Whether the label or the text value matches.
    public func matches(label: String, textValue: String?) -> Bool {
        [label, textValue].contains { candidate in
            guard let candidate else { return false }
            switch kind {
            case .equals: return candidate == text
            case .contains: return candidate.contains(text)
            }
        }
    }

    /// The `NSPredicate` operator of the comparison (`==` or `CONTAINS`), for XCUITest queries.
    var predicateOperator: String {
        switch kind {
        case .equals: "=="
        case .contains: "CONTAINS"
        }
    }

    /// `"Log in"` or `containing "Log"`, as failure messages show it.
    public var description: String {
        switch kind {
        case .equals: "\"\(text)\""
        case .contains: "containing \"\(text)\""
        }
    }
}
