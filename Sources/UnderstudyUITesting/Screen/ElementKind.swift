/// What sort of element a ``ScreenElement`` is: a button, a text, a text field and so on.
///
/// The names are those of `XCUIElement.ElementType` (`button`, `staticText`, `textField`);
/// kinds the DSL does not name come through as ``other``. Create further kinds with
/// ``init(_:)`` for screens of your own.
public struct ElementKind: Sendable, Hashable, CustomStringConvertible {
    /// The kind's name, as failure messages show it.
    public let name: String

    /// A kind with the given name.
    public init(_ name: String) { self.name = name }

    /// A button.
    public static let button = ElementKind("button")
    /// A text that is not editable (a label).
    public static let staticText = ElementKind("staticText")
    /// A one-line text field.
    public static let textField = ElementKind("textField")
    /// A text field whose characters are hidden.
    public static let secureTextField = ElementKind("secureTextField")
    /// A search field.
    public static let searchField = ElementKind("searchField")
    /// A multi-line text view.
    public static let textView = ElementKind("textView")
    /// A cell of a list, table or collection.
    public static let cell = ElementKind("cell")
    /// An on/off switch.
    public static let `switch` = ElementKind("switch")
    /// An image.
    public static let image = ElementKind("image")
    /// A window.
    public static let window = ElementKind("window")
    /// The application (the root of a launched app's screen).
    public static let application = ElementKind("application")
    /// Any other element (containers, groups, kinds the DSL has no name for).
    public static let other = ElementKind("other")

    /// The kinds that take typed text: ``textField``, ``secureTextField``, ``searchField``
    /// and ``textView``.
    public static let textInputs: Set<ElementKind> = [.textField, .secureTextField, .searchField, .textView]

    /// The kind's ``name``.
    public var description: String { name }
}
