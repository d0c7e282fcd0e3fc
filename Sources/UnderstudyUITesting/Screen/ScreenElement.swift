/// One element of a screen, as the wait-then-act DSL sees it: what it can read (existence,
/// hittability, enabled state, label, text value, kind) and what it can do (tap, double-tap,
/// type, swipe), and the queries that find elements below it.
///
/// `XCUIElement` conforms on Apple platforms; ``InMemoryElement`` conforms everywhere, so the
/// DSL (and page objects written on top of it) can be tested without a simulator.
///
/// Reads are cheap and repeatable: the DSL reads them again on every poll, so an element
/// must answer from the current screen, not from a snapshot taken when it was found.
@MainActor
public protocol ScreenElement {
    /// Whether the element is on the screen now.
    var exists: Bool { get }
    /// Whether a tap at the element would reach it (it is on screen, visible, not covered).
    /// The DSL's actions do not wait for it: XCUITest's gestures scroll an off-screen element
    /// into view themselves.
    var isHittable: Bool { get }
    /// Whether the element accepts input.
    var isEnabled: Bool { get }
    /// The accessibility label (a button's title, a text's string).
    var label: String { get }
    /// The element's value when it is text (what a text field holds), or `nil`.
    var textValue: String? { get }
    /// What sort of element it is.
    var elementKind: ElementKind { get }

    /// Taps the element.
    func tap()
    /// Taps the element twice.
    func doubleTap()
    /// Types `text` into the element, which must have keyboard focus.
    func typeText(_ text: String)
    /// Swipes across the element.
    func swipe(_ direction: SwipeDirection)

    /// The elements anywhere below this one that satisfy `condition`, in screen order.
    func descendants(where condition: ElementCondition) -> any ScreenElementQuery
    /// The elements directly below this one that satisfy `condition`, in screen order.
    func children(where condition: ElementCondition) -> any ScreenElementQuery

    /// Up to `limit` elements below this one as they are now, in screen order (depth first),
    /// for failure messages. The default reads them one by one through
    /// ``descendants(where:)``; `XCUIElement` takes one snapshot of its tree instead.
    func descendantSnapshots(limit: Int) -> [ElementSnapshot]
}

extension ScreenElement {
    /// Reads up to `limit` elements one by one through ``descendants(where:)``.
    public func descendantSnapshots(limit: Int) -> [ElementSnapshot] {
        let all = descendants(where: .any)
        return (0..<min(all.count, max(limit, 0))).map { index in
            let element = all.element(at: index)
            return ElementSnapshot(kind: element.elementKind, label: element.label, textValue: element.textValue)
        }
    }
}
