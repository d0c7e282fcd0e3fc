public import Foundation
import UnderstudyTesting

/// The wait-then-act DSL's entry point: a root element (the launched app, or an
/// ``InMemoryElement``), how long each step waits, how often it looks, and the clock it waits on.
///
/// Every step of an ``ElementQuery`` first waits for its element (to exist, to be enabled),
/// so a test never taps a button before the screen shows it; a step that times
/// out records a failure at the caller's line (`Issue.record` under Swift Testing, `XCTFail`
/// under XCTest) saying what it looked for, for how long, and what was on screen instead.
///
/// ```swift
/// let screen = Screen(app)
/// await screen.withTextInput("Email").typeText("ada@example.com")
/// await screen.withButton("Log in").tap()
/// await screen.withTextEquals("Welcome, Ada").exist()
/// ```
@MainActor
public struct Screen {
    /// The element every query searches below.
    public let root: any ScreenElement
    /// How long a step waits before it fails.
    public var timeout: Duration
    /// How long a step sleeps between two looks; must be positive.
    public var pollInterval: Duration
    /// The clock steps wait on: the ``InMemoryScreen/clock`` of an in-memory root (a
    /// ``VirtualClock``, so tests of the DSL or of page objects never sleep for real), else
    /// `ContinuousClock`, unless the initialiser was given one.
    public var clock: any Clock<Duration>

    /// A screen searched below `root`.
    /// - Parameters:
    ///   - root: the launched application (`XCUIApplication`) or an ``InMemoryElement``.
    ///   - timeout: how long a step waits before it fails; 10 seconds by default.
    ///   - pollInterval: the pause between two looks; 100 milliseconds by default.
    ///   - clock: the clock waits sleep on; by default, the clock of the ``InMemoryScreen`` that
    ///     `root` is (or belongs to), so its scheduled changes and the waits follow one time,
    ///     and `ContinuousClock` for any other root (the launched application).
    public init(_ root: any ScreenElement, timeout: Duration = .seconds(10), pollInterval: Duration = .milliseconds(100),
                clock: (any Clock<Duration>)? = nil) {
        self.root = root
        self.timeout = timeout
        self.pollInterval = pollInterval
        self.clock = clock ?? (root as? InMemoryElement)?.screen?.clock ?? ContinuousClock()
    }

    /// The first element of any kind whose label or text value is exactly `text`.
    public func withTextEquals(_ text: String) -> ElementQuery { matching(ElementCondition(text: .equals(text))) }

    /// The first element of any kind whose label contains `text`. Only the label is searched:
    /// an element's value can be a number (a switch, a slider), which XCUITest cannot search
    /// for a substring. For the text typed into a field, use ``withTextEquals(_:)``.
    public func withTextContains(_ text: String) -> ElementQuery { matching(ElementCondition(text: .contains(text))) }

    /// The first button whose label (or text value) is exactly `label`.
    public func withButton(_ label: String) -> ElementQuery { matching(ElementCondition(kinds: [.button], text: .equals(label))) }

    /// The first text field, secure field, search field or text view; with a `label`, the first
    /// whose label or text value (a placeholder, on iOS) is exactly `label`.
    public func withTextInput(_ label: String? = nil) -> ElementQuery {
        matching(ElementCondition(kinds: ElementKind.textInputs, text: label.map(TextMatch.equals)))
    }

    /// The first element that satisfies `condition`.
    public func matching(_ condition: ElementCondition) -> ElementQuery { ElementQuery(screen: self, condition: condition) }

    /// Swipes up across the whole screen once the root exists.
    @discardableResult
    public func swipeUp(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await swipe(.up, "swipeUp", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Swipes down across the whole screen once the root exists.
    @discardableResult
    public func swipeDown(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await swipe(.down, "swipeDown", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Swipes left across the whole screen once the root exists.
    @discardableResult
    public func swipeLeft(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await swipe(.left, "swipeLeft", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Swipes right across the whole screen once the root exists.
    @discardableResult
    public func swipeRight(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async -> Bool {
        await swipe(.right, "swipeRight", FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Whether the tests run on a simulator: always on a simulator build, else when the
    /// environment carries the simulator's `SIMULATOR_UDID` (which a test runner process on a
    /// simulator sees). Use it to skip steps a simulator cannot do (a camera, push, biometrics).
    public nonisolated static func isRunningOnSimulator(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        #if targetEnvironment(simulator)
        return true
        #else
        return environment["SIMULATOR_UDID"] != nil
        #endif
    }

    private func swipe(_ direction: SwipeDirection, _ purpose: String, _ site: FailureLocation) async -> Bool {
        let root = self.root
        let step = Step(subject: "the screen", goal: "to exist (for \(purpose))", condition: nil)
        guard let element = await step.wait(on: self, at: site, { root.exists ? .ready(root) : .waiting("the application is not running") }) else {
            return false
        }
        element.swipe(direction)
        return true
    }
}
