import UnderstudyUITesting
import XCTest

final class GreetingUITests: UITestCase {
    @MainActor
    func testShowsTheGreetingFromTheMockServer() async throws {
        mock.route("/greeting", method: .get, responses: [.ok.body("Hello, Ada"), .ok.body("Hello again")])
        let screen = Screen(try appLaunch())

        await screen.withTextEquals("Hello, Ada").exist()
        await screen.withButton("Reload").tap()
        await screen.withTextEquals("Hello again").exist()
        await screen.withTextEquals("Loading…").notExist()

        mock.assertRequested(.exactly(2), .get(urlPath: "/greeting"))
    }
}

/// The same, with the scope as a function: any test class (or a base class of your own) can
/// own its mock server this way.
final class GreetingScopeUITests: XCTestCase {
    @MainActor
    func testTheScopeServesTheLaunchedApp() async throws {
        try await withUITestServer { ui in
            ui.mock.route("/greeting", method: .get, responses: [.ok.body("Hi from the scope")])
            let screen = Screen(try ui.appLaunch(XCUIApplication()))
            await screen.withTextEquals("Hi from the scope").exist()
        }
    }
}
