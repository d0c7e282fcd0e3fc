/// What one element showed when it was read: its kind, label and text value. Failure
/// messages list these for what was on screen.
public struct ElementSnapshot: Sendable, Hashable, CustomStringConvertible {
    /// What sort of element it was.
    public var kind: ElementKind
    /// Its label.
    public var label: String
    /// Its text value, if any.
    public var textValue: String?

    /// A snapshot with the given kind, label and text value.
    public init(kind: ElementKind, label: String, textValue: String? = nil) {
        self.kind = kind
        self.label = label
        self.textValue = textValue
    }

    /// `button "Log In"`, or `textField "Email" value "ada@"` when the value adds something.
    public var description: String {
        var text = "\(kind) \"\(label)\""
        if let textValue, !textValue.isEmpty, textValue != label { text += " value \"\(textValue)\"" }
        return text
    }
}
