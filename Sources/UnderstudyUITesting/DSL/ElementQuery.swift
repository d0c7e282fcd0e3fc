import UnderstudyTesting

/// An element a test waits for and acts on, made by ``Screen`` (`withButton`, `withTextEquals`,
/// `withTextContains`, `withTextInput`, `matching`) and narrowed with ``withIndex(_:)``.
///
/// Nothing is looked up when the query is made. Each step looks the element up again, as often
/// as the screen's poll interval allows, until the step can happen or the screen's timeout
/// passes; then it acts, or records a failure at the caller's line and returns `false`.
/// A failed step does not stop the test by itself, and XCTest's `continueAfterFailure = false`
/// cannot be relied on to: an `async` test method (every test using the DSL) may go on after
/// the failure. Guard the steps that later steps depend on:
/// `guard await screen.withButton("Log in").tap() else { return }`.
@MainActor
public struct ElementQuery: CustomStringConvertible {
    /// The screen the query searches and whose waiting settings its steps use.
    public let screen: Screen
    /// What the query looks for.
    public let condition: ElementCondition
    /// Which of the matching elements (0-based, in screen order); `nil` means the first.
    public let index: Int?

    init(screen: Screen, condition: ElementCondition, index: Int? = nil) {
        self.screen = screen
        self.condition = condition
        self.index = index
    }

    /// The `index`-th element (0-based, in screen order) of those this query matches. A step on
    /// an index past the last match waits for more matches, then fails saying how many there were.
    public func withIndex(_ index: Int) -> ElementQuery { ElementQuery(screen: screen, condition: condition, index: index) }

    /// `button "Log in"`, `element containing "Row" at index 2`.
    public nonisolated var description: String {
        index.map { "\(condition) at index \($0)" } ?? condition.description
    }

    /// Waits until the element exists.
    @discardableResult
    public func exist(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await step("to exist", at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { _ in .ready(()) } != nil
    }

    /// Waits until no element is left at the query's position (nothing matches, or fewer
    /// elements than ``index`` + 1).
    @discardableResult
    public func notExist(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        let site = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let position = checkedPosition(site) else { return false }
        let step = Step(subject: description, goal: "to vanish", condition: nil)
        return await step.wait(on: screen, at: site) {
            let count = matches().count
            if count <= position { return .ready(()) }
            return .waiting(count == 1 ? "it is still on screen" : "\(count) element(s) still match")
        } != nil
    }

    /// Waits until the element exists and is enabled.
    @discardableResult
    public func isEnabled(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await step("to be enabled", at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { element in
            element.isEnabled ? .ready(()) : .waiting("it exists but is not enabled")
        } != nil
    }

    /// Waits until the element exists and is not enabled.
    @discardableResult
    public func isNotEnabled(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await step("to be disabled", at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { element in
            element.isEnabled ? .waiting("it exists but is still enabled") : .ready(())
        } != nil
    }

    /// Waits until the element exists and is enabled, then taps it.
    @discardableResult
    public func tap(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await act("tap", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { $0.tap() }
    }

    /// Waits until the element exists and is enabled, then taps it twice.
    @discardableResult
    public func doubleTap(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await act("doubleTap", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { $0.doubleTap() }
    }

    /// Waits until the element exists and is enabled, taps it (to give it keyboard focus), then types `text`.
    @discardableResult
    public func typeText(_ text: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await act("typeText", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { element in
            element.tap()
            element.typeText(text)
        }
    }

    /// Waits until the element exists and is enabled, then swipes up across it.
    @discardableResult
    public func swipeUp(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await act("swipeUp", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { $0.swipe(.up) }
    }

    /// Waits until the element exists and is enabled, then swipes down across it.
    @discardableResult
    public func swipeDown(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await act("swipeDown", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { $0.swipe(.down) }
    }

    /// Waits until the element exists and is enabled, then swipes left across it.
    @discardableResult
    public func swipeLeft(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await act("swipeLeft", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { $0.swipe(.left) }
    }

    /// Waits until the element exists and is enabled, then swipes right across it.
    @discardableResult
    public func swipeRight(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await act("swipeRight", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { $0.swipe(.right) }
    }

    /// Waits until exactly `expected` elements match the query's condition (its ``index`` plays
    /// no part), and fails with the last count seen.
    @discardableResult
    public func assertViewCount(_ expected: Int, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        let site = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let step = Step(subject: condition.description, goal: "to match \(expected) element(s)", condition: condition)
        guard expected >= 0 else {
            FailureReporter.report("assertViewCount(\(expected)) on \(condition): a count cannot be negative; expect 0 or more",
                                   fileID: fileID, filePath: filePath, line: line, column: column)
            return false
        }
        return await step.wait(on: screen, at: site) {
            let count = matches().count
            return count == expected ? .ready(()) : .waiting("\(count) element(s) match")
        } != nil
    }

    /// Waits until the element exists and is enabled, then does `action` to it. Hittability is
    /// not waited for: XCUITest's own gestures scroll an element that is off screen (a cell
    /// further down a list) into view, which a wait for `isHittable` would time out on.
    private func act(_ purpose: String, _ site: FailureLocation, _ action: (any ScreenElement) -> Void) async -> Bool {
        let element = await step("to be enabled (for \(purpose))", at: site) { element in
            element.isEnabled ? .ready(element) : .waiting("it exists but is not enabled")
        }
        guard let element else { return false }
        action(element)
        return true
    }

    /// Waits until the query finds its element (and `check` accepts it): the shared path of
    /// every step on an element.
    private func step<Value>(_ goal: String, at site: FailureLocation, _ check: (any ScreenElement) -> Probe<Value>) async -> Value? {
        guard let position = checkedPosition(site) else { return nil }
        let step = Step(subject: description, goal: goal, condition: condition)
        return await step.wait(on: screen, at: site) {
            let found = matches()
            let count = found.count
            if count == 0 { return .waiting("no element matches") }
            if position >= count { return .waiting("only \(count) element(s) match, so there is no index \(position)") }
            let element = found.element(at: position)
            guard element.exists else { return .waiting("no element matches") }
            return check(element)
        }
    }

    private func matches() -> any ScreenElementQuery { screen.root.descendants(where: condition) }

    /// The 0-based position looked at, or `nil` after recording why a negative index cannot be.
    private func checkedPosition(_ site: FailureLocation) -> Int? {
        let position = index ?? 0
        guard position >= 0 else {
            FailureReporter.report("withIndex(\(position)) on \(condition): indexes count from 0; use withIndex(0) for the first match",
                                   at: site)
            return nil
        }
        return position
    }
}
