/// What a query looks for: elements of some kinds (any kind when ``kinds`` is empty) whose
/// text matches (any text when ``text`` is `nil`).
public struct ElementCondition: Sendable, Hashable, CustomStringConvertible {
    /// The kinds accepted; empty accepts every kind.
    public var kinds: Set<ElementKind>
    /// The text the label or text value must match, or `nil` for any.
    public var text: TextMatch?

    /// A condition on kinds and text.
    public init(kinds: Set<ElementKind> = [], text: TextMatch? = nil) {
        self.kinds = kinds
        self.text = text
    }

    /// Every element.
    public static let any = ElementCondition()

    /// Whether an element with this kind, label and text value is one the condition looks for.
    public func matches(kind: ElementKind, label: String, textValue: String?) -> Bool {
        (kinds.isEmpty || kinds.contains(kind)) && (text?.matches(label: label, textValue: textValue) ?? true)
    }

    /// Whether `element` is one the condition looks for.
    @MainActor
    public func matches(_ element: any ScreenElement) -> Bool {
        matches(kind: element.elementKind, label: element.label, textValue: element.textValue)
    }

    /// `button "Log in"`, `textField`, `element containing "Row"`, as failure messages show it.
    public var description: String {
        let kindText = kinds.isEmpty ? "element"
            : kinds == ElementKind.textInputs ? "text input"
            : kinds.map(\.name).sorted().joined(separator: " or ")
        guard let text else { return kindText }
        return "\(kindText) \(text)"
    }
}
