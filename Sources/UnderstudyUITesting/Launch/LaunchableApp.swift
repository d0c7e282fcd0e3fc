/// An application a UI test launches: `XCUIApplication` conforms on Apple platforms. Tests
/// of the launch itself can conform a type of their own.
@MainActor
public protocol LaunchableApp: AnyObject {
    /// The environment the application is launched with.
    var launchEnvironment: [String: String] { get set }
    /// Launches the application.
    func launch()
}
