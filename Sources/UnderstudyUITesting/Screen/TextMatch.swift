/// How an element's text is compared: its label or its text value must equal a string, or its
/// label must contain one (case-sensitively, as XCUITest's predicates do by default).
///
/// `contains` reads the label only: an XCUITest element's `value` is not always a string (a
/// switch's or a slider's is a number), and a `CONTAINS` predicate on a number raises an
/// exception in the query, so the in-memory screen matches the same way.
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
    /// The label contains `text` (the text value is not searched).
    public static func contains(_ text: String) -> TextMatch { TextMatch(.contains, text) }

    /// Whether the label or the text value equals the text, or the label contains it.
    public func matches(label: String, textValue: String?) -> Bool {
        switch kind {
        case .equals: label == text || textValue == text
        case .contains: label.contains(text)
        }
    }

    /// The `NSPredicate` format of the comparison for XCUITest queries, with one `%@` for
    /// each argument in ``predicateArguments``: `value` is compared only by `==`, which is safe
    /// on the numbers some elements hold, where `CONTAINS` raises.
    var predicateFormat: String {
        switch kind {
        case .equals: "label == %@ OR value == %@"
        case .contains: "label CONTAINS %@"
        }
    }

    /// The arguments of ``predicateFormat``.
    var predicateArguments: [String] {
        switch kind {
        case .equals: [text, text]
        case .contains: [text]
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
