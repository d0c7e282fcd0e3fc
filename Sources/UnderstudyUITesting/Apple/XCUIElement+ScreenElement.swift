// XCUITest's element and query as the DSL's screen. Compiled only where XCUITest has the
// touch gestures the protocol needs (tap, doubleTap, swipe): iOS, macOS and visionOS; tvOS
// (remote presses, no taps) and watchOS are left out. Checked only by the CI workflow's macos job (not yet observed green).
#if canImport(XCTest) && (os(iOS) || os(macOS) || os(visionOS))
import Foundation
public import XCTest

extension XCUIElement: ScreenElement {
    /// The element's `value` when it is a string.
    public var textValue: String? { value as? String }

    /// The element's `elementType` as an ``ElementKind``.
    public var elementKind: ElementKind { ElementKind(elementType) }

    /// `swipeUp()`, `swipeDown()`, `swipeLeft()` or `swipeRight()`.
    public func swipe(_ direction: SwipeDirection) {
        switch direction {
        case .up: swipeUp()
        case .down: swipeDown()
        case .left: swipeLeft()
        default: swipeRight()
        }
    }

    /// `descendants(matching: .any)` filtered by the condition's predicate.
    public func descendants(where condition: ElementCondition) -> any ScreenElementQuery {
        descendants(matching: .any).matching(condition.predicate)
    }

    /// `children(matching: .any)` filtered by the condition's predicate.
    public func children(where condition: ElementCondition) -> any ScreenElementQuery {
        children(matching: .any).matching(condition.predicate)
    }

    /// The elements of one `snapshot()` of the tree below this element, depth first (one
    /// round trip to the app, where reading element by element would take one per property).
    public func descendantSnapshots(limit: Int) -> [ElementSnapshot] {
        guard let root = try? snapshot() else { return [] }
        var found: [ElementSnapshot] = []
        var pending = Array(root.children.reversed())
        while found.count < limit, let next = pending.popLast() {
            found.append(ElementSnapshot(kind: ElementKind(next.elementType), label: next.label, textValue: next.value as? String))
            pending.append(contentsOf: next.children.reversed())
        }
        return found
    }
}

extension XCUIElementQuery: ScreenElementQuery {
    /// `element(boundBy: index)`.
    public func element(at index: Int) -> any ScreenElement { element(boundBy: index) }
}

extension XCUIApplication: LaunchableApp {}

extension ElementKind {
    private static let types: [(ElementKind, XCUIElement.ElementType)] = [
        (.button, .button), (.staticText, .staticText), (.textField, .textField), (.secureTextField, .secureTextField),
        (.searchField, .searchField), (.textView, .textView), (.cell, .cell), (.switch, .switch), (.image, .image),
        (.window, .window), (.application, .application), (.other, .other),
    ]

    /// The kind of an XCUITest element type; types without a name here are ``other``.
    init(_ type: XCUIElement.ElementType) {
        self = Self.types.first { $0.1 == type }?.0 ?? .other
    }

    /// The XCUITest element type of the kind; none for a kind of your own.
    var elementType: XCUIElement.ElementType? { Self.types.first { $0.0 == self }?.1 }
}

extension ElementCondition {
    /// The condition as an XCUITest query predicate: `elementType IN {…}` and the text match's
    /// `TextMatch.predicateFormat`.
    var predicate: NSPredicate {
        var parts: [NSPredicate] = []
        if !kinds.isEmpty {
            let types = kinds.compactMap(\.elementType).map { NSNumber(value: $0.rawValue) }
            parts.append(NSPredicate(format: "elementType IN %@", types))
        }
        if let text {
            parts.append(NSPredicate(format: text.predicateFormat, argumentArray: text.predicateArguments))
        }
        return NSCompoundPredicate(andPredicateWithSubpredicates: parts)
    }
}
#endif
