/// The elements a ``ScreenElement`` query found, evaluated when read (`XCUIElementQuery`
/// conforms on Apple platforms): how many there are now, and one by position.
@MainActor
public protocol ScreenElementQuery {
    /// How many elements match now.
    var count: Int { get }
    /// The element at `index` (0-based, in screen order); callers check ``count`` first.
    func element(at index: Int) -> any ScreenElement
}
