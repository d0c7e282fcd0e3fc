/// An element of an in-memory screen: a ``ScreenElement`` whose label, value, state and
/// children a test sets, and which records what the DSL did to it. With an ``InMemoryScreen``
/// as the root, elements can appear, change and vanish on a schedule of virtual time, which
/// is how the DSL's waiting is tested without a simulator, and how page objects written on
/// the DSL can be.
///
/// An element exists while it is attached, through its parents, to an ``InMemoryScreen``.
@MainActor
public class InMemoryElement: ScreenElement {
    /// What sort of element it is.
    public let elementKind: ElementKind
    /// The accessibility label.
    public var label: String { get { read(stored.label) } set { stored.label = newValue } }
    /// The text value (what a text field holds), or `nil`.
    public var textValue: String? { get { read(stored.textValue) } set { stored.textValue = newValue } }
    /// Whether the element accepts input.
    public var isEnabled: Bool { get { read(stored.isEnabled) } set { stored.isEnabled = newValue } }
    /// Whether a tap would reach the element, when it exists (set `false` for an element
    /// that is covered or off screen).
    public var isReachable: Bool { get { read(stored.isReachable) } set { stored.isReachable = newValue } }
    /// What to do when the element is tapped (after the tap is recorded), e.g. show the next screen.
    public var onTap: (@MainActor (InMemoryElement) -> Void)?

    /// The element this one is attached to.
    public private(set) weak var parent: InMemoryElement?
    /// The elements directly below this one, in screen order.
    public var children: [InMemoryElement] { read(stored.children) }
    /// What was done to the element, in order: `tap`, `doubleTap`, `typeText("ada")`, `swipe(up)`.
    public private(set) var actions: [String] = []

    private struct Stored {
        var label: String
        var textValue: String?
        var isEnabled: Bool
        var isReachable: Bool
        var children: [InMemoryElement] = []
    }

    private var stored: Stored

    /// An element with the given kind, text, state and children.
    public init(_ kind: ElementKind, label: String = "", value: String? = nil, isEnabled: Bool = true, isReachable: Bool = true,
                children: [InMemoryElement] = []) {
        elementKind = kind
        stored = Stored(label: label, textValue: value, isEnabled: isEnabled, isReachable: isReachable)
        for child in children { add(child) }
    }

    /// A button.
    public static func button(_ label: String, isEnabled: Bool = true) -> InMemoryElement {
        InMemoryElement(.button, label: label, isEnabled: isEnabled)
    }

    /// A static text.
    public static func text(_ label: String) -> InMemoryElement { InMemoryElement(.staticText, label: label) }

    /// A text field with a label and, optionally, text already in it.
    public static func textField(_ label: String, value: String? = nil) -> InMemoryElement {
        InMemoryElement(.textField, label: label, value: value)
    }

    /// Attaches `child` as the last child (detaching it from its former parent).
    public func add(_ child: InMemoryElement) {
        child.removeFromParent()
        child.parent = self
        stored.children.append(child)
    }

    /// Detaches the element from its parent: it and everything below it stop existing.
    public func removeFromParent() {
        guard let parent else { return }
        parent.stored.children.removeAll { $0 === self }
        self.parent = nil
    }

    // MARK: ScreenElement

    /// Whether the element is attached, through its parents, to a running ``InMemoryScreen``
    /// (after the screen's changes due at the clock's current time have run).
    public var exists: Bool {
        applyDueChanges()
        return isOnScreen
    }

    /// Whether the element exists and ``isReachable`` is set.
    public var isHittable: Bool { exists && stored.isReachable }

    /// Records the tap, then runs ``onTap``.
    public func tap() {
        actions.append("tap")
        onTap?(self)
    }

    /// Records the double tap.
    public func doubleTap() { actions.append("doubleTap") }

    /// Records the typing and appends `text` to the text value.
    public func typeText(_ text: String) {
        actions.append("typeText(\"\(text)\")")
        stored.textValue = (stored.textValue ?? "") + text
    }

    /// Records the swipe.
    public func swipe(_ direction: SwipeDirection) { actions.append("swipe(\(direction))") }

    /// The elements anywhere below this one that satisfy `condition`, depth first in screen
    /// order, as they are at the clock's current time.
    public func descendants(where condition: ElementCondition) -> any ScreenElementQuery {
        applyDueChanges()
        var found: [InMemoryElement] = []
        func visit(_ element: InMemoryElement) {
            for child in element.stored.children {
                if condition.matches(child) { found.append(child) }
                visit(child)
            }
        }
        visit(self)
        return InMemoryQuery(elements: found)
    }

    /// The elements directly below this one that satisfy `condition`, in screen order, as they
    /// are at the clock's current time.
    public func children(where condition: ElementCondition) -> any ScreenElementQuery {
        applyDueChanges()
        return InMemoryQuery(elements: stored.children.filter { condition.matches($0) })
    }

    // MARK: Screen membership

    /// Whether the chain of parents ends at a screen. ``InMemoryScreen`` overrides it.
    var isOnScreen: Bool { parent?.isOnScreen ?? false }

    /// The screen at the top of the chain of parents, if any.
    var screen: InMemoryScreen? { (self as? InMemoryScreen) ?? parent?.screen }

    /// Runs the changes of the element's screen that are due, so every read sees the screen as
    /// it is at the clock's current time.
    func applyDueChanges() { screen?.runDueChanges() }

    private func read<Value>(_ value: @autoclosure () -> Value) -> Value {
        applyDueChanges()
        return value()
    }
}

/// The elements an ``InMemoryElement`` query found.
@MainActor
struct InMemoryQuery: ScreenElementQuery {
    let elements: [InMemoryElement]
    var count: Int { elements.count }
    /// The element at `index`; past the end, a detached element that does not exist, as
    /// `XCUIElementQuery.element(boundBy:)` answers.
    func element(at index: Int) -> any ScreenElement {
        elements.indices.contains(index) ? elements[index] : InMemoryElement(.other)
    }
}
